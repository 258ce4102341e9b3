// One panel of a figure drawn into its grid cell: grid, heatmap, lines, shapes, axes, ticks,
// labels, title, notes, legend and colorbar, in that order (later ones on top).
#pragma once

#include "app/render/painter.h"
#include "app/render/panel_layout.h"
#include "core/figure/figure.h"

namespace posviz {

// Returns the plot box (where the data went) inside the cell; row: see VerticalMargins.
// annotate: the values written in the cells of a small heatmap (--annotate).
Rect draw_panel(const Painter& painter, const Panel& panel, Rect cell, VerticalMargins row,
                AxisLabels labels = {}, bool annotate = false);

}  // namespace posviz
