// Hugging Face config.json: what a real model does with positions. For RoPE models this is the
// head and rotary dims, rope_theta and the rope_scaling block, read the way transformers reads
// them (configuration_*.py and modeling_rope_utils.py, 4.46+; the `rope_parameters` block of
// transformers 5). Models without RoPE (gpt2, bert, t5, bloom, ...) are recognised and described
// instead, so the command line can say what they use.
#pragma once

#include <string>

#include "core/encodings/rope.h"
#include "core/encodings/rope_scaling.h"

namespace posviz {

enum class PositionKind {
    Rope,               // rotary (RoFormer), possibly partial and scaled
    LearnedAbsolute,    // a trained (max_positions × D) table added to the input (GPT-2, BERT)
    LearnedRelative,    // BERT's position_embedding_type relative_key(_query) (Shaw et al. 2018)
    T5RelativeBuckets,  // T5's learned scalar bias per log-spaced distance bucket
    Alibi,              // ALiBi linear biases (BLOOM, Falcon with alibi: true)
};

struct ModelRopeConfig {
    std::string model_type;
    PositionKind kind = PositionKind::Rope;
    int max_position_embeddings = 0;  // GPT-2: n_positions; 0 when the config has none
    // RoPE (kind == Rope)
    int head_dim = 0;
    int rotary_dim = 0;     // int(head_dim * partial_rotary_factor), as transformers truncates
    double base = 10000.0;  // rope_theta; transformers' default when the key is absent (Llama 2)
    double partial_rotary_factor = 1.0;
    RopeScaling scaling;  // carries max_position_embeddings and the training length
    // T5 (kind == T5RelativeBuckets); T5Config's defaults are 32 and 128
    int relative_attention_num_buckets = 0;
    int relative_attention_max_distance = 0;
    std::string position_embedding_type;  // BERT family's key as written ("absolute", ...)

    bool has_rope() const { return kind == PositionKind::Rope; }
};

// Throws InputError naming "--model-config" for an unreadable file or malformed JSON, and the
// config.json field (e.g. "rope_scaling.low_freq_factor") for a missing, mistyped or invalid one.
ModelRopeConfig read_hf_config(const std::string& path);

// One line for people, e.g. "t5 uses T5 relative position buckets (32 buckets, max distance
// 128), not RoPE" or "llama uses RoPE: head_dim 128, rotary_dim 128, rope_theta 500000,
// rope_scaling llama3 (factor 8)".
std::string describe_positions(const ModelRopeConfig& config);

// The model's RoPE with transformers' pairing (rotate_half: pairs (i, i + rotary_dim/2)).
// Throws InputError("--model-config", ...) for a model without RoPE.
RopeEncoding to_rope_encoding(const ModelRopeConfig& config);

}  // namespace posviz
