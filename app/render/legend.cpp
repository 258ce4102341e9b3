#include "app/render/legend.h"

#include <algorithm>

#include "app/render/line_style.h"

namespace posviz {

namespace {

struct LegendMetrics {
    TextStyle style;
    double row, sample, pad;
    explicit LegendMetrics(const Painter& p)
        : style(p.text_style(p.theme.tick_size)),
          row(1.35 * style.size),
          sample(2.0 * style.size),
          pad(0.5 * style.size) {}
};

std::vector<const LineSeries*> legend_entries(const Panel& panel) {
    std::vector<const LineSeries*> entries;
    if (panel.legend == LegendPosition::None) return entries;
    for (const LineSeries& s : panel.lines)
        if (!s.label.empty()) entries.push_back(&s);
    return entries;
}

}  // namespace

Rect legend_size(const Painter& p, const Panel& panel) {
    const std::vector<const LineSeries*> entries = legend_entries(panel);
    if (entries.empty()) return {};
    const LegendMetrics m(p);
    double text_w = 0.0;
    for (const LineSeries* s : entries)
        text_w = std::max(text_w, measure_text(p.cr, s->label, m.style).width);
    return {0.0, 0.0, m.sample + m.pad + text_w, m.row * double(entries.size())};
}

double legend_outside_space(const Painter& p, const Panel& panel) {
    if (panel.legend != LegendPosition::Outside) return 0.0;
    const Rect size = legend_size(p, panel);
    return size.w > 0.0 ? size.w + 4.0 * LegendMetrics(p).pad : 0.0;
}

void draw_legend(const Painter& p, const Panel& panel, Rect box) {
    const std::vector<const LineSeries*> entries = legend_entries(panel);
    if (entries.empty()) return;
    const LegendMetrics m(p);
    Rect r = legend_size(p, panel);
    const LegendPosition where = panel.legend;
    const bool left = where == LegendPosition::UpperLeft || where == LegendPosition::LowerLeft;
    const bool lower = where == LegendPosition::LowerLeft || where == LegendPosition::LowerRight;
    const double inset = 2.0 * m.pad;
    if (where == LegendPosition::Outside) {
        r.x = box.x + box.w + inset + m.pad;
        r.y = box.y + m.pad;
    } else {
        r.x = left ? box.x + inset : box.x + box.w - inset - r.w;
        r.y = lower ? box.y + box.h - inset - r.h : box.y + inset;
    }
    note_background(p, r, m.pad);
    for (size_t i = 0; i < entries.size(); ++i) {
        const double y = r.y + m.row * (double(i) + 0.5);
        p.set_colour(entries[i]->colour);
        set_line_style(p, entries[i]->width, entries[i]->dashed);
        cairo_move_to(p.cr, r.x, y);
        cairo_line_to(p.cr, r.x + m.sample, y);
        cairo_stroke(p.cr);
        p.set_colour(p.theme.foreground);
        p.text(entries[i]->label, m.style, r.x + m.sample + m.pad, y, {0.0, 0.5});
    }
}

}  // namespace posviz
