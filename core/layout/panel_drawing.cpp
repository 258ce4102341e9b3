#include "core/layout/panel_drawing.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/figure/colormap.h"
#include "core/figure/ticks.h"
#include "core/layout/canvas.h"
#include "core/layout/colorbar_layout.h"
#include "core/layout/heatmap_image.h"
#include "core/layout/panel_metrics.h"
#include "core/layout/series_style.h"

namespace posviz {

namespace {

void draw_grid(const Pen& p, const PanelLayout& l) {
    std::vector<Polyline> lines;
    for (double v : l.x_ticks.values)
        lines.push_back({{{l.x(v), l.box.y}, {l.x(v), l.box.y + l.box.h}}});
    for (double v : l.y_ticks.values)
        lines.push_back({{{l.box.x, l.y(v)}, {l.box.x + l.box.w, l.y(v)}}});
    p.lines(std::move(lines), p.theme.grid, p.stroke(0.6));
}

bool drawable(const PanelLayout& l, double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && (!l.x.log || x > 0.0) && (!l.y.log || y > 0.0);
}

void draw_line(const Pen& p, const LineSeries& s, const PanelLayout& l) {
    const Rgb colour = p.paint(s.colour).colour;
    std::vector<Polyline> pieces;
    bool pen_down = false;
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
        if (!drawable(l, s.x[i], s.y[i])) {
            pen_down = false;  // a NaN breaks the line
            continue;
        }
        const double x = l.x(s.x[i]), y = l.y(s.y[i]);
        if (!pen_down) {
            pieces.push_back({{{x, y}}});
        } else if (s.steps) {
            const Point previous = pieces.back().points.back();
            pieces.back().points.push_back({0.5 * (previous.x + x), previous.y});
            pieces.back().points.push_back({0.5 * (previous.x + x), y});
            pieces.back().points.push_back({x, y});
        } else {
            pieces.back().points.push_back({x, y});
        }
        pen_down = true;
    }
    p.lines(std::move(pieces), colour, series_stroke(p, s));
    if (s.marker == MarkerShape::None) return;
    std::vector<Point> centres;
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); i += size_t(std::max(1, s.marker_every)))
        if (drawable(l, s.x[i], s.y[i])) centres.push_back({l.x(s.x[i]), l.y(s.y[i])});
    draw_markers(p, s, std::move(centres));
}

// Canvas radius of a data-space radius (circles are drawn in equal-aspect panels).
double canvas_radius(const PanelLayout& l, double cx, double radius) {
    return std::abs(l.x(cx + radius) - l.x(cx));
}

void draw_circle(const Pen& p, const Circle& c, const PanelLayout& l) {
    p.add(ArcItem{{l.x(c.cx), l.y(c.cy)},
                  canvas_radius(l, c.cx, c.radius),
                  0.0,
                  2 * M_PI,
                  false,
                  p.paint(c.colour),
                  p.stroke(c.width, c.dashed)});
}

void draw_arc(const Pen& p, const Arc& a, const PanelLayout& l) {
    // Canvas y points down, so a counter-clockwise data angle is a negative canvas angle.
    p.add(ArcItem{{l.x(a.cx), l.y(a.cy)},
                  canvas_radius(l, a.cx, a.radius),
                  -a.a0,
                  -a.a1,
                  a.a1 >= a.a0,
                  p.paint(a.colour),
                  p.stroke(a.width)});
}

// An arrow's head on the canvas: its tip and the two corners of its base.
struct ArrowHead {
    Point tip, left, right;
};

std::optional<ArrowHead> arrow_head(const Pen& p, const Arrow& a, const PanelLayout& l) {
    const double x0 = l.x(a.x0), y0 = l.y(a.y0), x1 = l.x(a.x1), y1 = l.y(a.y1);
    const double length = std::hypot(x1 - x0, y1 - y0);
    if (length < 1e-9) return std::nullopt;
    const double ux = (x1 - x0) / length, uy = (y1 - y0) / length;
    // A fifth of a short arrow at most: full-size heads hid the unit circles of a paper column.
    const double head = std::min(0.2 * length, 3.0 * a.width * p.theme.line_scale + 4.0);
    const double half = 0.42 * head;
    return ArrowHead{{x1, y1},
                     {x1 - ux * head - uy * half, y1 - uy * head + ux * half},
                     {x1 - ux * head + uy * half, y1 - uy * head - ux * half}};
}

Rect bounds(const ArrowHead& h) {
    const double left = std::min({h.tip.x, h.left.x, h.right.x});
    const double top = std::min({h.tip.y, h.left.y, h.right.y});
    return {left, top, std::max({h.tip.x, h.left.x, h.right.x}) - left,
            std::max({h.tip.y, h.left.y, h.right.y}) - top};
}

void draw_arrow(const Pen& p, const Arrow& a, const PanelLayout& l) {
    const std::optional<ArrowHead> head = arrow_head(p, a, l);
    if (!head) return;
    const double x0 = l.x(a.x0), y0 = l.y(a.y0);
    // The shaft stops inside the head (at 0.8 of its length back from the tip, as before).
    const Point base{0.5 * (head->left.x + head->right.x), 0.5 * (head->left.y + head->right.y)};
    const Point shaft_end{head->tip.x + 0.8 * (base.x - head->tip.x),
                          head->tip.y + 0.8 * (base.y - head->tip.y)};
    const Rgb colour = p.paint(a.colour).colour;
    p.lines({{{{x0, y0}, shaft_end}}}, colour, p.stroke(a.width));
    p.add(PolylineItem{
        {{{head->tip, head->left, head->right}, true}}, {colour, 1.0}, p.stroke(a.width), true});
}

bool overlaps_any(const Rect& r, const std::vector<Rect>& taken) {
    for (const Rect& t : taken)
        if (r.x < t.x + t.w && t.x < r.x + r.w && r.y < t.y + t.h && t.y < r.y + r.h) return true;
    return false;
}

bool inside(const Rect& r, const Rect& box) {
    return r.x >= box.x && r.y >= box.y && r.x + r.w <= box.x + box.w && r.y + r.h <= box.y + box.h;
}

// Beyond the head, on the side the arrow points to, clear of the text already drawn and of every
// other arrow's head (the tips of many arrows crowd together on a small canvas): one, two or
// three gaps out, inside the plot box (whose margin beyond the unit circle holds it, so it never
// runs into the next panel or off the page). Left out where none of these is free, and where the
// nearest place is another arrow's label: moved out past it, "1" beyond "0" would read "01".
void draw_arrow_labels(const Pen& p, const Panel& panel, const PanelLayout& l,
                       std::vector<Rect>& taken) {
    std::vector<Rect> heads, labels;
    for (const Arrow& a : panel.arrows)
        if (const auto head = arrow_head(p, a, l)) heads.push_back(bounds(*head));
    const TextStyle style = p.text_style(p.theme.note_size);
    const double gap = 0.35 * p.theme.note_size;
    for (const Arrow& a : panel.arrows) {
        const std::optional<ArrowHead> head = arrow_head(p, a, l);
        if (a.label.empty() || !head) continue;
        const double x0 = l.x(a.x0), y0 = l.y(a.y0);
        const double length = std::hypot(head->tip.x - x0, head->tip.y - y0);
        const double ux = (head->tip.x - x0) / length, uy = (head->tip.y - y0) / length;
        const Align align{0.5 - 0.5 * ux, 0.5 - 0.5 * uy};
        const Rect own = bounds(*head);
        std::vector<Rect> others;
        for (const Rect& h : heads)
            if (h.x != own.x || h.y != own.y) others.push_back(h);
        for (int step = 1; step <= 3; ++step) {
            const double x = head->tip.x + ux * step * gap, y = head->tip.y + uy * step * gap;
            Rect r = p.text_box(a.label, style);
            r.x = x - align.h * r.w;
            r.y = y - align.v * r.h;
            if (step == 1 && overlaps_any(r, labels)) break;
            if (!inside(r, l.box) || overlaps_any(r, taken) || overlaps_any(r, others)) continue;
            labels.push_back(p.text(a.label, style, x, y, align, p.paint(a.colour).colour,
                                    TextRole::ArrowLabel));
            taken.push_back(labels.back());
            break;
        }
    }
}

Rect draw_annotation(const Pen& p, const Annotation& a, const PanelLayout& l) {
    const double x = a.place == AnnotationPlace::Data ? l.x(a.x) : l.box.x + a.x * l.box.w;
    const double y = a.place == AnnotationPlace::Data ? l.y(a.y) : l.box.y + (1.0 - a.y) * l.box.h;
    const Align align{a.anchor == Anchor::Left ? 0.0 : a.anchor == Anchor::Centre ? 0.5 : 1.0, 0.5};
    const TextStyle style = p.text_style(p.theme.note_size);
    if (a.boxed) {
        Rect r = p.text_box(a.text, style);
        r.x = x - align.h * r.w;
        r.y = y - align.v * r.h;
        p.note_background(r, 0.4 * style.size);
    }
    return p.text(a.text, style, x, y, align, p.paint(a.colour).colour, TextRole::Note);
}

// Returns the boxes of the text it drew.
std::vector<Rect> draw_axes(const Pen& p, const Panel& panel, const PanelLayout& l) {
    const Theme& theme = p.theme;
    const PanelMetrics m(theme);
    const Rect& b = l.box;
    const StrokeStyle axis = p.stroke(0.8);
    // Heatmaps get a full frame; plots only the left and bottom spines.
    if (panel.heatmap)
        p.box(b, std::nullopt, Paint{theme.foreground, 1.0}, axis);
    else
        p.lines({{{{b.x, b.y}, {b.x, b.y + b.h}, {b.x + b.w, b.y + b.h}}}}, theme.foreground, axis);
    const double bottom = b.y + b.h;
    std::vector<Polyline> ticks, minor;
    for (double v : l.x_ticks.values)
        ticks.push_back({{{l.x(v), bottom}, {l.x(v), bottom + m.tick_length}}});
    for (double v : l.y_ticks.values)
        ticks.push_back({{{b.x, l.y(v)}, {b.x - m.tick_length, l.y(v)}}});
    p.lines(std::move(ticks), theme.foreground, axis);
    for (double v : l.x_ticks.minor)
        minor.push_back({{{l.x(v), bottom}, {l.x(v), bottom + 0.6 * m.tick_length}}});
    for (double v : l.y_ticks.minor)
        minor.push_back({{{b.x, l.y(v)}, {b.x - 0.6 * m.tick_length, l.y(v)}}});
    p.lines(std::move(minor), theme.foreground, p.stroke(0.5));

    std::vector<Rect> drawn;
    double label_top = bottom + m.tick_length + m.pad, label_left = b.x - m.tick_length - m.pad;
    double x_labels_bottom = label_top;
    const bool x_numeric = panel.x.ticks.empty(), y_numeric = panel.y.ticks.empty();
    const TextStyle x_tick_style = p.text_style(l.x_tick_size);
    for (size_t i = 0; i < l.x_ticks.values.size(); ++i) {
        const std::string& label = l.x_ticks.labels[i];
        const double x = l.x(l.x_ticks.values[i]);
        Rect r;
        if (l.x_ticks_turned) {
            // Read upwards, its end at the tick (matplotlib's rotation=90, va='top').
            const Rect size = p.text_box(label, x_tick_style);
            r = {x - 0.5 * size.h, label_top, size.h, size.w};
            p.vertical_text(label, x_tick_style, x, label_top + 0.5 * size.w, theme.foreground,
                            TextRole::XTick);
        } else {
            r = p.text(label, x_tick_style, x, label_top, {0.5, 0.0}, theme.foreground,
                       TextRole::XTick, x_numeric);
        }
        drawn.push_back(r);
        x_labels_bottom = std::max(x_labels_bottom, r.y + r.h);
    }
    double y_labels_left = label_left;
    for (size_t i = 0; i < l.y_ticks.values.size(); ++i) {
        const Rect r = p.text(l.y_ticks.labels[i], p.text_style(l.y_tick_size), label_left,
                              l.y(l.y_ticks.values[i]), {1.0, 0.5}, theme.foreground,
                              TextRole::YTick, y_numeric);
        drawn.push_back(r);
        y_labels_left = std::min(y_labels_left, r.x);
    }
    if (!l.x_label.text.empty())
        drawn.push_back(p.text(l.x_label.text, p.text_style(l.x_label.size), b.x + 0.5 * b.w,
                               x_labels_bottom + m.pad, {0.5, 0.0}, theme.foreground,
                               TextRole::XLabel));
    if (!l.y_label.text.empty()) {
        const TextStyle label_style = p.text_style(l.y_label.size);
        const Rect r = p.text_box(l.y_label.text, label_style);
        // Centred on the box, or from its top down when longer (see layout_panel).
        const double centre = r.w <= b.h ? b.y + 0.5 * b.h : b.y + 0.5 * r.w;
        p.vertical_text(l.y_label.text, label_style, y_labels_left - m.pad - 0.5 * r.h, centre,
                        theme.foreground, TextRole::YLabel);
    }
    if (!l.title.empty())
        drawn.push_back(p.text(l.title, p.text_style(theme.panel_title_size), b.x + 0.5 * b.w,
                               b.y - l.title_gap, {0.5, 1.0}, theme.foreground,
                               TextRole::PanelTitle));
    return drawn;
}

// --annotate: each cell's value written in it (matrices of at most 16 × 16 cells), dark on light
// cells and light on dark ones, at the note size or as large as the widest value fits, never
// below 6 pt (then no numbers: decision, a matrix too small to read them).
void draw_cell_values(const Pen& p, const Heatmap& h, const PanelLayout& l) {
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
        widest = std::max(widest, p.width(texts.back(), unit));
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
            const double x = h.x0 + (c + 0.5) * (h.x1 - h.x0) / cols;
            const double y = h.y0 + (r + 0.5) * (h.y1 - h.y0) / rows;
            p.text(texts[size_t(c) * rows + r], style, l.x(x), l.y(y), {0.5, 0.5},
                   luminance > 0.5 ? Rgb{0.1, 0.1, 0.1} : Rgb{0.97, 0.97, 0.97},
                   TextRole::CellValue);
        }
}

}  // namespace

void draw_marks(const Pen& p, const Panel& panel, const PanelLayout& l) {
    p.add(ClipItem{l.box});
    for (const Circle& c : panel.circles) draw_circle(p, c, l);
    for (const Arc& a : panel.arcs) draw_arc(p, a, l);
    for (const LineSeries& s : panel.lines) draw_line(p, s, l);
    p.add(UnclipItem{});
}

void draw_panel(const Pen& p, const Panel& panel, const PanelLayout& l, bool annotate,
                bool heatmap_pixels) {
    if (panel.grid && !panel.heatmap) draw_grid(p, l);
    // Clipped: a zoomed map reaches past its box.
    p.add(ClipItem{l.box});
    // A painter that makes its own images draws maps whose values stay on the device, too.
    const bool has_image = panel.heatmap && (heatmap_pixels ? panel.heatmap->values.size() > 0
                                                            : heatmap_rows(*panel.heatmap) > 0);
    if (has_image) {
        const Heatmap& h = *panel.heatmap;
        ImageItem image =
            heatmap_pixels ? heatmap_image(h, p.theme, l.x(h.x0), l.y(h.y0), l.x(h.x1), l.y(h.y1))
                           : heatmap_frame(h, l.x(h.x0), l.y(h.y0), l.x(h.x1), l.y(h.y1));
        image.panel = p.panel;
        p.add(std::move(image));
    }
    if (panel.heatmap && annotate) draw_cell_values(p, *panel.heatmap, l);
    p.add(UnclipItem{});

    draw_marks(p, panel, l);
    // Arrows and their labels may reach past the box edge (labels of tips on the unit circle).
    for (const Arrow& a : panel.arrows) draw_arrow(p, a, l);

    std::vector<Rect> taken = draw_axes(p, panel, l);
    for (const Annotation& a : panel.annotations) taken.push_back(draw_annotation(p, a, l));
    draw_arrow_labels(p, panel, l, taken);
    draw_legend(p, panel, l.legend);
    if (l.colorbar) draw_colorbar(p, heatmap_colorbar(*panel.heatmap), l.colorbar_box);
}

}  // namespace posviz
