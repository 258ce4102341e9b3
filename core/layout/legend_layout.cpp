#include "core/layout/legend_layout.h"

#include <algorithm>

#include "core/layout/series_style.h"
namespace posviz {

namespace {

struct LegendMetrics {
    TextStyle style;
    double row, sample, pad;
    // Rows at least as tall as a line of text in the leading font (Noto Sans CJK's line box is
    // taller than DejaVu's).
    explicit LegendMetrics(const Pen& p)
        : style(p.text_style(p.theme.tick_size)),
          row(std::max(1.35 * style.size, p.text_box("0", style).h + 0.1 * style.size)),
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

// One entry's width: sample, gap, the longest label.
double entry_width(const Pen& p, const std::vector<const LineSeries*>& entries) {
    const LegendMetrics m(p);
    double text_w = 0.0;
    for (const LineSeries* s : entries) text_w = std::max(text_w, p.width(s->label, m.style));
    return m.sample + m.pad + text_w;
}

}  // namespace

double legend_pad(const Pen& p) {
    return LegendMetrics(p).pad;
}

Rect legend_size(const Pen& p, const Panel& panel, int columns) {
    const std::vector<const LineSeries*> entries = legend_entries(panel);
    if (entries.empty()) return {};
    const LegendMetrics m(p);
    const int n = int(entries.size());
    columns = std::clamp(columns, 1, n);
    const int rows = (n + columns - 1) / columns;
    return {0.0, 0.0, columns * entry_width(p, entries) + (columns - 1) * 2.0 * m.pad,
            m.row * double(rows)};
}

int legend_columns(const Pen& p, const Panel& panel, double width) {
    const std::vector<const LineSeries*> entries = legend_entries(panel);
    if (entries.empty()) return 1;
    const double column = entry_width(p, entries) + 2.0 * LegendMetrics(p).pad;
    return std::clamp(int((width + 2.0 * LegendMetrics(p).pad) / column), 1, int(entries.size()));
}

void draw_legend(const Pen& p, const Panel& panel, const LegendPlacement& placement) {
    const std::vector<const LineSeries*> entries = legend_entries(panel);
    if (entries.empty() || placement.slot == LegendSlot::None) return;
    const LegendMetrics m(p);
    const Rect& r = placement.box;
    const int columns = std::clamp(placement.columns, 1, int(entries.size()));
    const int rows = (int(entries.size()) + columns - 1) / columns;
    const double column_w = entry_width(p, entries) + 2.0 * m.pad;
    p.note_background(r, m.pad);
    for (size_t i = 0; i < entries.size(); ++i) {
        // Column-major, as matplotlib fills a legend's columns.
        const double x = r.x + column_w * double(int(i) / rows);
        const double y = r.y + m.row * (double(int(i) % rows) + 0.5);
        // The sample shows the line as drawn: its pattern and, in the middle, its marker.
        p.lines({{{{x, y}, {x + m.sample, y}}}}, p.paint(entries[i]->colour).colour,
                series_stroke(p, *entries[i]));
        draw_markers(p, *entries[i], {{x + 0.5 * m.sample, y}});
        p.text(entries[i]->label, m.style, x + m.sample + m.pad, y, {0.0, 0.5}, p.theme.foreground,
               TextRole::Legend);
    }
}

}  // namespace posviz
