// The model families posviz knows, by model_type, and how each lays out positions. Two tables:
// transformers_families.cpp, generated from transformers' own source (tools/hf_families), is the
// source of every family's defaults (what its config class fills in for keys a config.json leaves
// out), positional scheme and RoPE pair style; families.cpp's hand rules add what code cannot be
// read for (which layers slide, which skip RoPE, local θ keys, learned tables' tensor names and
// offsets), each citing its source, and the families transformers does not define. A model_type
// in neither table is read by the general rule: the keys it has, Llama's conventions for the rest.
#pragma once

#include <string>
#include <vector>

#include "core/encodings/rope.h"
#include "core/formats/hf_config/config_block.h"
#include "core/formats/hf_config/model_positions.h"

namespace posviz::hf {

// How a family lays out attention when the config has no layer_types list.
enum class Schedule {
    Uniform,         // every layer full attention
    AllSliding,      // Mistral, Mixtral, Phi-3, Starcoder2: sliding_window (when set) everywhere
    Qwen2Window,     // Qwen2/3(-VL): sliding from layer max_window_layers on, if use_sliding_window
    Alternate,       // Gemma 2: even layers slide (Gemma2Config.layer_types)
    SlidingPattern,  // Gemma 3, Cohere 2, EXAONE 4: full where (i + 1) % sliding_window_pattern ==
                     // 0
    EveryNGlobal,    // ModernBERT: global where i % global_attn_every_n_layers == 0
    NoRopeChunked,   // Llama 4: RoPE layers chunked (attention_chunk_size), NoPE layers full
};

// Which layers apply RoPE.
enum class RopeLayers {
    All,
    NoRopeList,           // SmolLM3, Llama 4: no_rope_layers[i] (1: RoPE), else every 4th NoPE
    SlidingOnly,          // Cohere 2: NoPE in the full-attention layers
    SlidingOnlyIfWindow,  // EXAONE 4: NoPE in the full-attention layers when sliding_window is set
};

// Where sliding layers take a θ of their own in configs written before rope_parameters.
// Unscaled: at the model's θ without its rope_scaling block, which the config class moves into
// rope_parameters["full_attention"] only (Olmo3Config.convert_rope_params_to_dict;
// modular_olmo3.py: "RoPE scaling is not applied to sliding window attention layers").
enum class LocalTheta { None, Gemma3, ModernBert, Unscaled };

// Learned absolute tables: how big and where transformers starts reading them.
enum class TableOffset { None, Two, PaddingIdxPlusOne };

struct TransformersFamily;

struct Family {
    std::string model_type = {};
    const TransformersFamily* source = nullptr;  // the generated row; nullptr for a hand-only type
    PositionKind kind = PositionKind::Rope;
    // The config class's defaults for keys configs leave out (JSON): its position keys, and its
    // model sizes only where published configs are known to leave those out.
    std::string defaults = "{}";
    RopeStyle style = RopeStyle::Half;
    Schedule schedule = Schedule::Uniform;
    RopeLayers rope_layers = RopeLayers::All;
    LocalTheta local_theta = LocalTheta::None;
    // Learned absolute positions
    const char* table_rows_key = nullptr;  // n_positions, max_position_embeddings
    const char* table_dim_key = nullptr;   // n_embd, hidden_size, d_model, embedding_size
    TableOffset offset = TableOffset::None;
    const char* tensor = nullptr;  // the table's name in the checkpoint, without a prefix
};

// nullptr for a model_type in neither table.
const Family* find_family(const std::string& model_type);

// The language model's type inside a multimodal wrapper whose text_config does not say
// (Gemma3Config's text_config is a Gemma3TextConfig, Mistral3Config's a MistralConfig); the type
// itself otherwise.
std::string text_model_type(const std::string& wrapper);

// `config` with the family's defaults under it: what the config class holds after __init__.
json with_defaults(const Family* family, const json& config);

}  // namespace posviz::hf
