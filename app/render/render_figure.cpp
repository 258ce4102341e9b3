#include <algorithm>
#include <cmath>
#include <vector>

#include "app/render/draw_heatmap.h"
#include "app/render/draw_panel.h"
#include "app/render/figure_grid.h"
#include "app/render/painter.h"
#include "app/render/panel_layout.h"
#include "app/render/render.h"
#include "app/render/type_size.h"
#include "core/figure/outer_labels.h"

namespace posviz {

namespace {

// Where everything of the figure goes at one type size, before anything is drawn.
struct FigurePlan {
    std::string title, subtitle;  // as they fit the width
    double title_y = 0.0, subtitle_y = 0.0;
    double margin = 0.0;
    Grid grid;
    Rect grid_area;  // the cells, left of a shared colorbar
    std::vector<VerticalMargins> rows;
    std::vector<AxisLabels> labels;  // per panel
    double smallest_box = INFINITY;  // the shorter side of the smallest plot box
    size_t count = 0;                // panels drawn

    Rect cell(size_t i) const {
        const double w = grid_area.w / grid.cols, h = grid_area.h / grid.rows;
        const int r = int(i) / grid.cols, c = int(i) % grid.cols;
        return {grid_area.x + c * w, grid_area.y + r * h, w, h};
    }
};

// bare: no axis labels at all (the last resort of a canvas too small for its panels).
FigurePlan plan_figure(const Painter& p, const Figure& figure, const RenderStyle& style,
                       double width, double height, bool bare = false) {
    const Theme& theme = p.theme;
    FigurePlan plan;
    plan.margin = 0.8 * theme.title_size;
    double top = 0.6 * plan.margin;
    if (!figure.title.empty()) {
        const TextStyle title_style = p.text_style(theme.title_size, FontWeight::Bold);
        plan.title = p.fit_text(figure.title, title_style, width - plan.margin, 2);
        plan.title_y = top;
        top += p.text_box(plan.title, title_style).h + 0.3 * theme.subtitle_size;
    }
    if (!figure.subtitle.empty()) {
        const TextStyle subtitle_style = p.text_style(theme.subtitle_size);
        plan.subtitle = p.fit_text(figure.subtitle, subtitle_style, width - plan.margin, 2);
        plan.subtitle_y = top;
        top += p.text_box(plan.subtitle, subtitle_style).h;
    }
    top += 0.4 * plan.margin;

    const double grid_height = height - top - 0.5 * plan.margin;
    // A shared colorbar takes a strip on the right, as tall as the plot boxes it serves.
    const double colorbar_strip =
        figure.colorbar ? colorbar_space(p, *figure.colorbar, 0.8 * grid_height) : 0.0;
    plan.grid = choose_grid(figure, style.cols, width, height, theme.label_size);
    plan.grid_area = {0.5 * plan.margin, top, width - plan.margin - colorbar_strip, grid_height};
    const int cols = plan.grid.cols;
    plan.count = std::min(figure.panels.size(), size_t(plan.grid.rows * cols));

    plan.labels = bare ? std::vector<AxisLabels>(plan.count, {false, false})
                       : outer_axis_labels(figure, cols, plan.count);
    // First the margins each panel needs, then the height of the row's equal-aspect boxes, then
    // every panel of a row with the row's largest margins.
    plan.rows.assign(size_t(plan.grid.rows), {});
    for (size_t i = 0; i < plan.count; ++i) {
        const VerticalMargins need =
            layout_panel(p, figure.panels[i], plan.cell(i), {}, plan.labels[i]).margins;
        VerticalMargins& row = plan.rows[i / size_t(cols)];
        row.top = std::max(row.top, need.top);
        row.bottom = std::max(row.bottom, need.bottom);
    }
    for (size_t i = 0; i < plan.count; ++i) {
        if (!figure.panels[i].equal_aspect) continue;
        VerticalMargins& row = plan.rows[i / size_t(cols)];
        const double h = layout_panel(p, figure.panels[i], plan.cell(i), row, plan.labels[i]).box.h;
        row.box_height = row.box_height > 0.0 ? std::min(row.box_height, h) : h;
    }
    // Matrices of every row come out the same size (the smallest row's), so that a grid of
    // them lines up.
    double smallest_row = 0.0;
    for (const VerticalMargins& row : plan.rows)
        if (row.box_height > 0.0)
            smallest_row =
                smallest_row > 0.0 ? std::min(smallest_row, row.box_height) : row.box_height;
    for (VerticalMargins& row : plan.rows)
        if (row.box_height > 0.0) row.box_height = smallest_row;
    for (size_t i = 0; i < plan.count; ++i) {
        const Rect box = layout_panel(p, figure.panels[i], plan.cell(i),
                                      plan.rows[i / size_t(cols)], plan.labels[i])
                             .box;
        plan.smallest_box = std::min({plan.smallest_box, box.w, box.h});
    }
    return plan;
}

// Decision: a plot box should be at least 4 em on its shorter side; where the type set for the
// canvas leaves less (four matrices in a paper column), the type shrinks by half points, down to
// 6 pt, before any box is squeezed further. --font-size is kept as given.
constexpr double k_smallest_box_em = 4.0;
constexpr double k_shrink_step = 0.5;

}  // namespace

void render_figure(cairo_t* cr, const Figure& figure, const RenderStyle& style, double width,
                   double height) {
    const Theme& base = find_theme(style.theme);
    double size = style.font_size > 0.0 ? style.font_size : automatic_font_size(width, height);
    cairo_save(cr);
    // Unhinted glyphs with unrounded advances: the layout measured here is the layout drawn, in
    // every output format and at every resolution.
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(cr, options);
    cairo_font_options_destroy(options);

    Theme theme = theme_at_font_size(base, size);
    FigurePlan plan = plan_figure({cr, theme, style.lang}, figure, style, width, height);
    while (style.font_size <= 0.0 && size > k_min_text_size &&
           plan.smallest_box < k_smallest_box_em * theme.label_size) {
        size = std::max(k_min_text_size, size - k_shrink_step);
        theme = theme_at_font_size(base, size);
        plan = plan_figure({cr, theme, style.lang}, figure, style, width, height);
    }
    // Decision: where even 6 pt type leaves a plot box under 1 em (nine panels in a paper
    // column), the axis labels go; the tick labels and titles stay.
    if (plan.smallest_box < theme.label_size)
        plan = plan_figure({cr, theme, style.lang}, figure, style, width, height, true);
    const Painter p{cr, theme, style.lang, style.text_log, style.placed_text};

    if (!style.transparent) {
        p.set_colour(theme.background);
        cairo_rectangle(cr, 0.0, 0.0, width, height);
        cairo_fill(cr);
    }
    if (!plan.title.empty()) {
        p.set_colour(theme.foreground);
        p.text(plan.title, p.text_style(theme.title_size, FontWeight::Bold), 0.5 * width,
               plan.title_y, {0.5, 0.0});
    }
    if (!plan.subtitle.empty()) {
        p.set_colour(theme.muted);
        p.text(plan.subtitle, p.text_style(theme.subtitle_size), 0.5 * width, plan.subtitle_y,
               {0.5, 0.0});
    }
    double boxes_top = height, boxes_bottom = 0.0;
    for (size_t i = 0; i < plan.count; ++i) {
        const Rect box =
            draw_panel(p, figure.panels[i], plan.cell(i), plan.rows[i / size_t(plan.grid.cols)],
                       plan.labels[i], style.annotate);
        boxes_top = std::min(boxes_top, box.y);
        boxes_bottom = std::max(boxes_bottom, box.y + box.h);
    }
    if (figure.colorbar && boxes_bottom > boxes_top) {
        const PanelMetrics m(theme);
        draw_colorbar(p, *figure.colorbar,
                      {plan.grid_area.x + plan.grid_area.w + m.colorbar_gap, boxes_top,
                       m.colorbar_width, boxes_bottom - boxes_top});
    }
    cairo_restore(cr);
}

}  // namespace posviz
