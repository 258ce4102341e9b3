// Where a figure's parts land on a page: rectangles and the map from data values to page
// coordinates, y growing downwards (cairo's points, ImGui's pixels alike). Shared by the file
// renderer and the GUI so that rules about placement (core/figure/legend_corner.h) are written
// once, in the units either one lays out in.
#pragma once

namespace posviz {

struct Rect {
    double x = 0.0, y = 0.0, w = 0.0, h = 0.0;  // top-left corner, y down
};

// Maps data values on one axis to page coordinates (log axes in log space).
struct AxisMap {
    double lo = 0.0, hi = 1.0;  // data limits
    bool log = false;
    double page_lo = 0.0, page_hi = 1.0;  // page coordinates of lo and hi
    double operator()(double v) const;
};

}  // namespace posviz
