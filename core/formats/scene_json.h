// A Scene as JSON, for presets, the GUI's settings and scene files: an object whose keys are the
// Scene's field names ("seq_len", "encoding", "rope_scaling": {"type": "yarn", "factor": 4}, ...).
// Every key is optional — a missing key keeps the Scene's default, so hand-written presets list
// only what they change. Unknown keys and wrong types are InputErrors naming the key
// ("scene.seq_len: got \"64\"; expected an integer"), so that a typo never passes silently.
// Values are not range-checked here: validate_scene and the figure builders do that.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "core/scene.h"

namespace posviz {

// Every field, rope_scaling only when a scaling is set.
nlohmann::json scene_to_json(const Scene& scene);
// `where` prefixes key names in errors ("scene" → "scene.dim", "scene.rope_scaling.factor").
Scene scene_from_json(const nlohmann::json& json, const std::string& where = "scene");

// The same as text (two-space indented); a syntax error is an InputError(where, ...).
std::string scene_to_text(const Scene& scene);
Scene scene_from_text(const std::string& text, const std::string& where = "scene");

// Two scenes are equal when every field is (compares their JSON; cheap next to any figure).
bool same_scene(const Scene& a, const Scene& b);

}  // namespace posviz
