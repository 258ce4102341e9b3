// RoPE context-extension scalings, exactly as Hugging Face transformers computes them
// (src/transformers/modeling_rope_utils.py: ROPE_INIT_FUNCTIONS and _compute_*_parameters).
// Each returns the inverse frequencies theta_i (rotary_dim/2 values) and the attention factor
// that transformers multiplies into cos and sin (so logits scale by its square).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/bilingual.h"
#include "core/types.h"

namespace posviz {

// Proportional: Gemma 4's p-RoPE (transformers _compute_proportional_rope_parameters): the pairs
// past a proportion of the head do not turn at all (θ = 0).
enum class RopeScalingType { None, Linear, Ntk, Dynamic, Yarn, Llama3, LongRope, Proportional };

struct RopeScaling {
    RopeScalingType type = RopeScalingType::None;
    // What errors call the block holding the fields below: "rope_scaling", or "rope_parameters"
    // for a transformers 5 config (errors then say "rope_parameters.factor").
    std::string block = "rope_scaling";
    double factor = 1.0;
    // The key `factor` was read from: HunYuan's rotary embedding reads its NTK factor from
    // rope_scaling.alpha (static NTK, base·alpha^(d/(d-2))), and errors name that key.
    std::string factor_key = "factor";
    // proportional: the share of pairs that turn (partial_rotary_factor); the frequencies keep the
    // whole head's exponent 2i/head_dim, and the rest are 0.
    double proportion = 1.0;
    // The config's max_position_embeddings (after extension); 0 = unknown. dynamic: the length
    // past which the base grows; yarn: the training length when original is unset; longrope:
    // with original set, factor = max_position_embeddings / original (transformers' Phi-3 rule).
    int max_position_embeddings = 0;
    // Pre-extension training length; 0 = unset. llama3: required; yarn: rope_scaling's key;
    // longrope: Phi-3's top-level key (or rope_scaling's).
    int original_max_position_embeddings = 0;
    // yarn
    double beta_fast = 32.0;
    double beta_slow = 1.0;
    bool truncate = true;
    std::optional<double> mscale;
    std::optional<double> mscale_all_dim;
    std::optional<double> attention_factor;  // yarn, longrope: explicit override
    // llama3
    double low_freq_factor = 1.0;
    double high_freq_factor = 4.0;
    // longrope: rotary_dim/2 entries each
    std::vector<double> short_factor;
    std::vector<double> long_factor;
};

struct RopeFrequencies {
    Vector inverse_frequencies;     // theta_i, rotary_dim/2 values, rad per position
    double attention_factor = 1.0;  // multiplies cos and sin
};

// Unscaled: theta_i = base^(-2i/rotary_dim), i = 0 .. rotary_dim/2 - 1 (RoFormer eq. 15).
Vector rope_inverse_frequencies(double base, int rotary_dim);

// seq_len (the number of positions in use) matters for `dynamic` and `longrope` only; seq_len <= 0
// stands for transformers' seq_len=None (model load). Throws InputError for missing/invalid fields,
// naming the field as in config.json (e.g. "rope_scaling.original_max_position_embeddings").
RopeFrequencies rope_frequencies(double base, int rotary_dim, const RopeScaling& scaling,
                                 long seq_len);

// The frequencies as pretrained, before any context extension: no scaling, except that
// proportional RoPE keeps its θ = 0 pairs (a frequency rule of the model, not an extension) at
// factor 1.
RopeScaling pretrained_scaling(const RopeScaling& scaling);
// Whether `scaling` changes the pretrained frequencies (a context extension is applied).
bool extends_context(const RopeScaling& scaling);

std::string rope_scaling_name(RopeScalingType type);  // "none", "linear", ..., "longrope"
// The scaling as text names it: transformers' rope_type in English; in Chinese the method's name
// ("线性", "动态 NTK", "YaRN", "Llama 3", "LongRoPE", "无缩放").
std::string rope_scaling_title(RopeScalingType type, const Text& text);
// Accepts transformers' rope_type names, "none", our "ntk" and the alias "su" (longrope); throws
// InputError naming `what` otherwise.
RopeScalingType parse_rope_scaling_type(const std::string& name,
                                        const std::string& what = "rope_scaling.rope_type");

}  // namespace posviz
