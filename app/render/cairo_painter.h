// The cairo painter of the layout's display list (core/layout/display_list.h): PNG, PDF and
// animation frames, and the storyline handout's tiles. It only draws; every placement was decided
// by the layout (core/layout/figure_layout.h).
#pragma once

#include <cairo.h>

#include <vector>

#include "app/render/cairo_handles.h"
#include "app/render/text.h"
#include "core/layout/display_list.h"

namespace posviz {

// Draws `display` into [0, width] × [0, height] of cr's user space (points).
void paint_display_list(cairo_t* cr, const DisplayList& display);

// An image item's cells as a cairo image, one pixel a cell (the cairo painter scales it; the SVG
// writer embeds it as a PNG). `step` names the export in an error.
CairoSurface image_surface(const ImageItem& item, const char* step);

}  // namespace posviz
