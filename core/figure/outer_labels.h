// Axis labels in a grid of panels, as matplotlib's label_outer leaves them: a label that the
// panel below (x) or on the left (y) repeats is drawn only there, so that inner panels give the
// room to their data. Tick labels stay on every panel: panels whose labels agree may still show
// different ranges. The rule of both the file renderer and the plot widget.
#pragma once

#include <cstddef>
#include <vector>

#include "core/figure/figure.h"

namespace posviz {

// Which axis labels a panel draws.
struct AxisLabels {
    bool x = true, y = true;
};

// The first `count` panels of `figure`, filled row by row `cols` to a row.
std::vector<AxisLabels> outer_axis_labels(const Figure& figure, int cols, size_t count);

}  // namespace posviz
