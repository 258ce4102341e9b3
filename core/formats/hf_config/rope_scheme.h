// Reading one RoPE of a model: head and rotary dims, θ, pairing and the scaling block, field by
// field as transformers reads them (modeling_rope_utils.py: RotaryEmbeddingConfigMixin
// .standardize_rope_params and the _compute_*_parameters functions).
#pragma once

#include <optional>
#include <string>

#include "core/formats/hf_config/config_block.h"
#include "core/formats/hf_config/families.h"
#include "core/formats/hf_config/model_positions.h"

namespace posviz::hf {

struct RopeSource {
    const Block& model;           // the language model's fields (with its family's defaults)
    const Family* family;         // nullptr: Llama-like
    std::optional<Block> params;  // rope_parameters (flat, or one layer type's), or rope_scaling
    // θ and partial_rotary_factor may live in `params` (transformers 5 reads them there first,
    // for rope_scaling as for rope_parameters); false for a scheme with a θ key of its own.
    bool params_hold_theta = false;
    // A θ of its own (Gemma 3's rope_local_base_freq, ModernBERT's local/global_rope_theta): the
    // field to read; that scheme has no scaling block.
    std::string theta_key;
    std::string layer_type;  // the layer type this scheme serves, "" for all
    std::string model_type;  // the language model's type ("hunyuan_v1_dense"): model-specific rules
};

RopeScheme read_rope_scheme(const RopeSource& source);

// The first of several keys a value may be spelled with (n_embd for hidden_size, ...); its value
// as a positive integer and the key found, or 0 and "" when none is present.
struct FoundInt {
    int value = 0;
    std::string key;
};
FoundInt first_integer(const Block& block, std::initializer_list<const char*> keys);

}  // namespace posviz::hf
