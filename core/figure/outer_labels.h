// Axis labels in a grid of panels, as matplotlib's label_outer leaves them: a label that the
// panel below (x) or on the left (y) repeats is drawn only there, so that inner panels give the
// room to their data. Tick labels stay on every panel unless the axis is truly shared (same
// limits, scale, tick labels and length: repeated_tick_labels), since panels whose labels agree
// may still show different ranges. The rule of both the file renderer and the plot widget.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/figure/figure.h"

namespace posviz {

// Which axis labels, and which axes' tick labels, a panel draws.
struct AxisLabels {
    bool x = true, y = true;
    bool x_ticks = true, y_ticks = true;
};

// The first `count` panels of `figure`, filled row by row `cols` to a row.
std::vector<AxisLabels> outer_axis_labels(const Figure& figure, int cols, size_t count);

// One axis as a panel shows it: its limits, scale and tick labels, and how long it is (pixels or
// points: only compared with its neighbour's).
struct ShownAxis {
    double lo = 0.0, hi = 1.0;
    bool log = false;
    std::vector<std::string> tick_labels;
    double length = 0.0;
};

// Clears x_ticks where the panel below shows the same x axis, and y_ticks where the panel on the
// left (same row) shows the same y axis, as matplotlib's sharex/sharey with label_outer: the
// bottom map of a column and the left map of a row keep one set of tick labels for all. Same
// means the same limits (to a billionth of the range: a shared zoom or the same defaults give the
// same numbers), scale and tick labels, and lengths within 2 %, so that the ticks also line up.
// `x`, `y`: the panels' axes, row by row `cols` to a row, as many as `labels`.
void hide_repeated_tick_labels(std::vector<AxisLabels>& labels, const std::vector<ShownAxis>& x,
                               const std::vector<ShownAxis>& y, int cols);

}  // namespace posviz
