// A colour bar beside a heatmap (or shared by a grid of them): the ramp, its ticks reaching both
// ends (core/layout/tick_rule.h), its label turned to read upwards, and the masked key.
#pragma once

#include "core/figure/figure.h"
#include "core/layout/pen.h"

namespace posviz {

// The colorbar's label as it is set beside a bar `bar_height` long, reading upwards
// (Pen::fit_label): as long as the bar and the band of x tick labels under it at most, so that
// it meets no other text, on two lines or in smaller type where one line at the label size is
// longer.
Pen::Label colorbar_label(const Pen& pen, const Colorbar& colorbar, double bar_height);
// Width a colorbar takes right of a plot box: gap, bar, ticks, labels.
double colorbar_space(const Pen& pen, const Colorbar& colorbar, double bar_height);
// bar: the colour strip itself; ticks, labels and the masked swatch go right of and below it.
void draw_colorbar(const Pen& pen, const Colorbar& colorbar, Rect bar);

}  // namespace posviz
