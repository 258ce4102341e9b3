// The options that describe a Scene, shared by `posviz export`, `posviz bench` and `posviz
// screenshot`.
#pragma once

#include <CLI/CLI.hpp>

#include "core/scene.h"

namespace posviz {

// Registers the options on `cmd`, writing into `scene` when parsed. Values are checked later by
// validate_scene/make_encoding so that every message has one format.
void add_scene_options(CLI::App& cmd, Scene& scene);

}  // namespace posviz
