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

// The figure theme: find_theme(theme), or its high-contrast variant in lecture mode.
const Theme& figure_theme(const std::string& theme, bool lecture);

}  // namespace posviz::gui
