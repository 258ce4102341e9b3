#include "app/gui/plot/plot_layout.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "app/gui/plot/plot_text.h"
#include "core/figure/legend_corner.h"

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
    // Not even two fit: every k-th of the fewest, down to one label, rather than overlapping.
    const Ticks fewest = fallback.values.empty() ? auto_ticks(r, 3) : fallback;
    return thin_to_fit(fewest, length, widest(s.body, fewest.labels) + em);
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

std::string colorbar_label(const PlotStyle& s, const Colorbar& colorbar, float length) {
    const std::string fitted = fit_two_lines(s.body, colorbar.label, length);
    std::string whole = fitted;
    std::replace(whole.begin(), whole.end(), '\n', ' ');
    return whole == colorbar.label ? fitted : "";
}

float colorbar_space(const PlotStyle& s, const Colorbar& colorbar, float length) {
    const Metrics m(s);
    float w = m.bar_gap + m.bar_width + m.tick + m.pad +
              widest(s.body, colorbar_ticks(colorbar, length, s).labels);
    // The label's lines, turned, stand side by side.
    const std::string label = colorbar_label(s, colorbar, length);
    if (!label.empty()) w += m.pad + text_size(s.body, label).y;
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

namespace {

// One entry's width: the line's sample, a gap, the longest label.
float legend_entry_width(const PlotStyle& s, const std::vector<const LineSeries*>& entries) {
    const Metrics m(s);
    float w = 0.0f;
    for (const LineSeries* e : entries) w = std::max(w, text_size(s.body, e->label).x);
    return 2.2f * m.text + m.pad + w;
}

}  // namespace

float legend_column_width(const PlotStyle& s, const std::vector<const LineSeries*>& entries) {
    return legend_entry_width(s, entries) + 2.0f * Metrics(s).pad;
}

ImVec2 legend_size(const PlotStyle& s, const std::vector<const LineSeries*>& entries, int columns) {
    const Metrics m(s);
    const int n = std::max(1, int(entries.size()));
    columns = std::clamp(columns, 1, n);
    const int rows = (n + columns - 1) / columns;
    // Two pads between columns.
    return ImVec2(2.0f * m.pad + float(columns) * legend_entry_width(s, entries) +
                      float(columns - 1) * 2.0f * m.pad,
                  2.0f * m.pad + float(rows) * 1.25f * m.text);
}

int legend_columns(const PlotStyle& s, const std::vector<const LineSeries*>& entries, float width) {
    // legend_size's width is columns × this: the padding either side stands for the last gap.
    return std::clamp(int(width / legend_column_width(s, entries)), 1,
                      std::max(1, int(entries.size())));
}

bool drawable(const Layout& l, double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && (!l.x.range.log || x > 0.0) &&
           (!l.y.range.log || y > 0.0);
}

NotePlacement note_placement(const Layout& l, const Annotation& a) {
    const ImVec2 at = a.place == AnnotationPlace::Data
                          ? ImVec2(float(l.x.to_pixel(a.x)), float(l.y.to_pixel(a.y)))
                          : ImVec2(l.box.Min.x + float(a.x) * l.box.GetWidth(),
                                   l.box.Min.y + float(1.0 - a.y) * l.box.GetHeight());
    const float align_x = a.anchor == Anchor::Left     ? 0.0f
                          : a.anchor == Anchor::Centre ? 0.5f
                                                       : 1.0f;
    return {at, ImVec2(align_x, 0.5f)};
}

ImRect note_box(const PlotStyle& s, const Layout& l, const Annotation& a) {
    const NotePlacement place = note_placement(l, a);
    const ImVec2 size = text_size(s.body, a.text);
    const float pad = a.boxed ? 0.35f * s.body->FontSize : 0.0f;
    const ImVec2 min(place.at.x - place.align.x * size.x - pad,
                     place.at.y - place.align.y * size.y - pad);
    return {min, ImVec2(min.x + size.x + 2.0f * pad, min.y + size.y + 2.0f * pad)};
}

namespace {

// The layout with `legend_right` pixels kept right of the box (and its colorbar) for a legend
// there; the legend itself is left to layout_panel.
Layout layout_box(const Panel& panel, const PlotStyle& s, const ImRect& cell,
                  const AxisRange& x_range, const AxisRange& y_range, bool has_masked,
                  const BoxSpan* span, AxisLabels labels, float legend_right,
                  float legend_bottom = 0.0f) {
    const Metrics m(s);
    Layout l;
    l.x.range = x_range;
    l.y.range = y_range;
    l.colorbar = panel.heatmap && panel.heatmap->colorbar;
    // A little room either side, so that neighbouring titles never touch.
    const float title_room = 0.94f * cell.GetWidth();
    l.title_font = text_size(s.heading, panel.title).x <= title_room ? s.heading : s.body;
    l.title = fit_lines(l.title_font, panel.title, title_room);
    // Two passes: ticks depend on the box size, the margins on the tick labels.
    ImRect box(ImVec2(cell.Min.x + 0.15f * cell.GetWidth(), cell.Min.y + 0.1f * cell.GetHeight()),
               ImVec2(cell.Max.x - 0.15f * cell.GetWidth(), cell.Max.y - 0.15f * cell.GetHeight()));
    float legend_gap = 0.0f;
    l.x_tick_labels = labels.x_ticks;
    l.y_tick_labels = labels.y_ticks;
    for (int pass = 0; pass < 2; ++pass) {
        l.x_ticks = x_ticks_fitting(panel.x, x_range, box.GetWidth(), s);
        l.y_ticks = y_ticks_fitting(panel.y, y_range, box.GetHeight(), s);
        float left = m.pad + m.tick;
        if (l.y_tick_labels) left += widest(s.body, l.y_ticks.labels) + m.pad;
        float bottom = m.tick + m.pad;
        if (l.x_tick_labels) bottom += m.text + m.pad;
        // Without a title, room for the top half of the first y tick label (or colorbar tick
        // label), centred on the box's top edge.
        float top = m.pad + 0.5f * m.text;
        if (!panel.title.empty()) top = m.pad + text_size(l.title_font, l.title).y + 2.0f * m.pad;
        // The axis labels, unless the box would keep less than three lines of text across
        // without them: a cramped panel goes without (its tooltip names the axes).
        const float least = 3.0f * m.text;
        const float x_label = panel.x.label.empty() ? 0.0f : text_size(s.body, panel.x.label).y;
        l.x_label = labels.x && x_label > 0.0f &&
                    cell.GetHeight() - top - bottom - x_label - m.pad >= least;
        if (l.x_label) bottom += x_label + m.pad;
        if (l.colorbar && has_masked && !panel.heatmap->masked_label.empty())
            bottom = std::max(bottom, 2.0f * m.pad + 1.5f * m.text);
        // A legend below goes under the x label, this far below the box.
        legend_gap = bottom;
        bottom += legend_bottom;
        // Room for half of the last x tick label, so that it stays inside the cell.
        float right = m.pad;
        if (l.x_tick_labels && !l.x_ticks.labels.empty())
            right += 0.5f * widest(s.body, {l.x_ticks.labels.back()});
        if (l.colorbar) {
            Colorbar bar = panel_colorbar(*panel.heatmap, has_masked);
            right = colorbar_space(s, bar, box.GetHeight());
            // A cell too narrow for a box beside the bar and its label does without the label
            // (draw_colorbar leaves out what would pass the cell's edge).
            if (cell.GetWidth() - left - right < 2.0f * m.text) {
                bar.label.clear();
                right = colorbar_space(s, bar, box.GetHeight());
            }
        }
        right += legend_right;
        l.y_label_text =
            panel.y.label.empty() ? "" : fit_two_lines(s.body, panel.y.label, box.GetHeight());
        const float y_label = l.y_label_text.empty() ? 0.0f : text_size(s.body, l.y_label_text).y;
        l.y_label =
            labels.y && y_label > 0.0f && cell.GetWidth() - left - right - y_label - m.pad >= least;
        if (l.y_label) left += y_label + m.pad;
        box = ImRect(ImVec2(cell.Min.x + left, cell.Min.y + top),
                     ImVec2(std::max(cell.Min.x + left + 1.0f, cell.Max.x - right),
                            std::max(cell.Min.y + top + 1.0f, cell.Max.y - bottom)));
        l.free_box = box;
        if (span) {
            box.Min.y = span->top;
            box.Max.y = span->top + span->height;
            // Within the room this layout leaves the box: a legend tried beside it keeps its room.
            if (span->width > 0.0f) {
                box.Min.x = std::max(box.Min.x, span->left);
                box.Max.x =
                    std::max(box.Min.x + 1.0f, std::min(box.Max.x, span->left + span->width));
            }
        }
        if (panel.equal_aspect) {
            // One data unit as long on both axes (a map's cells as wide as `stretch` times their
            // height at most, and the reverse): shrink the longer side, centre the box.
            auto extent = [](const AxisRange& r) {
                return r.log ? std::log10(r.hi / r.lo) : r.hi - r.lo;
            };
            const double stretch = panel.heatmap ? std::max(1.0f, s.map_stretch) : 1.0;
            const double x_scale = box.GetWidth() / extent(x_range);
            const double y_scale = box.GetHeight() / extent(y_range);
            const ImVec2 size(float(std::min(x_scale, stretch * y_scale) * extent(x_range)),
                              float(std::min(y_scale, stretch * x_scale) * extent(y_range)));
            const ImVec2 centre = box.GetCenter();
            box = ImRect(ImVec2(centre.x - 0.5f * size.x, centre.y - 0.5f * size.y),
                         ImVec2(centre.x + 0.5f * size.x, centre.y + 0.5f * size.y));
        }
    }
    l.box = box;
    if (legend_bottom > 0.0f)
        l.legend_box = ImRect(ImVec2(cell.Min.x, box.Max.y + legend_gap),
                              ImVec2(cell.Max.x, box.Max.y + legend_gap + legend_bottom - m.pad));
    // The x label is centred under the box: a little longer than the box, never past the cell.
    const float centre = box.GetCenter().x;
    l.x_label_room = std::min(box.GetWidth() + 4.0f * m.text,
                              2.0f * std::min(centre - cell.Min.x, cell.Max.x - centre));
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

// The panel's annotations on the screen and its lines sampled every sixth of the body text, for
// the legend's corner.
PlacedPanel placed_panel(const Panel& panel, const PlotStyle& s, const Layout& l) {
    auto map = [](const AxisTransform& t) {
        return AxisMap{t.range.lo, t.range.hi, t.range.log, t.pixel_lo, t.pixel_hi};
    };
    auto rect = [](const ImRect& r) { return Rect{r.Min.x, r.Min.y, r.GetWidth(), r.GetHeight()}; };
    PlacedPanel placed{&panel, rect(l.box), map(l.x), map(l.y), {}, s.body->FontSize / 6.0};
    for (const Annotation& a : panel.annotations) placed.notes.push_back(rect(note_box(s, l, a)));
    return placed;
}

}  // namespace

Layout layout_panel(const Panel& panel, const PlotStyle& s, const ImRect& cell,
                    const AxisRange& x_range, const AxisRange& y_range, bool has_masked,
                    const BoxSpan* span, AxisLabels labels) {
    const Metrics m(s);
    const std::vector<const LineSeries*> legend = legend_entries(panel);
    auto lay_out = [&](float legend_right) {
        return layout_box(panel, s, cell, x_range, y_range, has_masked, span, labels, legend_right);
    };
    auto lay_out_below = [&](float legend_bottom) {
        return layout_box(panel, s, cell, x_range, y_range, has_masked, span, labels, 0.0f,
                          legend_bottom);
    };
    if (legend.empty()) return lay_out(0.0f);
    const ImVec2 size = legend_size(s, legend);
    // The order of Layout::legend's comment. The corner is looked for only when needed: it
    // walks every line, and a PCA path has a million points.
    Layout inside = lay_out(0.0f);
    const bool fits_inside = size.x + 2.0f * m.pad <= inside.box.GetWidth() &&
                             size.y + 2.0f * m.pad <= inside.box.GetHeight();
    std::optional<LegendCorner> corner;
    auto in_corner = [&]() -> const LegendCorner& {
        if (!corner)
            corner = best_legend_corner(placed_panel(panel, s, inside), {0.0, 0.0, size.x, size.y},
                                        m.pad);
        return *corner;
    };
    auto take_corner = [&]() {
        inside.legend = in_corner().corner;
        const Rect& a = in_corner().area;
        inside.legend_box =
            ImRect(ImVec2(float(a.x), float(a.y)), ImVec2(float(a.x + a.w), float(a.y + a.h)));
        return inside;
    };
    if (fits_inside && panel.legend != LegendPosition::Outside && in_corner().covered == 0)
        return take_corner();
    std::optional<Layout> outside;
    if (size.x <= 0.45f * cell.GetWidth()) {
        Layout beside = lay_out(size.x + m.pad);
        // Right of the colorbar if there is one; level with the box's top, within the cell.
        const float x =
            beside.box.Max.x + (beside.colorbar
                                    ? colorbar_space(s, panel_colorbar(*panel.heatmap, has_masked),
                                                     beside.box.GetHeight())
                                    : m.pad);
        if (beside.box.Min.y + size.y <= cell.Max.y) {
            beside.legend = LegendPosition::Outside;
            beside.legend_box =
                ImRect(ImVec2(x, beside.box.Min.y), ImVec2(x + size.x, beside.box.Min.y + size.y));
            outside = beside;
        }
    }
    if (s.legend_below) {
        const int columns = legend_columns(s, legend, cell.GetWidth() - 2.0f * m.pad);
        const ImVec2 wide = legend_size(s, legend, columns);
        Layout below = lay_out_below(wide.y + m.pad);
        auto area = [](const Layout& l) { return l.box.GetWidth() * l.box.GetHeight(); };
        // Three lines of text left to the box, as exports ask, and more room than beside it.
        if (below.box.GetHeight() >= 3.0f * m.text && (!outside || area(below) > area(*outside))) {
            below.legend = LegendPosition::Outside;
            below.legend_columns = columns;
            // Centred under the box, within the cell.
            const float x = std::clamp(below.box.GetCenter().x - 0.5f * wide.x, cell.Min.x,
                                       cell.Max.x - wide.x);
            const float y = below.legend_box.Min.y;
            below.legend_box = ImRect(ImVec2(x, y), ImVec2(x + wide.x, y + wide.y));
            outside = below;
        }
    }
    if (outside) return *outside;
    if (fits_inside) return take_corner();
    return inside;  // no legend: the curves' tooltips name them
}

}  // namespace posviz::gui
