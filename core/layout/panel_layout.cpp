#include "core/layout/panel_layout.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <tuple>
#include <utility>

#include "core/figure/legend_corner.h"
#include "core/figure/ticks.h"
#include "core/layout/colorbar_layout.h"
#include "core/layout/panel_metrics.h"
#include "core/layout/tick_rule.h"

namespace posviz {

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

// What the panel draws along one axis, for the ends its ticks fall back on.
Range shown_span(const Panel& panel, bool is_x, bool log) {
    const Span s = data_span(panel, is_x, log);
    if (s.empty()) return {-INFINITY, INFINITY};
    return {s.lo, s.hi};
}

double widest(const Pen& pen, const std::vector<std::string>& labels, const TextStyle& style) {
    double w = 0.0;
    for (const std::string& label : labels) w = std::max(w, pen.width(label, style));
    return w;
}

// How many of an axis's own ticks (tokens, categories) fall inside its limits.
size_t explicit_tick_count(const Axis& axis, const AxisMap& map) {
    const double slack = 1e-9 * (map.hi - map.lo);
    return size_t(std::count_if(axis.ticks.begin(), axis.ticks.end(), [&](double v) {
        return v >= map.lo - slack && v <= map.hi + slack;
    }));
}

struct TickLabels {
    Ticks ticks;
    double size = 0.0;
    bool turned = false;
};

// x tick labels, centred on their ticks, half an em apart and inside the cell; level, or turned
// (their widths then run down from the axis, their heights along it).
Ticks fitting_x_ticks(const Pen& pen, const Panel& panel, const AxisMap& map, Rect cell,
                      const TextStyle& style, bool turned = false) {
    const double length = std::abs(map.page_hi - map.page_lo);
    auto fits = [&](const Ticks& t) {
        double previous_right = -INFINITY;
        for (size_t i = 0; i < t.values.size(); ++i) {
            const double w =
                turned ? pen.text_box(t.labels[i], style).h : pen.width(t.labels[i], style);
            const double left = map(t.values[i]) - 0.5 * w, right = left + w;
            if (left < cell.x || right > cell.x + cell.w) return false;
            if (left - previous_right < (turned ? 0.2 : 0.5) * style.size) return false;
            previous_right = right;
        }
        return true;
    };
    return axis_ticks(panel.x, map, std::clamp(int(length / (3.5 * style.size)), 2, 9),
                      shown_span(panel, true, map.log), panel.heatmap.has_value(), fits);
}

// The first size from `from` down by half points to `least` at which `ticks_at` names every one
// of an axis's `tokens`.
std::optional<TickLabels> naming_all(size_t tokens, double from, double least, bool turned,
                                     const std::function<Ticks(double)>& ticks_at) {
    for (double size = from; size >= least - 1e-9; size -= 0.5) {
        const Ticks t = ticks_at(size);
        if (t.values.size() == tokens) return TickLabels{t, size, turned};
    }
    return std::nullopt;
}

// Tick labels and how they are set. Decision (issue 22, defect 3: "bites" was dropped from a
// 3-token axis whose words are wider than their map columns): an axis of tokens that cannot name
// every token level at the tick size sets them in type smaller by half points, down to three
// quarters of it and never below the canvas's least (6 pt on paper), as fit_label does; else an
// x axis turns them 90° (matplotlib's rotation=90), a fifth of an em apart as y tick labels are,
// in the largest of those sizes that names them all (where `may_turn`); only where even that
// leaves some out does the axis show every k-th, level, at the tick size. Numeric axes are only
// thinned: their labels are short.
TickLabels fitting_x_tick_labels(const Pen& pen, const Panel& panel, const AxisMap& map, Rect cell,
                                 bool may_turn) {
    const double size = pen.theme.tick_size, least = std::max(pen.min_text_size, 0.75 * size);
    auto ticks_at = [&](bool turned) {
        return [&, turned](double at) {
            return fitting_x_ticks(pen, panel, map, cell, pen.text_style(at), turned);
        };
    };
    const Ticks level = ticks_at(false)(size);
    const size_t tokens = explicit_tick_count(panel.x, map);
    if (panel.x.ticks.empty() || level.values.size() == tokens) return {level, size, false};
    if (const auto smaller = naming_all(tokens, size - 0.5, least, false, ticks_at(false)))
        return *smaller;
    if (may_turn)
        if (const auto turned = naming_all(tokens, size, least, true, ticks_at(true)))
            return *turned;
    return {level, size, false};
}

// y tick labels, centred on their ticks, a fifth of an em apart and inside the cell (whose
// margins keep room for half a label above and below the box: layout_panel).
Ticks fitting_y_ticks(const Pen& pen, const Panel& panel, const AxisMap& map, Rect cell,
                      const TextStyle& style) {
    const double length = std::abs(map.page_hi - map.page_lo);
    const double h = pen.text_box("0", style).h;
    auto fits = [&](const Ticks& t) {
        std::vector<double> centres;
        for (double v : t.values) centres.push_back(map(v));
        std::sort(centres.begin(), centres.end());
        for (size_t i = 0; i < centres.size(); ++i) {
            if (centres[i] - 0.5 * h < cell.y - 1e-9 || centres[i] + 0.5 * h > cell.y + cell.h)
                return false;
            if (i > 0 && centres[i] - centres[i - 1] < h + 0.2 * style.size) return false;
        }
        return true;
    };
    return axis_ticks(panel.y, map, std::clamp(int(length / (2.2 * h)), 2, 8),
                      shown_span(panel, false, map.log), panel.heatmap.has_value(), fits);
}

// The y tick labels and their size, as fitting_x_tick_labels sets them (never turned).
TickLabels fitting_y_tick_labels(const Pen& pen, const Panel& panel, const AxisMap& map,
                                 Rect cell) {
    const double size = pen.theme.tick_size, least = std::max(pen.min_text_size, 0.75 * size);
    auto ticks_at = [&](double at) {
        return fitting_y_ticks(pen, panel, map, cell, pen.text_style(at));
    };
    const Ticks level = ticks_at(size);
    const size_t tokens = explicit_tick_count(panel.y, map);
    if (panel.y.ticks.empty() || level.values.size() == tokens) return {level, size, false};
    if (const auto smaller = naming_all(tokens, size - 0.5, least, false, ticks_at))
        return *smaller;
    return {level, size, false};
}

void map_to_box(PanelLayout& layout, const Panel& panel, Rect box) {
    layout.x.page_lo = box.x;
    layout.x.page_hi = box.x + box.w;
    layout.y.page_lo = panel.y.inverted ? box.y : box.y + box.h;
    layout.y.page_hi = panel.y.inverted ? box.y + box.h : box.y;
}

// The panel as laid out, for the legend's corner (core/figure/legend_corner.h): its annotations
// measured in the note font, lines sampled every sixth of the tick font (1.5 pt on paper).
PlacedPanel placed_panel(const Pen& pen, const Panel& panel, const PanelLayout& l) {
    PlacedPanel placed{&panel, l.box, l.x, l.y, {}, pen.theme.tick_size / 6.0};
    const TextStyle note = pen.text_style(pen.theme.note_size);
    for (const Annotation& a : panel.annotations) {
        Rect box = pen.text_box(a.text, note);
        box.x = (a.place == AnnotationPlace::Data ? l.x(a.x) : l.box.x + a.x * l.box.w) -
                (a.anchor == Anchor::Left     ? 0.0
                 : a.anchor == Anchor::Centre ? 0.5
                                              : 1.0) *
                    box.w;
        box.y = (a.place == AnnotationPlace::Data ? l.y(a.y) : l.box.y + (1.0 - a.y) * l.box.h) -
                0.5 * box.h;
        placed.notes.push_back(box);
    }
    return placed;
}

}  // namespace

AxisMap axis_limits(const Panel& panel, const Axis& axis, bool is_x) {
    const bool log = axis.scale == AxisScale::Log;
    Span s = data_span(panel, is_x, log);
    if (s.empty()) s = {log ? 1.0 : 0.0, log ? 10.0 : 1.0, log};
    auto forward = [&](double v) { return log ? std::log10(v) : v; };
    auto back = [&](double v) { return log ? std::pow(10.0, v) : v; };
    const auto [lo, hi] = padded_limits(forward(s.lo), forward(s.hi), !panel.heatmap);
    AxisMap map;
    map.log = log;
    map.lo = axis.min.value_or(back(lo));
    map.hi = axis.max.value_or(back(hi));
    if (!(map.hi > map.lo)) map.hi = map.lo + 1.0;
    return map;
}

PanelLayout layout_panel(const Pen& pen, const Panel& panel, Rect cell, VerticalMargins at_least,
                         AxisLabels labels, const PanelView& view) {
    const Theme& theme = pen.theme;
    const PanelMetrics m(theme);
    const TextStyle tick_style = pen.text_style(theme.tick_size);
    const TextStyle title_style = pen.text_style(theme.panel_title_size);
    const double tick_height = pen.text_box("0", tick_style).h;

    PanelLayout layout;
    layout.title_gap = std::max(2.0 * m.pad, 0.5 * tick_height + m.pad);
    layout.x = axis_limits(panel, panel.x, true);
    layout.y = axis_limits(panel, panel.y, false);
    if (const auto& x = view.zoom.x) std::tie(layout.x.lo, layout.x.hi) = std::pair(x->lo, x->hi);
    if (const auto& y = view.zoom.y) std::tie(layout.y.lo, layout.y.hi) = std::pair(y->lo, y->hi);
    layout.colorbar = panel.heatmap && panel.heatmap->colorbar;

    // Where the legend goes, the first of these that works (decision): inside the box in a
    // corner where it covers no data (unless the figure put it outside); right of the box if it
    // takes at most 35 % of the cell — or below the plot instead, where that leaves the box more
    // room (a legend of long labels beside a wide plot takes a quarter of its width); below the
    // plot if the box keeps 3 em of height; right of the box up to 60 % of the cell if the box
    // keeps 4 em of width; inside the box over data; left out, on a canvas too small for it.
    const Rect legend_one_column = legend_size(pen, panel);
    const double legend_pad = posviz::legend_pad(pen);
    enum class Try { FreeCorner, NarrowRight, Below, WideRight, AnyCorner, None };
    std::vector<Try> tries = {Try::NarrowRight, Try::Below, Try::WideRight, Try::AnyCorner,
                              Try::None};
    if (panel.legend != LegendPosition::Outside) tries.insert(tries.begin(), Try::FreeCorner);
    if (legend_one_column.w <= 0.0) tries = {Try::None};
    const double right_share = (legend_one_column.w + 4.0 * legend_pad) / cell.w;
    // A plot box's worth, as the figure layout weighs it: no wider than 3 times its height.
    auto worth = [](const Rect& box) {
        return std::min(box.w, 3.0 * box.h) * std::min(box.h, box.w);
    };
    std::optional<PanelLayout> beside;  // the NarrowRight layout, while Below is tried
    for (const Try attempt : tries) {
        if (beside && attempt != Try::Below) {
            layout = *beside;
            break;
        }
        if ((attempt == Try::NarrowRight && right_share > 0.35) ||
            (attempt == Try::WideRight && right_share > 0.6))
            continue;
        const LegendSlot slot = attempt == Try::NarrowRight || attempt == Try::WideRight
                                    ? LegendSlot::Right
                                : attempt == Try::Below ? LegendSlot::Below
                                : attempt == Try::None  ? LegendSlot::None
                                                        : LegendSlot::Inside;
        int below_columns = 1;
        Rect below_size;
        if (slot == LegendSlot::Below) {
            below_columns = legend_columns(pen, panel, cell.w - 2.0 * legend_pad);
            below_size = legend_size(pen, panel, below_columns);
        }
        // Ticks depend on the box, the margins on the tick labels: repeat until they agree.
        Rect box = {cell.x + 0.15 * cell.w, cell.y + 0.1 * cell.h, 0.7 * cell.w, 0.75 * cell.h};
        Pen::Label previous_bar_label;
        bool keep_level = false;
        for (int pass = 0; pass < 5; ++pass) {
            map_to_box(layout, panel, box);
            const TickLabels x_ticks =
                fitting_x_tick_labels(pen, panel, layout.x, cell, !keep_level);
            // Turned labels deepen the bottom margin; where the box that leaves is too small
            // for them, the labels stand level (thinned) rather than flip between the two.
            if (pass > 0 && layout.x_ticks_turned && !x_ticks.turned) keep_level = true;
            const TickLabels y_ticks = fitting_y_tick_labels(pen, panel, layout.y, cell);
            const double centre = box.x + 0.5 * box.w;
            const double across = 2.0 * std::min(centre - cell.x, cell.x + cell.w - centre);
            const std::string title = pen.fit_title(panel.title, title_style, across);
            const Pen::Label x_label =
                pen.fit_label(labels.x ? panel.x.label : "", theme.label_size, across);
            // The y label may reach below the box into the band of the x tick labels, where the
            // left margin holds nothing else (draw_panel then lowers its centre).
            const double along = box.h + m.tick_length + m.pad + tick_height;
            const Pen::Label y_label =
                pen.fit_label(labels.y ? panel.y.label : "", theme.label_size, along);
            // The colorbar's label, set for the bar as long as the box, widens the right margin.
            const Pen::Label bar_label =
                layout.colorbar ? colorbar_label(pen, heatmap_colorbar(*panel.heatmap), box.h)
                                : Pen::Label{};
            const bool settled = pass > 0 && x_ticks.ticks.labels == layout.x_ticks.labels &&
                                 x_ticks.size == layout.x_tick_size &&
                                 x_ticks.turned == layout.x_ticks_turned &&
                                 y_ticks.ticks.labels == layout.y_ticks.labels &&
                                 y_ticks.size == layout.y_tick_size && title == layout.title &&
                                 x_label == layout.x_label && y_label == layout.y_label &&
                                 bar_label == previous_bar_label;
            previous_bar_label = bar_label;
            layout.x_ticks = x_ticks.ticks;
            layout.x_tick_size = x_ticks.size;
            layout.x_ticks_turned = x_ticks.turned;
            layout.y_ticks = y_ticks.ticks;
            layout.y_tick_size = y_ticks.size;
            layout.title = title;
            layout.x_label = x_label;
            layout.y_label = y_label;
            if (settled) break;

            double left = m.pad +
                          widest(pen, layout.y_ticks.labels, pen.text_style(layout.y_tick_size)) +
                          m.pad + m.tick_length;
            if (!y_label.text.empty())
                left += pen.text_box(y_label.text, pen.text_style(y_label.size)).h + m.pad;
            // Room for half of the first x tick label, so that it never leaves the cell.
            const TextStyle x_tick_style = pen.text_style(layout.x_tick_size);
            auto across_axis = [&](const std::string& label) {
                return layout.x_ticks_turned ? pen.text_box(label, x_tick_style).h
                                             : pen.width(label, x_tick_style);
            };
            if (!layout.x_ticks.labels.empty())
                left = std::max(left, m.pad + 0.5 * across_axis(layout.x_ticks.labels.front()));
            // Turned labels run down from the axis as far as the longest is wide.
            const double x_tick_depth = layout.x_ticks_turned
                                            ? widest(pen, layout.x_ticks.labels, x_tick_style)
                                            : pen.text_box("0", x_tick_style).h;
            double bottom = m.tick_length + m.pad + x_tick_depth + m.pad;
            if (!x_label.text.empty())
                bottom += pen.text_box(x_label.text, pen.text_style(x_label.size)).h + m.pad;
            const bool masked_note =
                layout.colorbar && !heatmap_colorbar(*panel.heatmap).masked_label.empty();
            if (masked_note) bottom = std::max(bottom, 2.0 * (m.tick_length + tick_height + m.pad));

            double top = m.pad;
            if (!title.empty()) top += pen.text_box(title, title_style).h + layout.title_gap;
            // Room for the upper half of the top y tick label where it sits near the box's top
            // (decision, issue 22: a tick label is never dropped for want of these few points;
            // the old rule dropped it, leaving a heatmap's y axis one tick "0").
            double highest = INFINITY;
            for (const double v : layout.y_ticks.values) highest = std::min(highest, layout.y(v));
            if (std::isfinite(highest))
                top = std::max(top, 0.5 * tick_height + 0.01 - (highest - box.y));
            // Room for half of the last x tick label, so that it never leaves the cell.
            double right = m.pad + 0.5 * (layout.x_ticks.labels.empty()
                                              ? 0.0
                                              : across_axis(layout.x_ticks.labels.back()));
            if (layout.colorbar)
                right = colorbar_space(pen, heatmap_colorbar(*panel.heatmap), box.h) + m.pad;
            if (slot == LegendSlot::Right) right += legend_one_column.w + 4.0 * legend_pad;
            top = std::max(top, at_least.top);
            bottom = std::max(bottom, at_least.bottom);
            // A legend below is this panel's own: the row's other boxes keep their height.
            layout.margins = {top, bottom, 0.0};
            if (slot == LegendSlot::Below) bottom += below_size.h + 3.0 * legend_pad;
            box = {cell.x + left, cell.y + top, std::max(1.0, cell.w - left - right),
                   std::max(1.0, cell.h - top - bottom)};
            layout.free_box = box;
            if (panel.equal_aspect) {
                // One data unit as long on both axes: shrink the longer side and centre the box.
                auto extent = [](const AxisMap& a) {
                    return a.log ? std::log10(a.hi / a.lo) : a.hi - a.lo;
                };
                const double height =
                    at_least.box_height > 0.0 ? std::min(box.h, at_least.box_height) : box.h;
                const double sx = box.w / extent(layout.x), sy = height / extent(layout.y);
                const double stretch = panel.heatmap ? std::max(1.0, view.map_stretch) : 1.0;
                const double w = std::min(sx, stretch * sy) * extent(layout.x);
                const double h = std::min(sy, stretch * sx) * extent(layout.y);
                box.x += 0.5 * (box.w - w);
                box.y += 0.5 * (box.h - h);
                box.w = w;
                box.h = h;
            }
        }
        layout.box = box;
        map_to_box(layout, panel, box);
        layout.legend = {slot, {}, below_columns};
        if (attempt == Try::Below && box.h < 3.0 * theme.label_size) continue;
        if (attempt == Try::WideRight && box.w < 4.0 * theme.label_size) continue;
        if (slot == LegendSlot::Inside) {
            if (legend_one_column.w + 6.0 * legend_pad > box.w ||
                legend_one_column.h + 6.0 * legend_pad > box.h)
                continue;
            // The entries 2 pads in from the box's edges, on a background 1 pad wider.
            const LegendCorner corner =
                best_legend_corner(placed_panel(pen, panel, layout),
                                   {0.0, 0.0, legend_one_column.w + 2.0 * legend_pad,
                                    legend_one_column.h + 2.0 * legend_pad},
                                   legend_pad);
            if (attempt == Try::FreeCorner && corner.covered > 0) continue;
            layout.legend.box = {corner.area.x + legend_pad, corner.area.y + legend_pad,
                                 legend_one_column.w, legend_one_column.h};
            layout.legend.corner = corner.corner;
        } else if (slot == LegendSlot::Right) {
            double x = box.x + box.w + 3.0 * legend_pad;
            if (layout.colorbar)
                x += colorbar_space(pen, heatmap_colorbar(*panel.heatmap), box.h) + m.pad;
            // Level with the box's top, and within the cell.
            if (box.y + 2.0 * legend_pad + legend_one_column.h > cell.y + cell.h) continue;
            layout.legend.box = {x, box.y + legend_pad, legend_one_column.w, legend_one_column.h};
        } else if (slot == LegendSlot::Below) {
            const double x = std::clamp(
                box.x + 0.5 * (box.w - below_size.w), cell.x + legend_pad,
                std::max(cell.x + legend_pad, cell.x + cell.w - legend_pad - below_size.w));
            layout.legend.box = {x, cell.y + cell.h - legend_pad - below_size.h, below_size.w,
                                 below_size.h};
        }
        if (attempt == Try::NarrowRight) {
            beside = layout;
            continue;
        }
        if (beside && worth(beside->box) >= 1.02 * worth(layout.box)) layout = *beside;
        break;
    }
    if (layout.colorbar)
        layout.colorbar_box = {layout.box.x + layout.box.w + m.colorbar_gap, layout.box.y,
                               m.colorbar_width, layout.box.h};
    return layout;
}

}  // namespace posviz
