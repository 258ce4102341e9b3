#include "app/render/line_style.h"

namespace posviz {

void set_line_style(const Painter& p, double width, bool dashed) {
    const double w = width * p.theme.line_scale;
    cairo_set_line_width(p.cr, w);
    cairo_set_line_join(p.cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(p.cr, dashed ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
    const double dashes[] = {3.7 * w, 1.6 * w};
    cairo_set_dash(p.cr, dashes, dashed ? 2 : 0, 0.0);
}

void note_background(const Painter& p, Rect r, double pad) {
    p.set_colour(p.theme.note_box, 0.88);
    cairo_rectangle(p.cr, r.x - pad, r.y - pad, r.w + 2 * pad, r.h + 2 * pad);
    cairo_fill_preserve(p.cr);
    set_line_style(p, 0.6, false);
    p.set_colour(p.theme.grid);
    cairo_stroke(p.cr);
}

}  // namespace posviz
