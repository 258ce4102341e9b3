#include "app/gui/plot/plot_layout.h"

#include <algorithm>
#include <cmath>

#include "app/gui/plot/plot_text.h"

namespace posviz::gui {

namespace {

float widest(ImFont* font, const std::vector<std::string>& labels) {
    float w = 0.0f;
    for (const std::string& label : labels) w = std::max(w, text_size(font, label).x);
    return w;
}

Ticks auto_ticks(const AxisRange& r, int count) {
    return r.log ? log_ticks(r.lo, r.hi, count) : linear_ticks(r.lo, r.hi, count);
}

Ticks explicit_ticks(const Axis& axis, const AxisRange& r) {
    Ticks t;
    const double slack = 1e-9 * (r.hi - r.lo);
    for (size_t i = 0; i < axis.ticks.size(); ++i) {
        const double v = axis.ticks[i];
        if (v < r.lo - slack || v > r.hi + slack) continue;
        t.values.push_back(v);
        t.labels.push_back(i < axis.tick_labels.size() ? axis.tick_labels[i] : format_number(v));
    }
    return t;
}

// As many x ticks as fit side by side with one em between labels.
Ticks x_ticks_fitting(const Axis& axis, const AxisRange& r, float length, const PlotStyle& s) {
    const float em = s.body->FontSize;
    if (!axis.ticks.empty()) {
        const Ticks t = explicit_ticks(axis, r);
        return thin_to_fit(t, length, widest(s.body, t.labels) + em);
    }
    Ticks fallback;  // the fewest ticks that still label two places, if none fit
    for (int count = std::clamp(int(length / (3.5f * em)), 3, 9); count >= 2; --count) {
        Ticks t = auto_ticks(r, count);
        if (t.values.size() < 2) continue;
        if (float(t.values.size()) * (widest(s.body, t.labels) + em) <= length) return t;
        fallback = t;
    }
    return fallback.values.empty() ? auto_ticks(r, 3) : fallback;
}

// Ticks along an axis of `length` pixels, one per 2.6 lines of text, and never fewer than two
// labelled places (a short bar over ±4.9 would otherwise get step 5 and "0" alone).
Ticks vertical_ticks(const AxisRange& r, float length, const PlotStyle& s) {
    Ticks t;
    for (int count = std::clamp(int(length / (2.6f * s.body->FontSize)), 3, 8); count <= 12;
         ++count) {
        t = auto_ticks(r, count);
        if (t.values.size() >= 2) break;
    }
    // A short axis (a colorbar in a small tile) takes no more labels than fit one above another.
    return thin_to_fit(t, length, 1.2f * s.body->FontSize);
}

Ticks y_ticks_fitting(const Axis& axis, const AxisRange& r, float length, const PlotStyle& s) {
    if (!axis.ticks.empty())
        return thin_to_fit(explicit_ticks(axis, r), length, 1.2f * s.body->FontSize);
    return vertical_ticks(r, length, s);
}

}  // namespace

Colorbar panel_colorbar(const Heatmap& heatmap, bool has_masked) {
    return {heatmap.colormap, heatmap_range(heatmap), heatmap.norm, heatmap.colorbar_label,
            has_masked ? heatmap.masked_label : ""};
}

Ticks colorbar_ticks(const Colorbar& colorbar, float length, const PlotStyle& s) {
    return vertical_ticks(
        {colorbar.range.min, colorbar.range.max, colorbar.norm.kind == NormKind::Log}, length, s);
}

// Width of a colorbar with its tick labels and its (vertical) label.
float colorbar_space(const PlotStyle& s, const Colorbar& colorbar, float length) {
    const Metrics m(s);
    float w = m.bar_gap + m.bar_width + m.tick + m.pad +
              widest(s.body, colorbar_ticks(colorbar, length, s).labels);
    if (!colorbar.label.empty()) w += m.pad + s.body->FontSize;
    if (!colorbar.masked_label.empty())
        w = std::max(w,
                     m.bar_gap + m.bar_width + m.pad + text_size(s.body, colorbar.masked_label).x);
    return w + m.pad;
}

std::vector<const LineSeries*> legend_entries(const Panel& panel) {
    std::vector<const LineSeries*> entries;
    if (panel.legend == LegendPosition::None) return entries;
    for (const LineSeries& line : panel.lines)
        if (!line.label.empty()) entries.push_back(&line);
    return entries;
}

ImVec2 legend_size(const PlotStyle& s, const std::vector<const LineSeries*>& entries) {
    const Metrics m(s);
    float w = 0.0f;
    for (const LineSeries* e : entries) w = std::max(w, text_size(s.body, e->label).x);
    return ImVec2(2.0f * m.pad + 2.2f * m.text + m.pad + w,
                  2.0f * m.pad + float(entries.size()) * 1.25f * m.text);
}

bool drawable(const Layout& l, double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && (!l.x.range.log || x > 0.0) &&
           (!l.y.range.log || y > 0.0);
}

Layout layout_panel(const Panel& panel, const PlotStyle& s, const ImRect& cell,
                    const AxisRange& x_range, const AxisRange& y_range, bool has_masked,
                    const RowSpan* row) {
    const Metrics m(s);
    Layout l;
    l.x.range = x_range;
    l.y.range = y_range;
    l.colorbar = panel.heatmap && panel.heatmap->colorbar;
    const std::vector<const LineSeries*> legend = legend_entries(panel);
    // A little room either side, so that neighbouring titles never touch.
    const float title_room = 0.94f * cell.GetWidth();
    l.title_font = text_size(s.heading, panel.title).x <= title_room ? s.heading : s.body;
    l.legend = panel.legend;
    if (l.legend == LegendPosition::Outside && !legend.empty() &&
        legend_size(s, legend).x > 0.45f * cell.GetWidth())
        l.legend = LegendPosition::UpperRight;
    l.title = fit_lines(l.title_font, panel.title, title_room);
    // Two passes: ticks depend on the box size, the margins on the tick labels.
    ImRect box(ImVec2(cell.Min.x + 0.15f * cell.GetWidth(), cell.Min.y + 0.1f * cell.GetHeight()),
               ImVec2(cell.Max.x - 0.15f * cell.GetWidth(), cell.Max.y - 0.15f * cell.GetHeight()));
    for (int pass = 0; pass < 2; ++pass) {
        l.x_ticks = x_ticks_fitting(panel.x, x_range, box.GetWidth(), s);
        l.y_ticks = y_ticks_fitting(panel.y, y_range, box.GetHeight(), s);
        float left = m.pad + widest(s.body, l.y_ticks.labels) + m.pad + m.tick;
        if (!panel.y.label.empty()) left += text_size(s.body, panel.y.label).y + m.pad;
        float bottom = m.tick + m.pad + m.text + m.pad;
        if (!panel.x.label.empty()) bottom += text_size(s.body, panel.x.label).y + m.pad;
        if (l.colorbar && has_masked && !panel.heatmap->masked_label.empty())
            bottom = std::max(bottom, 2.0f * m.pad + 1.5f * m.text);
        // Without a title, room for the top half of the first y tick label (or colorbar tick
        // label), centred on the box's top edge.
        float top = m.pad + 0.5f * m.text;
        if (!panel.title.empty()) top = m.pad + text_size(l.title_font, l.title).y + 2.0f * m.pad;
        // Room for half of the last x tick label, so that it stays inside the cell.
        float right =
            m.pad + 0.5f * widest(s.body, {l.x_ticks.labels.empty() ? std::string()
                                                                    : l.x_ticks.labels.back()});
        if (l.colorbar)
            right = colorbar_space(s, panel_colorbar(*panel.heatmap, has_masked), box.GetHeight());
        if (l.legend == LegendPosition::Outside && !legend.empty())
            right += legend_size(s, legend).x + m.pad;
        box = ImRect(ImVec2(cell.Min.x + left, cell.Min.y + top),
                     ImVec2(std::max(cell.Min.x + left + 1.0f, cell.Max.x - right),
                            std::max(cell.Min.y + top + 1.0f, cell.Max.y - bottom)));
        l.free_box = box;
        if (row) {
            box.Min.y = row->top;
            box.Max.y = row->top + row->height;
        }
        if (panel.equal_aspect) {
            // One data unit as long on both axes: shrink the longer side, centre the box.
            auto extent = [](const AxisRange& r) {
                return r.log ? std::log10(r.hi / r.lo) : r.hi - r.lo;
            };
            const double scale =
                std::min(box.GetWidth() / extent(x_range), box.GetHeight() / extent(y_range));
            const ImVec2 size(float(scale * extent(x_range)), float(scale * extent(y_range)));
            const ImVec2 centre = box.GetCenter();
            box = ImRect(ImVec2(centre.x - 0.5f * size.x, centre.y - 0.5f * size.y),
                         ImVec2(centre.x + 0.5f * size.x, centre.y + 0.5f * size.y));
        }
    }
    l.box = box;
    // A legend inside a box too short for it would cover the tick and axis labels below: the
    // curves' tooltips name them instead.
    if (l.legend != LegendPosition::Outside && !legend.empty() &&
        legend_size(s, legend).y > box.GetHeight() - 2.0f * m.pad)
        l.legend = LegendPosition::None;
    // The title is centred over the box, which sits right of the cell's centre when the y axis
    // has labels: a title nearly the cell's width would then run into the next panel's. It is
    // moved left as far as it needs to stay within its cell.
    const float margin = 0.03f * cell.GetWidth() + 0.5f * text_size(l.title_font, l.title).x;
    l.title_x = std::max(cell.Min.x + margin, std::min(box.GetCenter().x, cell.Max.x - margin));
    l.x.pixel_lo = box.Min.x;
    l.x.pixel_hi = box.Max.x;
    l.y.pixel_lo = panel.y.inverted ? box.Min.y : box.Max.y;
    l.y.pixel_hi = panel.y.inverted ? box.Max.y : box.Min.y;
    if (l.colorbar)
        l.bar = ImRect(ImVec2(box.Max.x + m.bar_gap, box.Min.y),
                       ImVec2(box.Max.x + m.bar_gap + m.bar_width, box.Max.y));
    return l;
}

}  // namespace posviz::gui
