// Type set in points for the physical size of the canvas: a figure for a paper column gets
// ~8 pt, one for a slide 18 pt, whatever size the figure was designed at. The theme keeps only
// the proportions between its sizes (titles larger than labels, ticks smaller).
#pragma once

#include "core/figure/theme.h"

namespace posviz {

// Points of the axis labels (the body text) for a canvas of width × height points.
double automatic_font_size(double width, double height);

// The theme with every font size scaled so that its axis labels are label_size points, none
// below 6 pt, and its line widths scaled alike (never thinner than the paper theme's).
Theme theme_at_font_size(const Theme& theme, double label_size);

// The smallest type any figure uses, in points.
constexpr double k_min_text_size = 6.0;
// Type that must shrink to fit (a figure in a crowded canvas, a long label) shrinks in steps of
// this many points.
constexpr double k_type_step = 0.5;

}  // namespace posviz
