// Options that describe a real model: `--model-config config.json` or `--model DIR` (a Hugging
// Face model folder), `--layer N` / `--layer-type full|sliding` (which of its layers' position
// scheme the figures use), and the context-extension scaling flags (`--rope-scaling
// linear|ntk|dynamic|yarn|llama3|longrope`, `--factor`, ...). They are applied to the Scene after
// parsing: the model sets the encoding (RoPE, NoPE, ALiBi, T5 buckets, or its learned table),
// D, base, partial rotary, pairing and its scaling block; flags given explicitly override single
// fields, and --encoding given explicitly keeps its encoding.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "core/scene.h"

namespace posviz {

struct RopeScalingFlags {
    std::string model_config;
    std::string model_dir;
    int layer = -1;
    std::string layer_type;
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

// Registers --model-config and --model (one or the other) on a command that only reads a model.
void add_model_options(CLI::App& cmd, RopeScalingFlags& flags);

// Fills scene from the flags (and the model). Throws InputError naming the option or the
// config.json field. Writes one line to stderr when the model has several position schemes and
// none was chosen, or when the chosen layer has no positional encoding.
void apply_rope_scaling_options(const RopeScalingFlags& flags, Scene& scene);

}  // namespace posviz
