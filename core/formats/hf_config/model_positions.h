// What a real model does with positions, layer by layer, as read from its Hugging Face
// config.json (core/formats/hf_config.h reads it). A model may use several position schemes:
// Gemma 3's sliding layers turn at rope_local_base_freq and its full layers at rope_theta with
// linear scaling, ModernBERT's local and global layers have their own θ, SmolLM3 and Llama 4 leave
// every fourth layer without RoPE (NoPE). The figures show one layer's scheme (choose_layer).
#pragma once

#include <string>
#include <vector>

#include "core/bilingual.h"
#include "core/encodings/rope.h"

namespace posviz {

enum class PositionKind {
    Rope,               // rotary (RoFormer), possibly partial and scaled
    NoPE,               // a layer (or model) without positional encoding
    LearnedAbsolute,    // a trained (positions × D) table added to the input (GPT-2, BERT, OPT)
    LearnedRelative,    // BERT's position_embedding_type relative_key(_query) (Shaw et al. 2018)
    T5RelativeBuckets,  // T5's learned scalar bias per log-spaced distance bucket
    Alibi,              // ALiBi linear biases (BLOOM, MPT, Falcon with alibi, Baichuan 13B)
};

// How far a layer's attention reaches. Chunked: Llama 4's RoPE layers attend within fixed chunks
// of attention_chunk_size tokens. Linear: linear-attention and state-space (Mamba) layers
// (Qwen3-Next, MiniMax, Granite 4.0-H, Bamba, Jamba), no positions. None: a layer without token
// mixing by attention (LFM2's conv layers, Nemotron-H's MLP and MoE layers).
enum class AttentionKind { Full, Sliding, Chunked, Linear, None };

// One rotary embedding of a model: the frequencies transformers' rotary class computes for the
// layers it serves (modeling_rope_utils.py, ROPE_INIT_FUNCTIONS).
struct RopeScheme {
    std::string layer_type;   // "" (every layer), or the layer type it serves ("sliding_attention")
    std::string theta_field;  // where θ came from ("rope_theta", "rope_local_base_freq", ...)
    int head_dim = 0;         // what RoPE acts on: MLA's qk_rope_head_dim, else the head dim
    int rotary_dim = 0;       // int(head_dim * partial_rotary_factor), or GPT-J's rotary_dim
    double base = 10000.0;
    double partial_rotary_factor = 1.0;
    // Interleaved: pairs (2i, 2i+1), as GLM, Cohere, Llama 4 and DeepSeek apply RoPE to their
    // weights; Half: transformers' rotate_half, pairs (i, i + rotary_dim/2).
    RopeStyle style = RopeStyle::Half;
    RopeScaling scaling;  // carries max_position_embeddings and the training length
    // Qwen2-VL's multimodal RoPE: how many pairs turn with the temporal, height and width
    // position; text tokens use one position for all three, so their frequencies are the default.
    std::vector<int> mrope_section;
    // DeepSeek's attention multiplies its softmax scale 1/sqrt(qk_head_dim) by
    // yarn_get_mscale(factor, mscale_all_dim)^2 (modeling_deepseek_v3.py); 1 elsewhere.
    double softmax_scale = 1.0;
    int qk_head_dim = 0;  // MLA: qk_nope_head_dim + qk_rope_head_dim, the head the scale divides

    // The encoding posviz computes for this scheme (dim = head_dim, the model's pairing).
    RopeEncoding encoding() const;
};

struct LayerPositions {
    AttentionKind attention = AttentionKind::Full;
    // The layer's type as transformers names it (layer_types, after its legacy renames "mamba" →
    // "linear_attention" and "attention" → "full_attention"): what per-layer-type rope_parameters
    // blocks are keyed by. "hybrid": Zamba2's and Falcon-H1's attention beside a Mamba mixer.
    std::string type = "full_attention";
    // What the layer mixes tokens with when it is not attention, as the config says it
    // ("mamba", "conv", "moe"); "" for attention layers.
    std::string mixer{};
    int window = 0;  // sliding window or chunk size in tokens; 0 for full attention
    PositionKind kind = PositionKind::Rope;
    int rope = -1;  // index into ModelPositions::ropes when kind == Rope
};

struct ModelPositions {
    std::string model_type;       // as the file says ("gemma3")
    std::string text_model_type;  // the language model's ("gemma3_text"); the same when not nested
    PositionKind kind = PositionKind::Rope;  // the model's; Rope when any layer uses RoPE
    int max_position_embeddings = 0;         // 0 when the config has none
    int training_length = 0;  // original_max_position_embeddings when the config states one
    int num_layers = 0;       // 0 when the config does not say
    std::vector<RopeScheme> ropes;
    // One entry per layer (num_layers), or one standing for every layer when the count is unknown
    // (models without a per-layer schedule get copies of one entry of their kind).
    std::vector<LayerPositions> layers;
    // Learned absolute positions: the table and where transformers starts reading it. OPT and
    // BART index their table at position + 2, RoBERTa at position + padding_idx + 1.
    int table_rows = 0;
    int table_offset = 0;
    int table_dim = 0;
    std::vector<std::string> table_tensors;  // checkpoint names, any prefix ("wpe.weight")
    std::string position_embedding_type;     // BERT family's key as written
    // T5 (kind == T5RelativeBuckets); T5Config's defaults are 32 and 128
    int relative_attention_num_buckets = 0;
    int relative_attention_max_distance = 0;
    // ALiBi: one slope per head, head 0 first
    std::vector<double> alibi_slopes;
    // What the model also does with positions that the figures do not draw (Llama 4's and
    // Ministral 3's position-dependent query scale, Qwen2-VL's three position streams).
    std::vector<Bilingual> notes;
    // Set when the model_type is not one posviz's family table lists: what was assumed to read it
    // (the keys it has, Llama's conventions for the rest). Said on stderr and in the subtitle.
    Bilingual assumption;

    bool has_rope() const { return kind == PositionKind::Rope; }
};

// Which layer's positions the figures use: --layer N, or --layer-type full|sliding (sliding also
// takes chunked layers: both attend to a local window), or neither (-1 and ""): the first
// full-attention layer with RoPE — what the model's rotary embedding class computes for its full
// layers — else the first layer with RoPE, else layer 0. Returns an index into model.layers;
// throws InputError naming --layer or --layer-type for a layer that does not exist (and for
// --layer when the config does not say how many layers there are).
int choose_layer(const ModelPositions& model, int layer, const std::string& layer_type);

// "full", "sliding", "chunked", "linear", "none"
std::string attention_kind_name(AttentionKind kind);

}  // namespace posviz
