// The legend of a panel's labelled lines: a line sample and the label per row, on a box.
#pragma once

#include "app/render/painter.h"
#include "core/figure/figure.h"

namespace posviz {

// Width and height of the legend's contents (padding excluded); zero when it shows nothing.
Rect legend_size(const Painter& painter, const Panel& panel);
// Width the legend takes right of the plot box (LegendPosition::Outside), else 0.
double legend_outside_space(const Painter& painter, const Panel& panel);
void draw_legend(const Painter& painter, const Panel& panel, Rect plot_box);

}  // namespace posviz
