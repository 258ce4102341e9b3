#include "core/layout/canvas.h"

#include <algorithm>
#include <array>

namespace posviz {

namespace {

struct SizePoint {
    double width_in, label_pt;
};

// Decision (the issue asks for paper ~8–9 pt and slides ≥ 18 pt): a paper column (3.25 in) 8 pt,
// a text width (6.75 in) 9 pt, a 16:9 slide (13.33 in) 18 pt, linear between and beyond (an A1
// poster, 23.4 in wide, gets ~32 pt). The width counts at most 2.5 times the height, so that a
// flat strip is set like the narrower figure its height allows.
constexpr std::array<SizePoint, 3> k_sizes = {{{3.25, 8.0}, {6.75, 9.0}, {13.33, 18.0}}};

}  // namespace

Canvas Canvas::pixels(double w, double h, double dpi) {
    Canvas canvas;
    canvas.width = w * 72.0 / dpi;
    canvas.height = h * 72.0 / dpi;
    return canvas;
}

double automatic_font_size(double width, double height) {
    const double inches = std::min(width, 2.5 * height) / 72.0;
    if (inches <= k_sizes.front().width_in) return k_sizes.front().label_pt;
    size_t i = 1;
    while (i + 1 < k_sizes.size() && inches > k_sizes[i].width_in) ++i;
    const SizePoint a = k_sizes[i - 1], b = k_sizes[i];
    return a.label_pt +
           (inches - a.width_in) * (b.label_pt - a.label_pt) / (b.width_in - a.width_in);
}

Theme theme_at_font_size(const Theme& theme, double label_size) {
    Theme sized = theme;
    const double scale = label_size / theme.label_size;
    for (double* size : {&sized.title_size, &sized.subtitle_size, &sized.panel_title_size,
                         &sized.label_size, &sized.tick_size, &sized.note_size})
        *size = std::max(k_min_text_size, *size * scale);
    sized.line_scale = theme.line_scale * std::max(1.0, scale);
    return sized;
}

}  // namespace posviz
