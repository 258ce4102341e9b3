// Heatmaps and colorbars. A heatmap is one embedded image with a pixel per cell, scaled up
// without smoothing (cells stay sharp in PNG, SVG and PDF alike); masked cells (NaN, ±inf) take
// the theme's masked colour.
#pragma once

#include "app/render/panel_layout.h"

namespace posviz {

void draw_heatmap(const Painter& painter, const Heatmap& heatmap, const PanelLayout& layout);

Ticks colorbar_ticks(const Theme& theme, const Colorbar& colorbar, double bar_height);
// The colorbar's label as it is set beside a bar `bar_height` long, reading upwards
// (Painter::fit_label): as long as the bar and the band of x tick labels under it at most, so
// that it meets no other text, on two lines or in smaller type where one line at the label size
// is longer.
Painter::Label colorbar_label(const Painter& painter, const Colorbar& colorbar, double bar_height);
// Width a colorbar takes right of a plot box: gap, bar, ticks, labels.
double colorbar_space(const Painter& painter, const Colorbar& colorbar, double bar_height);
// bar: the colour strip itself; ticks, labels and the masked swatch go right of and below it.
void draw_colorbar(const Painter& painter, const Colorbar& colorbar, Rect bar);

}  // namespace posviz
