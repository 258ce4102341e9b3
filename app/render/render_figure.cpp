#include <algorithm>
#include <vector>

#include "app/render/draw_heatmap.h"
#include "app/render/draw_panel.h"
#include "app/render/painter.h"
#include "app/render/panel_layout.h"
#include "app/render/render.h"

namespace posviz {

void render_figure(cairo_t* cr, const Figure& figure, const RenderStyle& style, double width,
                   double height) {
    const Theme& theme = find_theme(style.theme);
    const Painter p{cr, theme, style.lang};
    cairo_save(cr);
    // Unhinted glyphs with unrounded advances: the layout measured here is the layout drawn, in
    // every output format and at every resolution.
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(cr, options);
    cairo_font_options_destroy(options);

    if (!style.transparent) {
        p.set_colour(theme.background);
        cairo_rectangle(cr, 0.0, 0.0, width, height);
        cairo_fill(cr);
    }
    const double margin = 0.8 * theme.title_size;
    double top = 0.6 * margin;
    if (!figure.title.empty()) {
        p.set_colour(theme.foreground);
        const Rect r = p.text(figure.title, p.text_style(theme.title_size, FontWeight::Bold),
                              0.5 * width, top, {0.5, 0.0});
        top = r.y + r.h + 0.3 * theme.subtitle_size;
    }
    if (!figure.subtitle.empty()) {
        p.set_colour(theme.muted);
        const Rect r = p.text(figure.subtitle, p.text_style(theme.subtitle_size), 0.5 * width, top,
                              {0.5, 0.0});
        top = r.y + r.h;
    }
    top += 0.4 * margin;

    const double grid_height = height - top - 0.5 * margin;
    // A shared colorbar takes a strip on the right, as tall as the plot boxes it serves.
    const double colorbar_strip =
        figure.colorbar ? colorbar_space(p, *figure.colorbar, 0.8 * grid_height) : 0.0;
    const int rows = std::max(1, figure.rows), cols = std::max(1, figure.cols);
    const double cell_w = (width - margin - colorbar_strip) / cols, cell_h = grid_height / rows;
    const size_t count = std::min(figure.panels.size(), size_t(rows * cols));
    auto cell = [&](size_t i) {
        const int r = int(i) / cols, c = int(i) % cols;
        return Rect{0.5 * margin + c * cell_w, top + r * cell_h, cell_w, cell_h};
    };
    // First the margins each panel needs, then the height of the row's equal-aspect boxes, then
    // every panel of a row with the row's largest margins.
    std::vector<VerticalMargins> row_margins(static_cast<size_t>(rows));
    for (size_t i = 0; i < count; ++i) {
        const VerticalMargins need = layout_panel(p, figure.panels[i], cell(i)).margins;
        VerticalMargins& row = row_margins[i / size_t(cols)];
        row.top = std::max(row.top, need.top);
        row.bottom = std::max(row.bottom, need.bottom);
    }
    for (size_t i = 0; i < count; ++i) {
        if (!figure.panels[i].equal_aspect) continue;
        VerticalMargins& row = row_margins[i / size_t(cols)];
        const double h = layout_panel(p, figure.panels[i], cell(i), row).box.h;
        row.box_height = row.box_height > 0.0 ? std::min(row.box_height, h) : h;
    }
    double boxes_top = height, boxes_bottom = 0.0;
    for (size_t i = 0; i < count; ++i) {
        const Rect box = draw_panel(p, figure.panels[i], cell(i), row_margins[i / size_t(cols)]);
        boxes_top = std::min(boxes_top, box.y);
        boxes_bottom = std::max(boxes_bottom, box.y + box.h);
    }
    if (figure.colorbar && boxes_bottom > boxes_top) {
        const PanelMetrics m(theme);
        draw_colorbar(p, *figure.colorbar,
                      {0.5 * margin + cols * cell_w + m.colorbar_gap, boxes_top, m.colorbar_width,
                       boxes_bottom - boxes_top});
    }
    cairo_restore(cr);
}

}  // namespace posviz
