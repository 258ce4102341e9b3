// The model the Scene window loaded, and whether the figures still show it: a slide, a preset or
// an edited parameter replaces the scene's positional parameters, and then the Model box must say
// "not applied" rather than name a model the figures no longer draw. GL-free, for the tests.
#pragma once

#include <string>
#include <vector>

#include "core/formats/hf_config/model_scene.h"
#include "core/scene.h"

namespace posviz::gui {

struct LoadedModel {
    ModelChoice choice;  // the path, and the layer picked
    ModelPositions model;
    int layer = 0;
    Scene applied;  // the scene as loading left it: the model is shown while these still hold
};

// Reads the model at `choice` and applies its layer to `scene`, with L set by model_seq_len.
// Throws InputError as apply_model_to_scene does.
LoadedModel load_model(const ModelChoice& choice, Scene& scene);

// Whether `now` still has every parameter loading the model set (encoding, D, θ, pairing,
// rotary part, scaling, ALiBi heads, T5 buckets, the table).
bool model_applied(const LoadedModel& loaded, const Scene& now);

// The L a model's figures are drawn at: its max_position_embeddings, never below its training
// length, within limits::kMaxSeqLen; `current` when the config states neither.
int model_seq_len(const ModelPositions& model, int current);

// The layers the layer picker offers: "layer 3 · sliding window 4096, RoPE θ 10000" (one per
// layer; one line "all layers" when the config gives a single entry).
std::vector<std::string> layer_names(const ModelPositions& model, const std::string& lang);

}  // namespace posviz::gui
