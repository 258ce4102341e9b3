#include <cairo.h>

#include "app/render/cairo_handles.h"
#include "app/render/cairo_painter.h"
#include "app/render/render.h"
#include "app/render/svg_document.h"
#include "app/render/text.h"
#include "core/layout/figure_layout.h"
#include "core/layout/page_fit.h"

namespace posviz {

namespace {

// Unhinted glyphs with unrounded advances: the layout measured is the layout drawn, in every
// output format and at every resolution.
void set_layout_font_options(cairo_t* cr) {
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(cr, options);
    cairo_font_options_destroy(options);
}

}  // namespace

Canvas render_canvas(const RenderStyle& style, double width, double height) {
    Canvas canvas;
    canvas.width = width;
    canvas.height = height;
    canvas.theme = style.theme;
    canvas.lang = style.lang;
    canvas.transparent = style.transparent;
    canvas.font_size = style.font_size;
    canvas.cols = style.cols;
    canvas.annotate = style.annotate;
    canvas.min_text_size = style.min_text_size;
    return canvas;
}

LaidOutFigure lay_out_for_cairo(cairo_t* cr, const Figure& figure, const RenderStyle& style,
                                double width, double height) {
    set_layout_font_options(cr);
    const CairoTextMeasure measure(cr);
    FigureView view;
    view.map_stretch = style.map_stretch;
    return lay_out_figure(figure, render_canvas(style, width, height), measure, view);
}

void render_figure(cairo_t* cr, const Figure& figure, const RenderStyle& style, double width,
                   double height) {
    cairo_save(cr);
    const LaidOutFigure laid_out = lay_out_for_cairo(cr, figure, style, width, height);
    paint_display_list(cr, laid_out.display);
    cairo_restore(cr);
    if (style.placed_text)
        for (const TextBlock& block : laid_out.display.blocks)
            style.placed_text->push_back({block.text, block.box, block.size});
    if (style.placed_boxes) {
        for (const PanelPlacement& panel : laid_out.panels) {
            style.placed_boxes->push_back({panel.box, PlacedBox::Kind::Plot});
            if (panel.colorbar)
                style.placed_boxes->push_back({*panel.colorbar, PlacedBox::Kind::Colorbar});
            if (panel.legend != LegendSlot::None)
                style.placed_boxes->push_back({panel.legend_box, PlacedBox::Kind::Legend});
        }
        if (laid_out.colorbar)
            style.placed_boxes->push_back({*laid_out.colorbar, PlacedBox::Kind::Colorbar});
    }
}

double export_page_height(const Figure& figure, const RenderStyle& style, double width,
                          double height, double most) {
    // Measured as the PDF is, in points at no device scale.
    const CairoSurface surface(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr));
    check_cairo(cairo_surface_status(surface.get()), "lay out the figure");
    const CairoContext cr(cairo_create(surface.get()));
    set_layout_font_options(cr.get());
    const CairoTextMeasure measure(cr.get());
    Canvas canvas = render_canvas(style, width, height);
    if (most > height) canvas.height = fitted_page_height(figure, canvas, measure, most);
    const LaidOutFigure laid_out = lay_out_figure(figure, canvas, measure);
    check_room_for_panels(laid_out, canvas);
    check_cell_values_drawn(laid_out, canvas);
    return canvas.height;
}

std::string render_figure_svg(const Figure& figure, const RenderStyle& style, double width,
                              double height) {
    // Measured as the PDF is, in points at no device scale.
    const CairoSurface surface(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr));
    check_cairo(cairo_surface_status(surface.get()), "draw the SVG");
    const CairoContext cr(cairo_create(surface.get()));
    const LaidOutFigure laid_out = lay_out_for_cairo(cr.get(), figure, style, width, height);
    return write_svg(laid_out.display, figure.title, CairoSvgResources(cr.get()));
}

std::vector<DrawnRun> CairoSvgResources::runs(const std::string& utf8,
                                              const TextStyle& style) const {
    return text_runs(cr_, utf8, style);
}

std::string CairoSvgResources::png(const ImageItem& item) const {
    const CairoSurface image = image_surface(item, "make an SVG image");
    std::string bytes;
    check_cairo(cairo_surface_write_to_png_stream(image.get(), append_to_string, &bytes),
                "encode an SVG image");
    return bytes;
}

}  // namespace posviz
