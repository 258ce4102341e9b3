// How a line series is drawn, the same in its panel and in its legend's sample: its stroke (width
// and dash pattern) and its markers.
#pragma once

#include <vector>

#include "core/figure/figure.h"
#include "core/layout/pen.h"

namespace posviz {

// The series' width (times the theme's line scale) and dash pattern. Patterns are matplotlib's
// (rcParams lines.dashed_pattern 3.7, 1.6; lines.dashdot_pattern 6.4, 1.6, 1, 1.6;
// lines.dotted_pattern 1, 1.65; scaled by the line width as lines.scale_dashes does), with butt
// caps as lines.dash_capstyle, so that a dotted line reads as dots, not as a thin solid line.
StrokeStyle series_stroke(const Pen& p, const LineSeries& series);

// The series' markers (none for MarkerShape::None) at the given canvas points: discs, or squares,
// triangles and diamonds as filled polygons of the same area scale.
void draw_markers(const Pen& p, const LineSeries& series, std::vector<Point> centres);

}  // namespace posviz
