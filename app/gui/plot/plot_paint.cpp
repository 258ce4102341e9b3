#include "app/gui/plot/plot_paint.h"

#include <algorithm>
#include <cmath>

#include "app/gui/plot/plot_text.h"
#include "app/gui/plot/polyline_decimation.h"
#include "core/figure/colormap.h"

namespace posviz::gui {

ImU32 to_u32(Rgb c, float alpha) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(float(c.r), float(c.g), float(c.b), alpha));
}

namespace {

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
    if (dashed) {
        add_dashed_polyline(draw, points, colour, width);
        return;
    }
    for (size_t first = 0; first + 1 < points.size(); first += k_max_polyline_points - 1) {
        const size_t count = std::min(k_max_polyline_points, points.size() - first);
        draw->AddPolyline(&points[first], int(count), colour, ImDrawFlags_None, width);
    }
}

// The points of one unbroken run of a line, reduced to what the box's pixel columns show.
void add_decimated(ImDrawList* draw, PolylineDecimator& run, ImU32 colour, float width,
                   bool dashed) {
    const std::vector<PixelPoint> kept = run.finish();
    std::vector<ImVec2> points(kept.size());
    for (size_t i = 0; i < kept.size(); ++i) points[i] = ImVec2(kept[i].x, kept[i].y);
    add_polyline(draw, points, colour, width, dashed);
}

// A marker per point, except where one was already drawn within half its radius: at a million
// points (PCA of a long table) the frame stays a few thousand circles.
void draw_markers(ImDrawList* draw, const PlotStyle& s, const Layout& l, const LineSeries& line,
                  ImU32 colour) {
    const float radius =
        (1.2f * float(line.width) + 0.9f) * s.pixels_per_point * float(s.theme->line_scale);
    const float cell = std::max(1.0f, 0.5f * radius);
    const ImVec2 min(l.box.Min.x - radius, l.box.Min.y - radius);
    const int cols = int(std::ceil((l.box.GetWidth() + 2.0f * radius) / cell)) + 1;
    const int rows = int(std::ceil((l.box.GetHeight() + 2.0f * radius) / cell)) + 1;
    std::vector<bool> drawn(size_t(cols) * size_t(rows));
    for (size_t i = 0; i < line.x.size() && i < line.y.size(); ++i) {
        if (!drawable(l, line.x[i], line.y[i])) continue;
        const ImVec2 p(float(l.x.to_pixel(line.x[i])), float(l.y.to_pixel(line.y[i])));
        const float col = std::floor((p.x - min.x) / cell), row = std::floor((p.y - min.y) / cell);
        if (!(col >= 0.0f && col < float(cols) && row >= 0.0f && row < float(rows)))
            continue;  // outside the box: clipped
        const size_t at = size_t(row) * size_t(cols) + size_t(col);
        if (drawn[at]) continue;
        drawn[at] = true;
        draw->AddCircleFilled(p, radius, colour);
    }
}

void draw_line(ImDrawList* draw, const PlotStyle& s, const Layout& l, const LineSeries& line) {
    const ImU32 colour = to_u32(resolve_colour(*s.theme, line.colour));
    const float width = line_pixels(s, line.width);
    // A NaN (or a non-positive value on a log axis) breaks the line into runs.
    PolylineDecimator run(l.box.Min.x, l.box.Max.x);
    ImVec2 previous;  // the last point of the current run, if it has one
    bool running = false;
    for (size_t i = 0; i <= line.x.size() && i <= line.y.size(); ++i) {
        const bool end = i == line.x.size() || i == line.y.size();
        if (end || !drawable(l, line.x[i], line.y[i])) {
            add_decimated(draw, run, colour, width, line.dashed);
            running = false;
            if (end) break;
            continue;
        }
        const ImVec2 p(float(l.x.to_pixel(line.x[i])), float(l.y.to_pixel(line.y[i])));
        if (line.steps && running) {
            const float middle = 0.5f * (previous.x + p.x);
            run.add({middle, previous.y});
            run.add({middle, p.y});
        }
        run.add({p.x, p.y});
        previous = p;
        running = true;
    }
    if (line.markers) draw_markers(draw, s, l, line, colour);
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
    if (a.boxed) {
        const ImRect box = note_box(s, l, a);
        draw->AddRectFilled(box.Min, box.Max, to_u32(s.theme->note_box, 0.9f),
                            0.35f * s.body->FontSize);
    }
    const NotePlacement place = note_placement(l, a);
    add_text(draw, s.body, place.at, place.align, to_u32(resolve_colour(*s.theme, a.colour)),
             a.text);
}

}  // namespace

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

void draw_notes(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Panel& panel) {
    // In a box a few lines of text across, the arrows' labels would crowd each other, the notes
    // and the tick labels: the arrows' colours and the notes still say which is which.
    const bool room_for_labels =
        std::min(l.box.GetWidth(), l.box.GetHeight()) >= 8.0f * s.body->FontSize;
    if (room_for_labels)
        for (const Arrow& a : panel.arrows) draw_arrow_label(draw, s, l, a);
    for (const Annotation& a : panel.annotations) draw_annotation(draw, s, l, a);
}

void draw_colorbar(ImDrawList* draw, const PlotStyle& s, const ImRect& bar,
                   const Colorbar& colorbar, float right) {
    const Theme& theme = *s.theme;
    const Metrics m(s);
    const Colormap& colormap = find_colormap(colorbar.colormap);
    const std::string& masked_label = colorbar.masked_label;
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
    const Ticks ticks = colorbar_ticks(colorbar, bar.GetHeight(), s);
    float labels_right = bar.Max.x;
    for (size_t i = 0; i < ticks.values.size(); ++i) {
        const float y =
            bar.Max.y - float(colour_position(colorbar.norm, colorbar.range, ticks.values[i])) *
                            bar.GetHeight();
        draw->AddLine(ImVec2(bar.Max.x, y), ImVec2(bar.Max.x + m.tick, y), fg);
        // A bar squeezed against the edge keeps its ticks, not labels that would pass it.
        if (bar.Max.x + m.tick + m.pad + text_size(s.body, ticks.labels[i]).x > right) continue;
        const TextBox t = add_text(draw, s.body, ImVec2(bar.Max.x + m.tick + m.pad, y),
                                   ImVec2(0.0f, 0.5f), fg, ticks.labels[i]);
        labels_right = std::max(labels_right, t.max.x);
    }
    // No longer than the bar (colorbar_label): past its ends the label would run into the
    // masked-cell note below it, or into the panel's title above. Where the cell has no room for
    // it beside the tick labels, it is left out too.
    const std::string fitted = colorbar_label(s, colorbar, bar.GetHeight());
    const float across = text_size(s.body, fitted).y;  // the turned label's width
    if (!fitted.empty() && labels_right + m.pad + across <= right)
        add_vertical_text(draw, s.body,
                          ImVec2(labels_right + m.pad + 0.5f * across, bar.GetCenter().y), fg,
                          fitted);
    if (!masked_label.empty()) {
        const float top = bar.Max.y + 2.0f * m.pad;
        const ImVec2 swatch_max(bar.Max.x, top + s.body->FontSize);
        draw->AddRectFilled(ImVec2(bar.Min.x, top), swatch_max, to_u32(theme.masked));
        draw->AddRect(ImVec2(bar.Min.x, top), swatch_max, fg);
        add_text(draw, s.body, ImVec2(bar.Max.x + m.pad, top + 0.5f * s.body->FontSize),
                 ImVec2(0.0f, 0.5f), fg, fit_text(s.body, masked_label, right - bar.Max.x - m.pad));
    }
}

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
        if (!l.x_tick_labels) continue;
        const TextBox t = add_text(draw, s.body, ImVec2(x, b.Max.y + m.tick + m.pad),
                                   ImVec2(0.5f, 0.0f), fg, l.x_ticks.labels[i]);
        labels_bottom = std::max(labels_bottom, t.max.y);
    }
    float labels_left = b.Min.x - m.tick - m.pad;
    for (size_t i = 0; i < l.y_ticks.values.size(); ++i) {
        const float y = float(l.y.to_pixel(l.y_ticks.values[i]));
        draw->AddLine(ImVec2(b.Min.x - m.tick, y), ImVec2(b.Min.x, y), fg, axis_width);
        if (!l.y_tick_labels) continue;
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
    // neighbouring panel or, for the y label, the title above the box (the tooltip still names
    // the axes in full).
    if (l.x_label)
        add_text(draw, s.body, ImVec2(b.GetCenter().x, labels_bottom + m.pad), ImVec2(0.5f, 0.0f),
                 fg, fit_text(s.body, panel.x.label, l.x_label_room));
    if (l.y_label) {
        const float h = text_size(s.body, l.y_label_text).y;
        add_vertical_text(draw, s.body, ImVec2(labels_left - m.pad - 0.5f * h, b.GetCenter().y), fg,
                          fit_lines(s.body, l.y_label_text, b.GetHeight()));
    }
    if (!l.title.empty())
        add_text(draw, l.title_font, ImVec2(l.title_x, b.Min.y - 2.0f * m.pad), ImVec2(0.5f, 1.0f),
                 fg, l.title);
}

void draw_legend(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Panel& panel) {
    const std::vector<const LineSeries*> entries = legend_entries(panel);
    if (entries.empty() || l.legend == LegendPosition::None) return;
    const Metrics m(s);
    const ImRect& r = l.legend_box;
    draw->AddRectFilled(r.Min, r.Max, to_u32(s.theme->note_box, 0.9f), m.pad);
    draw->AddRect(r.Min, r.Max, to_u32(s.theme->grid), m.pad);
    const int columns = std::clamp(l.legend_columns, 1, int(entries.size()));
    const int rows = (int(entries.size()) + columns - 1) / columns;
    // Column-major, as matplotlib fills a legend's columns.
    const float column_w = legend_column_width(s, entries);
    for (size_t i = 0; i < entries.size(); ++i) {
        const LineSeries* e = entries[i];
        const float x0 = r.Min.x + m.pad + column_w * float(int(i) / rows);
        const float y = r.Min.y + m.pad + (0.625f + 1.25f * float(int(i) % rows)) * m.text;
        const ImU32 colour = to_u32(resolve_colour(*s.theme, e->colour));
        const ImVec2 a(x0, y), c(x0 + 2.2f * m.text, y);
        add_polyline(draw, {a, c}, colour, line_pixels(s, e->width), e->dashed);
        if (e->markers)
            draw->AddCircleFilled(ImVec2(0.5f * (a.x + c.x), y), 0.25f * m.text, colour);
        add_text(draw, s.body, ImVec2(c.x + m.pad, y), ImVec2(0.0f, 0.5f),
                 to_u32(s.theme->foreground), e->label);
    }
}

}  // namespace posviz::gui
