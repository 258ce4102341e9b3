// The cairo renderer of the figure model: one function draws a Figure onto any cairo surface
// (image, SVG, PDF), laid out like a matplotlib figure — title, grid of panels, each with ticks,
// axis labels, a colorbar beside a heatmap, a legend.
#pragma once

#include <cairo.h>

#include <string>

#include "core/figure/figure.h"

namespace posviz {

struct RenderStyle {
    std::string theme = "light";  // light|dark (InputError("--theme") otherwise)
    std::string lang = "en";      // picks the leading font: zh → Noto Sans CJK SC
    bool transparent = false;     // no background paint (PNG with alpha)
};

// Draws into [0, width] × [0, height] in cairo user units, read as points (1/72 in): font sizes
// and line widths are in points too, so a PNG scales the context by dpi/72 first and every
// format shows the same layout.
void render_figure(cairo_t* cr, const Figure& figure, const RenderStyle& style, double width,
                   double height);

}  // namespace posviz
