// Options that describe a real model: `--model-config config.json` or `--model DIR` (a Hugging
// Face model folder), `--layer N` / `--layer-type full|sliding` (which of its layers' position
// scheme the figures use), and the context-extension scaling flags (`--rope-scaling
// linear|ntk|dynamic|yarn|llama3|longrope`, `--factor`, ...). They are applied to the Scene after
// parsing: the model sets the encoding (RoPE, NoPE, ALiBi, T5 buckets, or its learned table),
// D, base, partial rotary, pairing and its scaling block; flags given explicitly override single
// fields, and --encoding given explicitly keeps its encoding.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
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

// When the layer a model's figures show has no RoPE and --encoding was not given, the scene shows
// NoPE; a figure that needs frequencies (wavelengths, rotation, ...) then refuses "--encoding:
// got nope", an option the user never wrote. This says what to name instead: the option that
// chose the layer (--layer, --layer-type, or --model-config / --model for the default choice).
struct NopeLayerChoice {
    std::string option;       // "" when the scene's encoding did not come from a NoPE layer
    std::string value;        // what that option was given, e.g. "3"
    std::string layer;        // e.g. "layer 3 of smollm3"
    std::string rope_layers;  // the layers with RoPE, e.g. "0-2, 4-6"; "" when there are none
};

// Fills scene from the flags (and the model). Throws InputError naming the option or the
// config.json field. Writes one line to stderr when the model has several position schemes and
// none was chosen, or when the chosen layer has no positional encoding.
NopeLayerChoice apply_rope_scaling_options(const RopeScalingFlags& flags, Scene& scene);

// Runs `compute` (the figure); an InputError naming --encoding thrown there for the NoPE that
// `nope` describes is thrown again naming nope.option: the layer, that it has no RoPE and which
// layers have it.
void name_nope_layer(const NopeLayerChoice& nope, const std::string& figure,
                     const std::function<void()>& compute);

}  // namespace posviz
