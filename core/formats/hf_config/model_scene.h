// A real model in a Scene: what --model-config / --model (and the GUI's Scene window) do to the
// scene — the encoding of the chosen layer (RoPE with the model's D, θ, pairing, partial rotary
// and scaling; NoPE; ALiBi with its heads; T5 buckets; the learned table of a model folder),
// unless the encoding was chosen explicitly.
#pragma once

#include <string>
#include <vector>

#include "core/formats/hf_config/model_positions.h"
#include "core/scene.h"

namespace posviz {

struct ModelChoice {
    std::string config_path;     // --model-config
    std::string model_dir;       // --model (takes precedence when both are set)
    int layer = -1;              // --layer, -1: not given
    std::string layer_type;      // --layer-type, "": not given
    bool keep_encoding = false;  // --encoding given: only the model's parameters change
};

// A path as a user gives it in the GUI: a folder is a model folder, a file a config.json.
ModelChoice model_choice_from_path(const std::string& path);

// The model's config.json, from the folder when there is one. Throws InputError.
ModelPositions read_model(const ModelChoice& choice);

struct AppliedModel {
    ModelPositions model;
    int layer = 0;                   // the layer whose positions the scene now shows
    std::vector<std::string> notes;  // what the user should be told (several schemes, NoPE)
};

// Throws InputError naming --model-config / --model, --layer / --layer-type or the config's field.
AppliedModel apply_model_to_scene(const ModelChoice& choice, Scene& scene);

}  // namespace posviz
