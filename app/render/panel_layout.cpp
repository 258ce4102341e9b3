#include "app/render/panel_layout.h"

#include <algorithm>
#include <cmath>

#include "app/render/draw_heatmap.h"
#include "app/render/legend.h"
#include "core/figure/ticks.h"

namespace posviz {

double AxisMap::operator()(double v) const {
    const double t = log ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo))
                         : (v - lo) / (hi - lo);
    return page_lo + t * (page_hi - page_lo);
}

namespace {

struct Span {
    double lo = INFINITY, hi = -INFINITY;
    bool log = false;
    void add(double v) {
        if (!std::isfinite(v) || (log && v <= 0.0)) return;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    bool empty() const { return lo > hi; }
};

// Everything the panel draws in data units, on the x (is_x) or y axis.
Span data_span(const Panel& panel, bool is_x, bool log) {
    Span s;
    s.log = log;
    if (panel.heatmap) {
        const Heatmap& h = *panel.heatmap;
        s.add(is_x ? h.x0 : h.y0);
        s.add(is_x ? h.x1 : h.y1);
    }
    for (const LineSeries& line : panel.lines)
        for (size_t i = 0; i < line.x.size() && i < line.y.size(); ++i)
            if (std::isfinite(line.x[i]) && std::isfinite(line.y[i]))
                s.add(is_x ? line.x[i] : line.y[i]);
    for (const Arrow& a : panel.arrows) {
        s.add(is_x ? a.x0 : a.y0);
        s.add(is_x ? a.x1 : a.y1);
    }
    for (const Circle& c : panel.circles) {
        s.add((is_x ? c.cx : c.cy) - c.radius);
        s.add((is_x ? c.cx : c.cy) + c.radius);
    }
    for (const Arc& c : panel.arcs) {
        s.add((is_x ? c.cx : c.cy) - c.radius);
        s.add((is_x ? c.cx : c.cy) + c.radius);
    }
    return s;
}

// Data limits: heatmaps fill the box exactly; other content gets a 5% margin (in log space on
// log axes), as matplotlib does. Explicit limits win.
AxisMap axis_limits(const Panel& panel, const Axis& axis, bool is_x) {
    const bool log = axis.scale == AxisScale::Log;
    Span s = data_span(panel, is_x, log);
    if (s.empty()) s = {log ? 1.0 : 0.0, log ? 10.0 : 1.0, log};
    auto forward = [&](double v) { return log ? std::log10(v) : v; };
    auto back = [&](double v) { return log ? std::pow(10.0, v) : v; };
    double lo = forward(s.lo), hi = forward(s.hi);
    if (hi == lo) {
        lo -= 0.5;
        hi += 0.5;
    } else if (!panel.heatmap) {
        const double margin = 0.05 * (hi - lo);
        lo -= margin;
        hi += margin;
    }
    AxisMap map;
    map.log = log;
    map.lo = axis.min.value_or(back(lo));
    map.hi = axis.max.value_or(back(hi));
    if (!(map.hi > map.lo)) map.hi = map.lo + 1.0;
    return map;
}

Ticks explicit_ticks(const Axis& axis, const AxisMap& map) {
    Ticks t;
    const double slack = 1e-9 * (map.hi - map.lo);
    for (size_t i = 0; i < axis.ticks.size(); ++i) {
        const double v = axis.ticks[i];
        if (v < map.lo - slack || v > map.hi + slack) continue;
        t.values.push_back(v);
        t.labels.push_back(i < axis.tick_labels.size() ? axis.tick_labels[i] : format_number(v));
    }
    return t;
}

Ticks auto_ticks(const AxisMap& map, int max_count) {
    return map.log ? log_ticks(map.lo, map.hi, max_count) : linear_ticks(map.lo, map.hi, max_count);
}

double widest(const Painter& painter, const std::vector<std::string>& labels,
              const TextStyle& style) {
    double w = 0.0;
    for (const std::string& label : labels)
        w = std::max(w, measure_text(painter.cr, label, style).width);
    return w;
}

// As many x ticks as fit side by side with a gap of one em between labels.
Ticks fitting_x_ticks(const Painter& painter, const Axis& axis, const AxisMap& map, double length) {
    if (!axis.ticks.empty()) return explicit_ticks(axis, map);
    const TextStyle style = painter.text_style(painter.theme.tick_size);
    for (int count = std::clamp(int(length / (3.5 * style.size)), 2, 9); count > 2; --count) {
        Ticks t = auto_ticks(map, count);
        const double needed =
            double(t.values.size()) * (widest(painter, t.labels, style) + style.size);
        if (needed <= length) return t;
    }
    return auto_ticks(map, 2);
}

Ticks fitting_y_ticks(const Painter& painter, const Axis& axis, const AxisMap& map, double length) {
    if (!axis.ticks.empty()) return explicit_ticks(axis, map);
    return auto_ticks(map, std::clamp(int(length / (3.0 * painter.theme.tick_size)), 2, 8));
}

}  // namespace

PanelLayout layout_panel(const Painter& painter, const Panel& panel, Rect cell,
                         VerticalMargins at_least) {
    const Theme& theme = painter.theme;
    const PanelMetrics m(theme);
    const TextStyle tick_style = painter.text_style(theme.tick_size);
    const TextStyle label_style = painter.text_style(theme.label_size);
    const TextStyle title_style = painter.text_style(theme.panel_title_size);
    const double tick_height = painter.text_box("0", tick_style).h;

    PanelLayout layout;
    layout.x = axis_limits(panel, panel.x, true);
    layout.y = axis_limits(panel, panel.y, false);
    layout.colorbar = panel.heatmap && panel.heatmap->colorbar;

    // Two passes: ticks depend on the box size, the margins on the tick labels.
    Rect box = {cell.x + 0.15 * cell.w, cell.y + 0.1 * cell.h, 0.7 * cell.w, 0.75 * cell.h};
    for (int pass = 0; pass < 2; ++pass) {
        layout.x_ticks = fitting_x_ticks(painter, panel.x, layout.x, box.w);
        layout.y_ticks = fitting_y_ticks(painter, panel.y, layout.y, box.h);
        double left =
            m.pad + widest(painter, layout.y_ticks.labels, tick_style) + m.pad + m.tick_length;
        if (!panel.y.label.empty()) left += painter.text_box(panel.y.label, label_style).h + m.pad;
        double bottom = m.tick_length + m.pad + tick_height + m.pad;
        if (!panel.x.label.empty())
            bottom += painter.text_box(panel.x.label, label_style).h + m.pad;
        const bool masked_note =
            layout.colorbar && !panel_colorbar(*panel.heatmap).masked_label.empty();
        if (masked_note) bottom = std::max(bottom, 2.0 * (m.tick_length + tick_height + m.pad));
        double top = m.pad;
        if (!panel.title.empty()) top += painter.text_box(panel.title, title_style).h + 2 * m.pad;
        // Room for half of the last x tick label, so that it never leaves the cell.
        double right =
            m.pad +
            0.5 * widest(painter,
                         {layout.x_ticks.labels.empty() ? "" : layout.x_ticks.labels.back()},
                         tick_style);
        if (layout.colorbar)
            right = colorbar_space(painter, panel_colorbar(*panel.heatmap), box.h) + m.pad;
        right += legend_outside_space(painter, panel);
        top = std::max(top, at_least.top);
        bottom = std::max(bottom, at_least.bottom);
        layout.margins = {top, bottom, 0.0};
        box = {cell.x + left, cell.y + top, std::max(1.0, cell.w - left - right),
               std::max(1.0, cell.h - top - bottom)};
        if (panel.equal_aspect) {
            // One data unit as long on both axes: shrink the longer side and centre the box.
            auto extent = [](const AxisMap& a) {
                return a.log ? std::log10(a.hi / a.lo) : a.hi - a.lo;
            };
            const double height =
                at_least.box_height > 0.0 ? std::min(box.h, at_least.box_height) : box.h;
            const double scale = std::min(box.w / extent(layout.x), height / extent(layout.y));
            const double w = scale * extent(layout.x), h = scale * extent(layout.y);
            box.x += 0.5 * (box.w - w);
            box.y += 0.5 * (box.h - h);
            box.w = w;
            box.h = h;
        }
    }
    layout.box = box;
    layout.x.page_lo = box.x;
    layout.x.page_hi = box.x + box.w;
    layout.y.page_lo = panel.y.inverted ? box.y : box.y + box.h;
    layout.y.page_hi = panel.y.inverted ? box.y + box.h : box.y;
    if (layout.colorbar)
        layout.colorbar_box = {box.x + box.w + m.colorbar_gap, box.y, m.colorbar_width, box.h};
    return layout;
}

}  // namespace posviz
