#include "app/gui/plot_widget.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>

#include "app/gui/heatmap_texture.h"
#include "app/gui/plot_text.h"
#include "core/figure/colormap.h"
#include "core/figure/ticks.h"

namespace posviz::gui {

namespace {

ImU32 to_u32(Rgb c, float alpha = 1.0f) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(float(c.r), float(c.g), float(c.b), alpha));
}

// Spacing around a plot box, in pixels, proportional to the text size (as the file renderer
// scales its margins with the tick font).
struct Metrics {
    float text, pad, tick, bar_width, bar_gap;
    explicit Metrics(const PlotStyle& s)
        : text(s.body->FontSize),
          pad(0.35f * text),
          tick(0.4f * text),
          bar_width(1.1f * text),
          bar_gap(0.9f * text) {}
};

// The limits the user zoomed or panned to, kept for as long as the panel's own limits (that is,
// its data) stay the same.
struct ZoomState {
    AxisRange default_x, default_y, x, y;
};
std::unordered_map<ImGuiID, ZoomState> g_zoom;

struct Layout {
    ImRect box;       // the plot area
    ImRect free_box;  // the area it could take before rows and equal aspect shrink it
    AxisTransform x, y;
    Ticks x_ticks, y_ticks;
    bool colorbar = false;  // the heatmap's own, right of the box
    ImRect bar;
    // The title as it fits the cell: in the heading font, else the body font, lines shortened.
    ImFont* title_font = nullptr;
    std::string title;
    // Where the legend goes: the panel's choice, except that an outside legend which would take
    // nearly half of a narrow cell moves into the plot's upper right corner.
    LegendPosition legend = LegendPosition::None;
};

// ---- ticks ----

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
    if (!axis.ticks.empty()) return explicit_ticks(axis, r);
    const float em = s.body->FontSize;
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
    return t;
}

Ticks y_ticks_fitting(const Axis& axis, const AxisRange& r, float length, const PlotStyle& s) {
    if (!axis.ticks.empty()) return explicit_ticks(axis, r);
    return vertical_ticks(r, length, s);
}

Ticks colorbar_ticks(const Range& range, float length, const PlotStyle& s) {
    return vertical_ticks({range.min, range.max, false}, length, s);
}

// ---- colorbars and legends ----

// Width of a colorbar with its tick labels and its (vertical) label.
// Width of a colorbar with its tick labels, its (vertical) label and the masked-cell swatch's
// label under it, if any.
float colorbar_space(const PlotStyle& s, const Range& range, const std::string& label,
                     const std::string& masked_label, float length) {
    const Metrics m(s);
    float w = m.bar_gap + m.bar_width + m.tick + m.pad +
              widest(s.body, colorbar_ticks(range, length, s).labels);
    if (!label.empty()) w += m.pad + s.body->FontSize;
    if (!masked_label.empty())
        w = std::max(w, m.bar_gap + m.bar_width + m.pad + text_size(s.body, masked_label).x);
    return w + m.pad;
}

void draw_colorbar(ImDrawList* draw, const PlotStyle& s, const ImRect& bar,
                   const std::string& colormap_name, const Range& range, const std::string& label,
                   const std::string& masked_label) {
    const Theme& theme = *s.theme;
    const Metrics m(s);
    const Colormap& colormap = find_colormap(colormap_name);
    constexpr int k_steps = 96;
    const float step = bar.GetHeight() / k_steps;
    for (int i = 0; i < k_steps; ++i) {
        const ImU32 top = to_u32(colormap.at(1.0 - double(i) / k_steps));
        const ImU32 bottom = to_u32(colormap.at(1.0 - double(i + 1) / k_steps));
        draw->AddRectFilledMultiColor(ImVec2(bar.Min.x, bar.Min.y + i * step),
                                      ImVec2(bar.Max.x, bar.Min.y + (i + 1) * step + 0.5f), top,
                                      top, bottom, bottom);
    }
    const ImU32 fg = to_u32(theme.foreground);
    draw->AddRect(bar.Min, bar.Max, fg);
    const Ticks ticks = colorbar_ticks(range, bar.GetHeight(), s);
    float labels_right = bar.Max.x;
    for (size_t i = 0; i < ticks.values.size(); ++i) {
        const float y = bar.Max.y - float((ticks.values[i] - range.min) / (range.max - range.min)) *
                                        bar.GetHeight();
        draw->AddLine(ImVec2(bar.Max.x, y), ImVec2(bar.Max.x + m.tick, y), fg);
        const TextBox t = add_text(draw, s.body, ImVec2(bar.Max.x + m.tick + m.pad, y),
                                   ImVec2(0.0f, 0.5f), fg, ticks.labels[i]);
        labels_right = std::max(labels_right, t.max.x);
    }
    if (!label.empty())
        add_vertical_text(draw, s.body,
                          ImVec2(labels_right + m.pad + 0.5f * s.body->FontSize, bar.GetCenter().y),
                          fg, label);
    if (!masked_label.empty()) {
        const float top = bar.Max.y + 2.0f * m.pad;
        const ImVec2 swatch_max(bar.Max.x, top + s.body->FontSize);
        draw->AddRectFilled(ImVec2(bar.Min.x, top), swatch_max, to_u32(theme.masked));
        draw->AddRect(ImVec2(bar.Min.x, top), swatch_max, fg);
        add_text(draw, s.body, ImVec2(bar.Max.x + m.pad, top + 0.5f * s.body->FontSize),
                 ImVec2(0.0f, 0.5f), fg, masked_label);
    }
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

// ---- marks ----

float line_pixels(const PlotStyle& s, double points) {
    return std::max(1.0f, float(points) * s.pixels_per_point * float(s.theme->line_scale));
}

void add_dashed_polyline(ImDrawList* draw, const std::vector<ImVec2>& points, ImU32 colour,
                         float width) {
    const float dash = 3.5f * width + 3.0f, gap = 2.5f * width + 2.0f;
    float phase = 0.0f;  // distance into the current dash+gap period
    for (size_t i = 1; i < points.size(); ++i) {
        const ImVec2 a = points[i - 1], b = points[i];
        const float length = std::hypot(b.x - a.x, b.y - a.y);
        float done = 0.0f;
        while (done < length) {
            const bool drawing = phase < dash;
            const float left = drawing ? dash - phase : dash + gap - phase;
            const float run = std::min(left, length - done);
            if (drawing) {
                const float t0 = done / length, t1 = (done + run) / length;
                draw->AddLine(ImVec2(a.x + (b.x - a.x) * t0, a.y + (b.y - a.y) * t0),
                              ImVec2(a.x + (b.x - a.x) * t1, a.y + (b.y - a.y) * t1), colour,
                              width);
            }
            done += run;
            phase = std::fmod(phase + run, dash + gap);
        }
    }
}

void add_polyline(ImDrawList* draw, const std::vector<ImVec2>& points, ImU32 colour, float width,
                  bool dashed) {
    if (points.size() < 2) return;
    if (dashed)
        add_dashed_polyline(draw, points, colour, width);
    else
        draw->AddPolyline(points.data(), int(points.size()), colour, ImDrawFlags_None, width);
}

bool drawable(const Layout& l, double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && (!l.x.range.log || x > 0.0) &&
           (!l.y.range.log || y > 0.0);
}

void draw_line(ImDrawList* draw, const PlotStyle& s, const Layout& l, const LineSeries& line) {
    const ImU32 colour = to_u32(resolve_colour(*s.theme, line.colour));
    const float width = line_pixels(s, line.width);
    std::vector<ImVec2> run;  // a NaN (or a non-positive value on a log axis) breaks the line
    for (size_t i = 0; i <= line.x.size() && i <= line.y.size(); ++i) {
        const bool end = i == line.x.size() || i == line.y.size();
        if (end || !drawable(l, line.x[i], line.y[i])) {
            add_polyline(draw, run, colour, width, line.dashed);
            run.clear();
            if (end) break;
            continue;
        }
        const ImVec2 p(float(l.x.to_pixel(line.x[i])), float(l.y.to_pixel(line.y[i])));
        if (line.steps && !run.empty()) {
            const float middle = 0.5f * (run.back().x + p.x);
            run.push_back(ImVec2(middle, run.back().y));
            run.push_back(ImVec2(middle, p.y));
        }
        run.push_back(p);
    }
    if (!line.markers) return;
    const float radius =
        (1.2f * float(line.width) + 0.9f) * s.pixels_per_point * float(s.theme->line_scale);
    for (size_t i = 0; i < line.x.size() && i < line.y.size(); ++i)
        if (drawable(l, line.x[i], line.y[i]))
            draw->AddCircleFilled(
                ImVec2(float(l.x.to_pixel(line.x[i])), float(l.y.to_pixel(line.y[i]))), radius,
                colour);
}

float pixel_radius(const Layout& l, double cx, double radius) {
    return float(std::abs(l.x.to_pixel(cx + radius) - l.x.to_pixel(cx)));
}

void draw_arrow(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Arrow& a) {
    const ImVec2 p0(float(l.x.to_pixel(a.x0)), float(l.y.to_pixel(a.y0)));
    const ImVec2 p1(float(l.x.to_pixel(a.x1)), float(l.y.to_pixel(a.y1)));
    const float length = std::hypot(p1.x - p0.x, p1.y - p0.y);
    if (length < 1e-3f) return;
    const float ux = (p1.x - p0.x) / length, uy = (p1.y - p0.y) / length;
    const float width = line_pixels(s, a.width);
    const float head = std::min(length, 3.0f * width + 6.0f), half = 0.42f * head;
    const ImU32 colour = to_u32(resolve_colour(*s.theme, a.colour));
    draw->AddLine(p0, ImVec2(p1.x - ux * head * 0.8f, p1.y - uy * head * 0.8f), colour, width);
    draw->AddTriangleFilled(p1, ImVec2(p1.x - ux * head - uy * half, p1.y - uy * head + ux * half),
                            ImVec2(p1.x - ux * head + uy * half, p1.y - uy * head - ux * half),
                            colour);
}

// Just beyond the arrow's head, on the side it points to.
void draw_arrow_label(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Arrow& a) {
    const ImVec2 p0(float(l.x.to_pixel(a.x0)), float(l.y.to_pixel(a.y0)));
    const ImVec2 p1(float(l.x.to_pixel(a.x1)), float(l.y.to_pixel(a.y1)));
    const float length = std::hypot(p1.x - p0.x, p1.y - p0.y);
    if (a.label.empty() || length < 1e-3f) return;
    const float ux = (p1.x - p0.x) / length, uy = (p1.y - p0.y) / length;
    const float gap = 0.35f * s.body->FontSize;
    add_text(draw, s.body, ImVec2(p1.x + ux * gap, p1.y + uy * gap),
             ImVec2(0.5f - 0.5f * ux, 0.5f - 0.5f * uy), to_u32(resolve_colour(*s.theme, a.colour)),
             a.label);
}

void draw_annotation(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Annotation& a) {
    const ImVec2 at = a.place == AnnotationPlace::Data
                          ? ImVec2(float(l.x.to_pixel(a.x)), float(l.y.to_pixel(a.y)))
                          : ImVec2(l.box.Min.x + float(a.x) * l.box.GetWidth(),
                                   l.box.Min.y + float(1.0 - a.y) * l.box.GetHeight());
    const ImVec2 align(a.anchor == Anchor::Left     ? 0.0f
                       : a.anchor == Anchor::Centre ? 0.5f
                                                    : 1.0f,
                       0.5f);
    const ImU32 colour = to_u32(resolve_colour(*s.theme, a.colour));
    if (a.boxed) {
        const ImVec2 size = text_size(s.body, a.text);
        const float pad = 0.35f * s.body->FontSize;
        const ImVec2 min(at.x - align.x * size.x - pad, at.y - align.y * size.y - pad);
        draw->AddRectFilled(min, ImVec2(min.x + size.x + 2 * pad, min.y + size.y + 2 * pad),
                            to_u32(s.theme->note_box, 0.9f), pad);
    }
    add_text(draw, s.body, at, align, colour, a.text);
}

// The shapes a panel draws inside its box, over the heatmap: also what an overlay adds.
void draw_marks(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Panel& panel) {
    for (const LineSeries& line : panel.lines) draw_line(draw, s, l, line);
    for (const Circle& c : panel.circles) {
        const ImVec2 centre(float(l.x.to_pixel(c.cx)), float(l.y.to_pixel(c.cy)));
        const float radius = pixel_radius(l, c.cx, c.radius);
        const ImU32 colour = to_u32(resolve_colour(*s.theme, c.colour));
        draw->PathArcTo(centre, radius, 0.0f, 2.0f * IM_PI, 96);
        if (c.dashed) {
            std::vector<ImVec2> points(draw->_Path.begin(), draw->_Path.end());
            draw->PathClear();
            add_dashed_polyline(draw, points, colour, line_pixels(s, c.width));
        } else {
            draw->PathStroke(colour, ImDrawFlags_Closed, line_pixels(s, c.width));
        }
    }
    for (const Arc& a : panel.arcs) {
        // Screen y points down: a counter-clockwise data angle is a negative screen angle.
        draw->PathArcTo(ImVec2(float(l.x.to_pixel(a.cx)), float(l.y.to_pixel(a.cy))),
                        pixel_radius(l, a.cx, a.radius), float(-a.a0), float(-a.a1), 48);
        draw->PathStroke(to_u32(resolve_colour(*s.theme, a.colour)), ImDrawFlags_None,
                         line_pixels(s, a.width));
    }
    for (const Arrow& a : panel.arrows) draw_arrow(draw, s, l, a);
}

// The text a panel places by data: arrow labels and notes, which may reach past the box.
void draw_notes(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Panel& panel) {
    for (const Arrow& a : panel.arrows) draw_arrow_label(draw, s, l, a);
    for (const Annotation& a : panel.annotations) draw_annotation(draw, s, l, a);
}

// ---- layout ----

// Panels side by side in a figure row share the top and height of their plot boxes, so that
// heatmaps with and without a y label still line up.
struct RowSpan {
    float top = 0.0f, height = 0.0f;
};

Layout layout_panel(const Panel& panel, const PlotStyle& s, const ImRect& cell,
                    const AxisRange& x_range, const AxisRange& y_range, bool has_masked,
                    const RowSpan* row) {
    const Metrics m(s);
    Layout l;
    l.x.range = x_range;
    l.y.range = y_range;
    l.colorbar = panel.heatmap && panel.heatmap->colorbar;
    const Range colour_range = panel.heatmap ? heatmap_range(*panel.heatmap) : Range{};
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
        float top = m.pad;
        if (!panel.title.empty()) top += text_size(l.title_font, l.title).y + 2.0f * m.pad;
        // Room for half of the last x tick label, so that it stays inside the cell.
        float right =
            m.pad + 0.5f * widest(s.body, {l.x_ticks.labels.empty() ? std::string()
                                                                    : l.x_ticks.labels.back()});
        if (l.colorbar)
            right = colorbar_space(s, colour_range, panel.heatmap->colorbar_label,
                                   has_masked ? panel.heatmap->masked_label : "", box.GetHeight());
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
    l.x.pixel_lo = box.Min.x;
    l.x.pixel_hi = box.Max.x;
    l.y.pixel_lo = panel.y.inverted ? box.Min.y : box.Max.y;
    l.y.pixel_hi = panel.y.inverted ? box.Max.y : box.Min.y;
    if (l.colorbar)
        l.bar = ImRect(ImVec2(box.Max.x + m.bar_gap, box.Min.y),
                       ImVec2(box.Max.x + m.bar_gap + m.bar_width, box.Max.y));
    return l;
}

// ---- axes ----

void draw_grid(ImDrawList* draw, const PlotStyle& s, const Layout& l) {
    const ImU32 grid = to_u32(s.theme->grid);
    for (double v : l.x_ticks.values) {
        const float x = float(l.x.to_pixel(v));
        draw->AddLine(ImVec2(x, l.box.Min.y), ImVec2(x, l.box.Max.y), grid);
    }
    for (double v : l.y_ticks.values) {
        const float y = float(l.y.to_pixel(v));
        draw->AddLine(ImVec2(l.box.Min.x, y), ImVec2(l.box.Max.x, y), grid);
    }
}

void draw_axes(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Panel& panel) {
    const Metrics m(s);
    const ImU32 fg = to_u32(s.theme->foreground);
    const ImRect& b = l.box;
    const float axis_width = std::max(1.0f, 0.6f * s.pixels_per_point);
    // Heatmaps get a full frame, plots only the left and bottom spines.
    if (panel.heatmap) {
        draw->AddRect(b.Min, b.Max, fg, 0.0f, ImDrawFlags_None, axis_width);
    } else {
        draw->AddLine(b.Min, ImVec2(b.Min.x, b.Max.y), fg, axis_width);
        draw->AddLine(ImVec2(b.Min.x, b.Max.y), b.Max, fg, axis_width);
    }
    float labels_bottom = b.Max.y + m.tick + m.pad;
    for (size_t i = 0; i < l.x_ticks.values.size(); ++i) {
        const float x = float(l.x.to_pixel(l.x_ticks.values[i]));
        draw->AddLine(ImVec2(x, b.Max.y), ImVec2(x, b.Max.y + m.tick), fg, axis_width);
        const TextBox t = add_text(draw, s.body, ImVec2(x, b.Max.y + m.tick + m.pad),
                                   ImVec2(0.5f, 0.0f), fg, l.x_ticks.labels[i]);
        labels_bottom = std::max(labels_bottom, t.max.y);
    }
    float labels_left = b.Min.x - m.tick - m.pad;
    for (size_t i = 0; i < l.y_ticks.values.size(); ++i) {
        const float y = float(l.y.to_pixel(l.y_ticks.values[i]));
        draw->AddLine(ImVec2(b.Min.x - m.tick, y), ImVec2(b.Min.x, y), fg, axis_width);
        const TextBox t = add_text(draw, s.body, ImVec2(b.Min.x - m.tick - m.pad, y),
                                   ImVec2(1.0f, 0.5f), fg, l.y_ticks.labels[i]);
        labels_left = std::min(labels_left, t.min.x);
    }
    for (double v : l.x_ticks.minor) {
        const float x = float(l.x.to_pixel(v));
        draw->AddLine(ImVec2(x, b.Max.y), ImVec2(x, b.Max.y + 0.6f * m.tick), fg);
    }
    for (double v : l.y_ticks.minor) {
        const float y = float(l.y.to_pixel(v));
        draw->AddLine(ImVec2(b.Min.x - 0.6f * m.tick, y), ImVec2(b.Min.x, y), fg);
    }
    // Labels longer than their side of a small plot are shortened rather than run into the
    // neighbouring panel (the tooltip still names the axes in full).
    if (!panel.x.label.empty())
        add_text(draw, s.body, ImVec2(b.GetCenter().x, labels_bottom + m.pad), ImVec2(0.5f, 0.0f),
                 fg, fit_text(s.body, panel.x.label, b.GetWidth() + 4.0f * m.text));
    if (!panel.y.label.empty()) {
        const float h = text_size(s.body, panel.y.label).y;
        add_vertical_text(draw, s.body, ImVec2(labels_left - m.pad - 0.5f * h, b.GetCenter().y), fg,
                          fit_text(s.body, panel.y.label, b.GetHeight() + 2.0f * m.text));
    }
    if (!l.title.empty())
        add_text(draw, l.title_font, ImVec2(b.GetCenter().x, b.Min.y - 2.0f * m.pad),
                 ImVec2(0.5f, 1.0f), fg, l.title);
}

void draw_legend(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Panel& panel) {
    const std::vector<const LineSeries*> entries = legend_entries(panel);
    if (entries.empty()) return;
    const Metrics m(s);
    const ImVec2 size = legend_size(s, entries);
    const ImRect& b = l.box;
    ImVec2 at;  // top-left corner
    switch (l.legend) {
        case LegendPosition::UpperLeft:
            at = ImVec2(b.Min.x + m.pad, b.Min.y + m.pad);
            break;
        case LegendPosition::LowerRight:
            at = ImVec2(b.Max.x - m.pad - size.x, b.Max.y - m.pad - size.y);
            break;
        case LegendPosition::LowerLeft:
            at = ImVec2(b.Min.x + m.pad, b.Max.y - m.pad - size.y);
            break;
        case LegendPosition::Outside:
            at = ImVec2(b.Max.x + m.pad, b.Min.y);
            break;
        default:
            at = ImVec2(b.Max.x - m.pad - size.x, b.Min.y + m.pad);
            break;
    }
    draw->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), to_u32(s.theme->note_box, 0.9f),
                        m.pad);
    draw->AddRect(at, ImVec2(at.x + size.x, at.y + size.y), to_u32(s.theme->grid), m.pad);
    float y = at.y + m.pad + 0.625f * m.text;
    for (const LineSeries* e : entries) {
        const ImU32 colour = to_u32(resolve_colour(*s.theme, e->colour));
        const ImVec2 a(at.x + m.pad, y), c(at.x + m.pad + 2.2f * m.text, y);
        add_polyline(draw, {a, c}, colour, line_pixels(s, e->width), e->dashed);
        if (e->markers)
            draw->AddCircleFilled(ImVec2(0.5f * (a.x + c.x), y), 0.25f * m.text, colour);
        add_text(draw, s.body, ImVec2(c.x + m.pad, y), ImVec2(0.0f, 0.5f),
                 to_u32(s.theme->foreground), e->label);
        y += 1.25f * m.text;
    }
}

// ---- hover ----

std::string cell_value_text(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v < 0 ? "−∞" : "∞";
    return format_number(v, 4);
}

void heatmap_tooltip(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Panel& panel,
                     const Cell& cell) {
    const Heatmap& h = *panel.heatmap;
    const double x = cell_centre_x(h, cell.col), y = cell_centre_y(h, cell.row);
    // Outline the cell so that it is clear which one the numbers are about.
    const float x0 = float(l.x.to_pixel(x - 0.5 * (h.x1 - h.x0) / double(h.values.cols())));
    const float x1 = float(l.x.to_pixel(x + 0.5 * (h.x1 - h.x0) / double(h.values.cols())));
    const float y0 = float(l.y.to_pixel(y - 0.5 * (h.y1 - h.y0) / double(h.values.rows())));
    const float y1 = float(l.y.to_pixel(y + 0.5 * (h.y1 - h.y0) / double(h.values.rows())));
    draw->AddRect(ImVec2(std::min(x0, x1), std::min(y0, y1)),
                  ImVec2(std::max(x0, x1), std::max(y0, y1)), to_u32(s.theme->foreground), 0.0f,
                  ImDrawFlags_None, 2.0f);
    const bool square = h.values.rows() == h.values.cols();
    const std::string row_name = panel.y.label.empty() ? "m" : panel.y.label;
    const std::string col_name = panel.x.label.empty() ? "n" : panel.x.label;
    std::string text = row_name + " = " + format_number(y, 6) + "\n" + col_name + " = " +
                       format_number(x, 6) + "\n";
    if (square) text += "m − n = " + format_number(y - x, 6) + "\n";
    text += (h.colorbar_label.empty() ? std::string("value") : h.colorbar_label) + " = " +
            cell_value_text(h.values(cell.row, cell.col));
    ImGui::SetTooltip("%s", text.c_str());
}

// The point of any labelled or unlabelled curve nearest to the mouse, within a few pixels.
void line_tooltip(const Layout& l, const Panel& panel, ImVec2 mouse, float reach) {
    const LineSeries* best_line = nullptr;
    size_t best = 0;
    float best_distance = reach * reach;
    for (const LineSeries& line : panel.lines)
        for (size_t i = 0; i < line.x.size() && i < line.y.size(); ++i) {
            if (!drawable(l, line.x[i], line.y[i])) continue;
            const float dx = float(l.x.to_pixel(line.x[i])) - mouse.x;
            const float dy = float(l.y.to_pixel(line.y[i])) - mouse.y;
            if (dx * dx + dy * dy < best_distance) {
                best_distance = dx * dx + dy * dy;
                best_line = &line;
                best = i;
            }
        }
    if (!best_line) return;
    std::string text = best_line->label.empty() ? "" : best_line->label + "\n";
    text += (panel.x.label.empty() ? std::string("x") : panel.x.label) + " = " +
            format_number(best_line->x[best], 5) + "\n" +
            (panel.y.label.empty() ? std::string("y") : panel.y.label) + " = " +
            format_number(best_line->y[best], 5);
    ImGui::SetTooltip("%s", text.c_str());
}

struct PanelResult {
    PlotHover hover;
    ImRect box;
    bool has_masked = false;
};

// A panel's state kept between frames: its zoom, its heatmap texture.
struct PanelState {
    ImGuiID id = 0;
    ZoomState* zoom = nullptr;
    AxisRange default_x, default_y;
    HeatmapTexture texture;
};

PanelState panel_state(int index, const Panel& panel, uint64_t version, const PlotStyle& s,
                       const std::vector<uint8_t>* pixels) {
    PanelState state;
    ImGui::PushID(index);
    state.id = ImGui::GetID("panel");
    ImGui::PopID();
    state.default_x = panel_axis_range(panel, true);
    state.default_y = panel_axis_range(panel, false);
    state.zoom = &g_zoom[state.id];
    if (!(state.zoom->default_x == state.default_x && state.zoom->default_y == state.default_y))
        *state.zoom = {state.default_x, state.default_y, state.default_x, state.default_y};
    if (panel.heatmap && panel.heatmap->values.size() > 0)
        state.texture = heatmap_texture(state.id, *panel.heatmap, *s.theme, version, pixels);
    return state;
}

Layout natural_layout(int index, const Panel& panel, uint64_t version, const PlotStyle& s,
                      const ImRect& cell, const std::vector<uint8_t>* pixels) {
    const PanelState state = panel_state(index, panel, version, s, pixels);
    return layout_panel(panel, s, cell, state.zoom->x, state.zoom->y, state.texture.has_masked,
                        nullptr);
}

PanelResult plot_panel(int index, const Panel& panel, uint64_t version, const PlotStyle& s,
                       const ImRect& cell, const Panel* overlay, const RowSpan& row,
                       const std::vector<uint8_t>* pixels) {
    const PanelState state = panel_state(index, panel, version, s, pixels);
    ZoomState& zoom = *state.zoom;
    const HeatmapTexture& texture = state.texture;
    const AxisRange &default_x = state.default_x, &default_y = state.default_y;
    ImGui::PushID(index);
    Layout l = layout_panel(panel, s, cell, zoom.x, zoom.y, texture.has_masked, &row);
    ImGui::SetCursorScreenPos(l.box.Min);
    ImGui::InvisibleButton(
        "panel", ImVec2(std::max(1.0f, l.box.GetWidth()), std::max(1.0f, l.box.GetHeight())));
    ImGui::SetItemUsingMouseWheel();
    const ImGuiIO& io = ImGui::GetIO();
    const bool hovered = ImGui::IsItemHovered();
    bool changed = false;
    if (hovered && io.MouseWheel != 0.0f) {
        const double factor = std::pow(0.85, double(io.MouseWheel));
        zoom.x = zoom_range(l.x, io.MousePos.x, factor);
        zoom.y = zoom_range(l.y, io.MousePos.y, factor);
        changed = true;
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f)) {
        zoom.x = pan_range(l.x, io.MouseDelta.x);
        zoom.y = pan_range(l.y, io.MouseDelta.y);
        changed = true;
    }
    if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
        zoom.x = default_x;
        zoom.y = default_y;
        changed = true;
    }
    if (changed) l = layout_panel(panel, s, cell, zoom.x, zoom.y, texture.has_masked, &row);

    PanelResult result;
    result.box = l.box;
    result.has_masked = texture.has_masked;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    if (panel.grid && !panel.heatmap) draw_grid(draw, s, l);
    draw->PushClipRect(l.box.Min, l.box.Max, true);
    if (texture.id) {
        const Heatmap& h = *panel.heatmap;
        draw->AddImage(texture.id, ImVec2(float(l.x.to_pixel(h.x0)), float(l.y.to_pixel(h.y0))),
                       ImVec2(float(l.x.to_pixel(h.x1)), float(l.y.to_pixel(h.y1))));
    }
    draw_marks(draw, s, l, panel);
    if (overlay) draw_marks(draw, s, l, *overlay);
    draw->PopClipRect();
    draw->PushClipRect(cell.Min, cell.Max, true);
    draw_notes(draw, s, l, panel);
    if (overlay) draw_notes(draw, s, l, *overlay);
    draw->PopClipRect();
    draw_axes(draw, s, l, panel);
    if (l.colorbar) {
        const Heatmap& h = *panel.heatmap;
        draw_colorbar(draw, s, l.bar, h.colormap, heatmap_range(h), h.colorbar_label,
                      texture.has_masked ? h.masked_label : "");
    }
    draw_legend(draw, s, l, panel);

    if (hovered) {
        result.hover.x = l.x.to_data(io.MousePos.x);
        result.hover.y = l.y.to_data(io.MousePos.y);
        if (panel.heatmap)
            result.hover.cell = heatmap_cell_at(*panel.heatmap, result.hover.x, result.hover.y);
        if (result.hover.cell)
            heatmap_tooltip(draw, s, l, panel, *result.hover.cell);
        else if (!ImGui::IsItemActive())
            line_tooltip(l, panel, io.MousePos, 0.8f * s.body->FontSize);
        result.hover.panel = index;
        result.hover.clicked = ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
                               io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 16.0f;
    }
    ImGui::PopID();
    return result;
}

}  // namespace

PlotHover PlotFigure(const char* id, const Figure& figure, uint64_t version, const PlotStyle& style,
                     ImVec2 size, const std::vector<Panel>& overlays,
                     const std::vector<std::vector<uint8_t>>& heatmap_pixels) {
    auto pixels_of = [&](int i) {
        return size_t(i) < heatmap_pixels.size() ? &heatmap_pixels[size_t(i)] : nullptr;
    };
    ImGui::PushID(id);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImRect area(origin,
                      ImVec2(origin.x + std::max(size.x, 1.0f), origin.y + std::max(size.y, 1.0f)));
    const Metrics m(style);
    const Theme& theme = *style.theme;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(area.Min, area.Max, true);
    draw->AddRectFilled(area.Min, area.Max, to_u32(theme.background));

    float top = area.Min.y + m.pad;
    const float inner_width = area.GetWidth() - 2.0f * m.pad;
    if (!figure.title.empty()) {
        const TextBox t =
            add_text(draw, style.heading, ImVec2(area.GetCenter().x, top), ImVec2(0.5f, 0.0f),
                     to_u32(theme.foreground), fit_text(style.heading, figure.title, inner_width));
        top = t.max.y + 0.3f * m.pad;
    }
    if (!figure.subtitle.empty()) {
        const TextBox t =
            add_text(draw, style.body, ImVec2(area.GetCenter().x, top), ImVec2(0.5f, 0.0f),
                     to_u32(theme.muted), fit_text(style.body, figure.subtitle, inner_width));
        top = t.max.y + m.pad;
    }

    ImRect grid(ImVec2(area.Min.x + m.pad, top), ImVec2(area.Max.x - m.pad, area.Max.y - m.pad));
    // Far wider than designed, panels would drift apart with empty bands between them: keep the
    // grid within a third more than the designed shape, centred.
    if (figure.width_in > 0.0 && figure.height_in > 0.0) {
        const float widest_grid =
            1.35f * grid.GetHeight() * float(figure.width_in / figure.height_in);
        const float spare = grid.GetWidth() - widest_grid;
        if (spare > 0.0f) {
            grid.Min.x += 0.5f * spare;
            grid.Max.x -= 0.5f * spare;
        }
    }
    if (figure.colorbar)
        grid.Max.x -= colorbar_space(style, figure.colorbar->range, figure.colorbar->label,
                                     figure.colorbar->masked_label, grid.GetHeight());
    int cols = std::max(1, figure.cols), rows = std::max(1, figure.rows);
    // A row of panels (the rotation's circles, compared encodings) or a small grid (the four
    // logit terms) is laid out again in this view's shape when that makes each panel clearly
    // larger. Bigger grids keep their rows, which mean something (permutation: without, with PE).
    const int panel_count = int(figure.panels.size());
    if (rows == 1 || panel_count <= 4) {
        float best = std::min(grid.GetWidth() / float(cols), grid.GetHeight() / float(rows));
        for (int r = 1; r <= panel_count; ++r) {
            const int c = (panel_count + r - 1) / r;
            const float side = std::min(grid.GetWidth() / float(c), grid.GetHeight() / float(r));
            if (side > 1.25f * best) {
                best = side;
                rows = r;
                cols = c;
            }
        }
    }
    const ImVec2 cell_size(grid.GetWidth() / float(cols), grid.GetHeight() / float(rows));
    const int count = std::min(int(figure.panels.size()), rows * cols);
    std::vector<ImRect> cells;
    for (int i = 0; i < count; ++i) {
        const ImVec2 min(grid.Min.x + float(i % cols) * cell_size.x,
                         grid.Min.y + float(i / cols) * cell_size.y);
        cells.emplace_back(min, ImVec2(min.x + cell_size.x, min.y + cell_size.y));
    }
    // Panel titles all in the heading font, or all in the body font when one would not fit.
    PlotStyle panel_style = style;
    for (int i = 0; i < count; ++i)
        if (text_size(style.heading, figure.panels[size_t(i)].title).x > 0.94f * cell_size.x)
            panel_style.heading = style.body;

    // Each row's boxes share the lowest top and the smallest height among them.
    std::vector<RowSpan> spans(size_t(rows), RowSpan{-FLT_MAX, FLT_MAX});
    std::vector<float> bottoms(size_t(rows), FLT_MAX);
    for (int i = 0; i < count; ++i) {
        const Layout l = natural_layout(i, figure.panels[size_t(i)], version, panel_style,
                                        cells[size_t(i)], pixels_of(i));
        RowSpan& span = spans[size_t(i / cols)];
        span.top = std::max(span.top, l.free_box.Min.y);
        span.height = std::min(span.height, l.box.GetHeight());
        bottoms[size_t(i / cols)] = std::min(bottoms[size_t(i / cols)], l.free_box.Max.y);
    }
    for (int r = 0; r < rows; ++r)
        spans[size_t(r)].height = std::max(
            1.0f, std::min(spans[size_t(r)].height, bottoms[size_t(r)] - spans[size_t(r)].top));

    PlotHover hover;
    ImRect boxes(ImVec2(FLT_MAX, FLT_MAX), ImVec2(-FLT_MAX, -FLT_MAX));
    bool masked = false;
    for (int i = 0; i < count; ++i) {
        const PanelResult p =
            plot_panel(i, figure.panels[size_t(i)], version, panel_style, cells[size_t(i)],
                       size_t(i) < overlays.size() ? &overlays[size_t(i)] : nullptr,
                       spans[size_t(i / cols)], pixels_of(i));
        boxes.Add(p.box);
        if (p.hover.panel >= 0) hover = p.hover;
        masked = masked || p.has_masked;
    }
    if (figure.colorbar && !figure.panels.empty()) {
        const ImRect bar(ImVec2(grid.Max.x + m.bar_gap, boxes.Min.y),
                         ImVec2(grid.Max.x + m.bar_gap + m.bar_width, boxes.Max.y));
        draw_colorbar(draw, style, bar, figure.colorbar->colormap, figure.colorbar->range,
                      figure.colorbar->label, masked ? figure.colorbar->masked_label : "");
    }
    draw->PopClipRect();
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(area.GetSize());
    ImGui::PopID();
    return hover;
}

}  // namespace posviz::gui
