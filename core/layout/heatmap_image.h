// A heatmap as an image for the display list: one pixel per cell, coloured through its colormap
// and norm, masked cells (NaN, ±inf) in the theme's masked colour; and a colour bar's ramp.
#pragma once

#include "core/figure/colour_norm.h"
#include "core/figure/figure.h"
#include "core/figure/theme.h"
#include "core/layout/display_list.h"

namespace posviz {

// Images stop at 32767 pixels a side (cairo's image surfaces do). A heatmap with more cells
// along an axis (the PE matrix of L = 40000 positions) is drawn from blocks of that many cells
// averaged in colour: no picture has that many pixels across a panel. `target`: the canvas
// rectangle of its edges x0, y0 (left, top) to x1, y1, flipped where they run the other way.
ImageItem heatmap_image(const Heatmap& heatmap, const Theme& theme, double left, double top,
                        double right, double bottom);
// The same item without pixels: where the heatmap goes and how it is coloured, for a painter
// that has the panel's image already (the screen keeps each map as a texture, made on the
// figure's worker thread, and its values may be on the GPU).
ImageItem heatmap_frame(const Heatmap& heatmap, double left, double top, double right,
                        double bottom);

// 256 rows, the top one for the largest value, over `bar`.
ImageItem colorbar_ramp(const Colorbar& colorbar, Rect bar);

}  // namespace posviz
