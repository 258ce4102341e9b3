// How the GUI looks: ImGui's colours and sizes for the light or dark theme, and the figure theme
// the plots are drawn with. Lecture mode turns both to high contrast for a projector: pure black
// (or white) backgrounds, full-strength text, visible borders, thicker lines.
#pragma once

#include <imgui.h>

#include <string>

#include "core/figure/theme.h"

namespace posviz::gui {

// What went wrong (a bad file, an unreadable folder), on either theme.
inline const ImVec4 k_error_colour(0.95f, 0.4f, 0.3f, 1.0f);

// Resets ImGui's style, then colours it and scales its sizes by `scale` (screen × lecture).
void apply_imgui_style(const std::string& theme, bool lecture, float scale);

// ImGuiWindowFlags_NoBackground for the window `name` when nothing lies under it but the frame's
// clear colour, which is every window's background colour (apply_imgui_style and draw_frame take
// both from the figure theme); else 0. On a software rasteriser (Mesa's llvmpipe) a window's fill
// is a shaded, blended fragment per pixel every frame: the tiled windows' fills were half of an
// idle frame's ~10 ms at 1600×900. Decided from the windows as ImGui has them when `name` begins
// (z-order, and positions after this frame's moves); a window resized into one beneath it in
// this very frame shows that one through for a frame.
ImGuiWindowFlags unfilled_if_alone(const char* name);

// The figure theme: find_theme(theme), or its high-contrast variant in lecture mode.
const Theme& figure_theme(const std::string& theme, bool lecture);

}  // namespace posviz::gui
