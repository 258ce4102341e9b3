// The views of the GUI and how each is set up. A preset names the views it opens and their
// settings; the scene itself is shared by all views. GL-free, so presets load in tests.
#pragma once

#include <array>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/figures/figures.h"

namespace posviz::storyline {

// Figure shows any figure by name: those without a view of their own (RoPE scalings, PCA of a
// table, ...) and any added later.
enum class ViewId {
    Wavelengths,
    Matrices,
    Attention,
    Bias,
    Rotation,
    Decay,
    Permutation,
    Terms,
    Figure
};
constexpr int k_view_count = 9;

struct ViewInfo {
    ViewId id;
    const char* key;  // in preset files and on the command line ("attention")
    const char* title_en;
    const char* title_zh;
};
const std::array<ViewInfo, k_view_count>& view_infos();
const ViewInfo& view_info(ViewId id);
std::optional<ViewId> find_view(const std::string& key);

// The speeds the rotation plays at, in positions per second: the speed slider's range, and what a
// preset or settings file may hold. Faster than a position per frame would only skip frames.
constexpr double k_min_speed = 0.25, k_max_speed = 32.0;
// The rotation animation's frames: one per position, up to this many.
constexpr int k_max_rotation_frames = 256;

// One view's settings. Only some views use each field; a preset may set only those (an
// InputError names any other key).
struct ViewSettings {
    bool open = false;
    // attention, bias: encodings side by side; wavelengths, decay: bases or encodings overlaid.
    std::vector<std::string> compare;
    // attention, bias: whether compared maps share a colour scale (FigureOptions::scale).
    ColourScale scale = ColourScale::Auto;
    bool difference = false;  // attention with two encodings: a third map A − B
    bool all_heads = false;   // bias with ALiBi: one matrix per head
    // attention: the same maps again on this content ("ones", "random", "zeros"; "": none), so
    // that what an encoding does alone (position-free content) shows beside what content adds.
    std::string beside_content;
    bool log_x = false;               // decay: distance on a log axis
    bool playing = false;             // rotation: the animation runs
    double speed = 4.0;               // rotation: positions per second
    int position = 0;                 // rotation: the position m on show
    int key_position = 0;             // rotation: the key's position n
    bool together = false;            // rotation: m and n move together (m − n kept)
    std::string figure = "scalings";  // figure: which one (a name from figure_names())
    bool operator==(const ViewSettings&) const = default;
};

// The contents beside_content may name; "" (none) first. A sentence is the scene's own content.
std::vector<std::string> beside_contents();

using ViewSet = std::array<ViewSettings, k_view_count>;

inline ViewSettings& settings_of(ViewSet& views, ViewId id) {
    return views[size_t(id)];
}
inline const ViewSettings& settings_of(const ViewSet& views, ViewId id) {
    return views[size_t(id)];
}

// {"attention": {"compare": ["nope", "rope"]}, "rotation": {"playing": true}}: the views listed
// are open (unless "open": false). `where` prefixes key names in errors.
ViewSet views_from_json(const nlohmann::json& json, const std::string& where);
nlohmann::json views_to_json(const ViewSet& views);  // the open views only

}  // namespace posviz::storyline
