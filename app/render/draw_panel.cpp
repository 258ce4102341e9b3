#include "app/render/draw_panel.h"

#include <algorithm>
#include <cmath>

#include "app/render/draw_heatmap.h"
#include "app/render/legend.h"
#include "app/render/line_style.h"
#include "app/render/panel_layout.h"
#include "app/render/type_size.h"
#include "core/figure/colormap.h"
#include "core/figure/ticks.h"

namespace posviz {

namespace {

void draw_grid(const Painter& p, const PanelLayout& l) {
    set_line_style(p, 0.6, false);
    p.set_colour(p.theme.grid);
    for (double v : l.x_ticks.values) {
        cairo_move_to(p.cr, l.x(v), l.box.y);
        cairo_line_to(p.cr, l.x(v), l.box.y + l.box.h);
    }
    for (double v : l.y_ticks.values) {
        cairo_move_to(p.cr, l.box.x, l.y(v));
        cairo_line_to(p.cr, l.box.x + l.box.w, l.y(v));
    }
    cairo_stroke(p.cr);
}

bool drawable(const PanelLayout& l, double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && (!l.x.log || x > 0.0) && (!l.y.log || y > 0.0);
}

void draw_line(const Painter& p, const LineSeries& s, const PanelLayout& l) {
    p.set_colour(s.colour);
    set_line_style(p, s.width, s.dashed);
    bool pen_down = false;
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
        if (!drawable(l, s.x[i], s.y[i])) {
            pen_down = false;  // a NaN breaks the line
            continue;
        }
        const double x = l.x(s.x[i]), y = l.y(s.y[i]);
        if (!pen_down) {
            cairo_move_to(p.cr, x, y);
        } else if (s.steps) {
            double previous_x = 0.0, previous_y = 0.0;
            cairo_get_current_point(p.cr, &previous_x, &previous_y);
            cairo_line_to(p.cr, 0.5 * (previous_x + x), previous_y);
            cairo_line_to(p.cr, 0.5 * (previous_x + x), y);
            cairo_line_to(p.cr, x, y);
        } else {
            cairo_line_to(p.cr, x, y);
        }
        pen_down = true;
    }
    cairo_stroke(p.cr);
    if (!s.markers) return;
    const double radius = (1.2 * s.width + 0.9) * p.theme.line_scale;
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
        if (!drawable(l, s.x[i], s.y[i])) continue;
        cairo_new_sub_path(p.cr);
        cairo_arc(p.cr, l.x(s.x[i]), l.y(s.y[i]), radius, 0.0, 2 * M_PI);
    }
    cairo_fill(p.cr);
}

// Page-space radius of a data-space radius (circles are drawn in equal-aspect panels).
double page_radius(const PanelLayout& l, double cx, double radius) {
    return std::abs(l.x(cx + radius) - l.x(cx));
}

void draw_circle(const Painter& p, const Circle& c, const PanelLayout& l) {
    p.set_colour(c.colour);
    set_line_style(p, c.width, c.dashed);
    cairo_new_sub_path(p.cr);
    cairo_arc(p.cr, l.x(c.cx), l.y(c.cy), page_radius(l, c.cx, c.radius), 0.0, 2 * M_PI);
    cairo_stroke(p.cr);
}

void draw_arc(const Painter& p, const Arc& a, const PanelLayout& l) {
    p.set_colour(a.colour);
    set_line_style(p, a.width, false);
    // Page y points down, so a counter-clockwise data angle is a negative page angle.
    cairo_new_sub_path(p.cr);
    const double x = l.x(a.cx), y = l.y(a.cy), radius = page_radius(l, a.cx, a.radius);
    if (a.a1 >= a.a0)
        cairo_arc_negative(p.cr, x, y, radius, -a.a0, -a.a1);
    else
        cairo_arc(p.cr, x, y, radius, -a.a0, -a.a1);
    cairo_stroke(p.cr);
}

void draw_arrow(const Painter& p, const Arrow& a, const PanelLayout& l) {
    const double x0 = l.x(a.x0), y0 = l.y(a.y0), x1 = l.x(a.x1), y1 = l.y(a.y1);
    const double length = std::hypot(x1 - x0, y1 - y0);
    if (length < 1e-9) return;
    const double ux = (x1 - x0) / length, uy = (y1 - y0) / length;
    const double width = a.width * p.theme.line_scale;
    const double head = std::min(length, 3.0 * width + 4.0), half = 0.42 * head;
    p.set_colour(a.colour);
    set_line_style(p, a.width, false);
    cairo_move_to(p.cr, x0, y0);
    cairo_line_to(p.cr, x1 - ux * head * 0.8, y1 - uy * head * 0.8);
    cairo_stroke(p.cr);
    cairo_move_to(p.cr, x1, y1);
    cairo_line_to(p.cr, x1 - ux * head - uy * half, y1 - uy * head + ux * half);
    cairo_line_to(p.cr, x1 - ux * head + uy * half, y1 - uy * head - ux * half);
    cairo_close_path(p.cr);
    cairo_fill(p.cr);
}

bool overlaps_any(const Rect& r, const std::vector<Rect>& taken) {
    for (const Rect& t : taken)
        if (r.x < t.x + t.w && t.x < r.x + r.w && r.y < t.y + t.h && t.y < r.y + r.h) return true;
    return false;
}

// Just beyond the head, on the side the arrow points to; left out where it would run into text
// already drawn (the tips of many arrows crowd together on a small canvas).
void draw_arrow_label(const Painter& p, const Arrow& a, const PanelLayout& l,
                      std::vector<Rect>& taken) {
    const double x0 = l.x(a.x0), y0 = l.y(a.y0), x1 = l.x(a.x1), y1 = l.y(a.y1);
    const double length = std::hypot(x1 - x0, y1 - y0);
    if (a.label.empty() || length < 1e-9) return;
    const double ux = (x1 - x0) / length, uy = (y1 - y0) / length;
    const double gap = 0.35 * p.theme.note_size;
    const TextStyle style = p.text_style(p.theme.note_size);
    const Align align{0.5 - 0.5 * ux, 0.5 - 0.5 * uy};
    Rect r = p.text_box(a.label, style);
    r.x = x1 + ux * gap - align.h * r.w;
    r.y = y1 + uy * gap - align.v * r.h;
    if (overlaps_any(r, taken)) return;
    p.set_colour(a.colour);
    taken.push_back(p.text(a.label, style, x1 + ux * gap, y1 + uy * gap, align));
}

Rect draw_annotation(const Painter& p, const Annotation& a, const PanelLayout& l) {
    const double x = a.place == AnnotationPlace::Data ? l.x(a.x) : l.box.x + a.x * l.box.w;
    const double y = a.place == AnnotationPlace::Data ? l.y(a.y) : l.box.y + (1.0 - a.y) * l.box.h;
    const Align align{a.anchor == Anchor::Left ? 0.0 : a.anchor == Anchor::Centre ? 0.5 : 1.0, 0.5};
    const TextStyle style = p.text_style(p.theme.note_size);
    if (a.boxed) {
        Rect r = p.text_box(a.text, style);
        r.x = x - align.h * r.w;
        r.y = y - align.v * r.h;
        note_background(p, r, 0.4 * style.size);
    }
    p.set_colour(a.colour);
    return p.text(a.text, style, x, y, align);
}

// Returns the boxes of the text it drew.
std::vector<Rect> draw_axes(const Painter& p, const Panel& panel, const PanelLayout& l) {
    const Theme& theme = p.theme;
    const PanelMetrics m(theme);
    const Rect& b = l.box;
    set_line_style(p, 0.8, false);
    p.set_colour(theme.foreground);
    // Heatmaps get a full frame; plots only the left and bottom spines.
    if (panel.heatmap) {
        cairo_rectangle(p.cr, b.x, b.y, b.w, b.h);
    } else {
        cairo_move_to(p.cr, b.x, b.y);
        cairo_line_to(p.cr, b.x, b.y + b.h);
        cairo_line_to(p.cr, b.x + b.w, b.y + b.h);
    }
    cairo_stroke(p.cr);
    const double bottom = b.y + b.h;
    for (double v : l.x_ticks.values) {
        cairo_move_to(p.cr, l.x(v), bottom);
        cairo_line_to(p.cr, l.x(v), bottom + m.tick_length);
    }
    for (double v : l.y_ticks.values) {
        cairo_move_to(p.cr, b.x, l.y(v));
        cairo_line_to(p.cr, b.x - m.tick_length, l.y(v));
    }
    cairo_stroke(p.cr);
    set_line_style(p, 0.5, false);
    for (double v : l.x_ticks.minor) {
        cairo_move_to(p.cr, l.x(v), bottom);
        cairo_line_to(p.cr, l.x(v), bottom + 0.6 * m.tick_length);
    }
    for (double v : l.y_ticks.minor) {
        cairo_move_to(p.cr, b.x, l.y(v));
        cairo_line_to(p.cr, b.x - 0.6 * m.tick_length, l.y(v));
    }
    cairo_stroke(p.cr);

    const TextStyle tick_style = p.text_style(theme.tick_size);
    std::vector<Rect> drawn;
    double label_top = bottom + m.tick_length + m.pad, label_left = b.x - m.tick_length - m.pad;
    double x_labels_bottom = label_top;
    for (size_t i = 0; i < l.x_ticks.values.size(); ++i) {
        const Rect r = p.text(l.x_ticks.labels[i], tick_style, l.x(l.x_ticks.values[i]), label_top,
                              {0.5, 0.0});
        drawn.push_back(r);
        x_labels_bottom = std::max(x_labels_bottom, r.y + r.h);
    }
    double y_labels_left = label_left;
    for (size_t i = 0; i < l.y_ticks.values.size(); ++i) {
        const Rect r = p.text(l.y_ticks.labels[i], tick_style, label_left, l.y(l.y_ticks.values[i]),
                              {1.0, 0.5});
        drawn.push_back(r);
        y_labels_left = std::min(y_labels_left, r.x);
    }
    if (!l.x_label.text.empty())
        drawn.push_back(p.text(l.x_label.text, p.text_style(l.x_label.size), b.x + 0.5 * b.w,
                               x_labels_bottom + m.pad, {0.5, 0.0}));
    if (!l.y_label.text.empty()) {
        const TextStyle label_style = p.text_style(l.y_label.size);
        const Rect r = p.text_box(l.y_label.text, label_style);
        // Centred on the box, or from its top down when longer (see layout_panel).
        const double centre = r.w <= b.h ? b.y + 0.5 * b.h : b.y + 0.5 * r.w;
        p.vertical_text(l.y_label.text, label_style, y_labels_left - m.pad - 0.5 * r.h, centre);
    }
    if (!l.title.empty())
        drawn.push_back(p.text(l.title, p.text_style(theme.panel_title_size), b.x + 0.5 * b.w,
                               b.y - l.title_gap, {0.5, 1.0}));
    return drawn;
}

// --annotate: each cell's value written in it (matrices of at most 16 × 16 cells), dark on light
// cells and light on dark ones, at the note size or as large as the widest value fits, never
// below 6 pt (then no numbers: decision, a matrix too small to read them).
void draw_cell_values(const Painter& p, const Heatmap& h, const PanelLayout& l) {
    constexpr int k_most_cells = 16;
    const int rows = int(h.values.rows()), cols = int(h.values.cols());
    if (rows == 0 || cols == 0 || rows > k_most_cells || cols > k_most_cells) return;
    const double cell_w = std::abs(l.x(h.x1) - l.x(h.x0)) / cols;
    const double cell_h = std::abs(l.y(h.y1) - l.y(h.y0)) / rows;
    std::vector<std::string> texts;
    double widest = 0.0;
    const TextStyle unit = p.text_style(1.0);
    for (double v : h.values.reshaped()) {
        texts.push_back(std::isfinite(v) ? format_number(v, 2) : "");
        widest = std::max(widest, measure_text(p.cr, texts.back(), unit).width);
    }
    const double size =
        std::min({p.theme.note_size, 0.85 * cell_w / std::max(widest, 1e-9), 0.6 * cell_h});
    if (size < k_min_text_size) return;
    const TextStyle style = p.text_style(size);
    const Colormap& colormap = find_colormap(h.colormap);
    const Range range = heatmap_range(h);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const double v = h.values(r, c);
            if (!std::isfinite(v)) continue;
            const Rgb under = colormap.at(colour_position(h.norm, range, v));
            const double luminance = 0.2126 * under.r + 0.7152 * under.g + 0.0722 * under.b;
            p.set_colour(luminance > 0.5 ? Rgb{0.1, 0.1, 0.1} : Rgb{0.97, 0.97, 0.97});
            const double x = h.x0 + (c + 0.5) * (h.x1 - h.x0) / cols;
            const double y = h.y0 + (r + 0.5) * (h.y1 - h.y0) / rows;
            p.text(texts[size_t(c) * rows + r], style, l.x(x), l.y(y), {0.5, 0.5});
        }
}

}  // namespace

Rect draw_panel(const Painter& p, const Panel& panel, Rect cell, VerticalMargins row,
                AxisLabels labels, bool annotate) {
    const PanelLayout l = layout_panel(p, panel, cell, row, labels);
    if (panel.grid && !panel.heatmap) draw_grid(p, l);
    if (panel.heatmap) draw_heatmap(p, *panel.heatmap, l);
    if (panel.heatmap && annotate) draw_cell_values(p, *panel.heatmap, l);

    cairo_save(p.cr);
    cairo_rectangle(p.cr, l.box.x, l.box.y, l.box.w, l.box.h);
    cairo_clip(p.cr);
    for (const Circle& c : panel.circles) draw_circle(p, c, l);
    for (const Arc& a : panel.arcs) draw_arc(p, a, l);
    for (const LineSeries& s : panel.lines) draw_line(p, s, l);
    cairo_restore(p.cr);
    // Arrows and their labels may reach past the box edge (labels of tips on the unit circle).
    for (const Arrow& a : panel.arrows) draw_arrow(p, a, l);

    std::vector<Rect> taken = draw_axes(p, panel, l);
    for (const Annotation& a : panel.annotations) taken.push_back(draw_annotation(p, a, l));
    for (const Arrow& a : panel.arrows) draw_arrow_label(p, a, l, taken);
    draw_legend(p, panel, l.legend);
    if (l.colorbar) draw_colorbar(p, heatmap_colorbar(*panel.heatmap), l.colorbar_box);
    return l.box;
}

}  // namespace posviz
