// Options that describe a real model's RoPE: `--model-config config.json` and the context-extension
// scaling flags (`--rope-scaling linear|ntk|dynamic|yarn|llama3|longrope`, `--factor`, ...).
// They are applied to the Scene after parsing: the config sets D, base, partial rotary, the
// rotate_half pairing and its rope_scaling block; flags given explicitly override single fields.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "core/scene.h"

namespace posviz {

struct RopeScalingFlags {
    std::string model_config;
    std::string rope_scaling;
    double factor = 1.0;
    int original_max_pos = 0;
    int max_pos = 0;
    double beta_fast = 32.0;
    double beta_slow = 1.0;
    double low_freq_factor = 1.0;
    double high_freq_factor = 4.0;
    double attention_factor = 0.0;
    // The options themselves, to tell "given" from "left at the default".
    CLI::App* cmd = nullptr;
};

void add_rope_scaling_options(CLI::App& cmd, RopeScalingFlags& flags);

// Fills scene from the flags (and the model config). Throws InputError naming the option or the
// config.json field.
void apply_rope_scaling_options(const RopeScalingFlags& flags, Scene& scene);

}  // namespace posviz
