// Which view File → Export writes: the one the user sees. That is the view window last clicked
// while it is still open and on screen, else the largest view window on screen — never a view
// that a preset has since closed (whose last figure would be stale).
#pragma once

#include <array>
#include <optional>

#include "app/gui/storyline_names.h"
#include "app/storyline/view_settings.h"

namespace posviz::gui {

// Each view window's area on the last frame, in pixels²; 0 for a view not drawn.
using ViewAreas = std::array<float, k_view_count>;

// Ties in area go to the first in the Views menu's order. None when no view is on screen.
std::optional<ViewId> export_view(std::optional<ViewId> clicked, const ViewAreas& areas);

}  // namespace posviz::gui
