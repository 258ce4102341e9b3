// The legend of a panel's labelled lines: a line sample and the label per entry, on a box. It
// goes in a corner of the plot box that covers no data, else right of the box, else (when that
// would squeeze the plot) below it in as many columns as fit; layout_panel decides.
#pragma once

#include "core/figure/figure.h"
#include "core/layout/pen.h"

namespace posviz {

enum class LegendSlot { None, Inside, Right, Below };

struct LegendPlacement {
    LegendSlot slot = LegendSlot::None;
    Rect box;  // the entries on the canvas, padding excluded
    int columns = 1;
    LegendPosition corner = LegendPosition::None;  // Inside: which corner of the plot box
};

// Width and height of the legend's entries in `columns` columns (padding excluded); zero when it
// shows nothing.
Rect legend_size(const Pen& pen, const Panel& panel, int columns = 1);
// The padding around the entries (the box drawn behind them), and the gap between columns.
double legend_pad(const Pen& pen);
// How many columns of entries fit across `width` (at least 1).
int legend_columns(const Pen& pen, const Panel& panel, double width);
void draw_legend(const Pen& pen, const Panel& panel, const LegendPlacement& placement);

}  // namespace posviz
