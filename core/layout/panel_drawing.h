// One panel of a figure drawn into its grid cell as display items: grid, heatmap, lines, shapes,
// axes, ticks, labels, title, notes, legend and colorbar, in that order (later ones on top).
#pragma once

#include "core/figure/figure.h"
#include "core/layout/panel_layout.h"
#include "core/layout/pen.h"

namespace posviz {

// Draws the panel as `layout` (layout_panel's) places it. annotate: the values written in the
// cells of a small heatmap (--annotate). heatmap_pixels false: the heatmap's image item carries
// no pixels (heatmap_frame), for a painter that has them.
void draw_panel(const Pen& pen, const Panel& panel, const PanelLayout& layout,
                bool annotate = false, bool heatmap_pixels = true);

// The panel's circles, arcs and lines, clipped to its box: also what a screen lays over a panel
// in its axes (a linked cursor).
void draw_marks(const Pen& pen, const Panel& panel, const PanelLayout& layout);

}  // namespace posviz
