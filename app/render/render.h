// The cairo renderer of the figure model: one function draws a Figure onto any cairo surface
// (image, SVG, PDF). The figure is laid out once by core/layout/figure_layout.h, measuring text
// with the fonts cairo draws, and its display list painted (app/render/cairo_painter.h).
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

#include "app/render/svg_document.h"
#include "app/render/text.h"
#include "core/figure/figure.h"
#include "core/figure/page_geometry.h"
#include "core/layout/canvas.h"

namespace posviz {

struct LaidOutFigure;  // core/layout/figure_layout.h

// A block of text as drawn, in page points (the figure's coordinates, y down): what the layout
// test checks for overlaps, for text leaving the canvas and for type below 6 pt.
struct PlacedText {
    std::string text;
    Rect box;
    double size = 0.0;  // points
};

// A plot box, a colorbar's bar or a legend's entries as drawn, in page points.
struct PlacedBox {
    enum class Kind { Plot, Colorbar, Legend };
    Rect box;
    Kind kind = Kind::Plot;
};

struct RenderStyle {
    std::string theme = "light";  // light|dark (InputError("--theme") otherwise)
    std::string lang = "en";      // picks the leading font: zh → Noto Sans CJK SC
    bool transparent = false;     // no background paint (PNG with alpha)
    // Points of the axis labels, the other sizes in the theme's proportions; 0: set for the
    // canvas (automatic_font_size in core/layout/canvas.h).
    double font_size = 0.0;
    int cols = 0;           // panels per row; 0: the grid that best fits the canvas (figure_grid.h)
    bool annotate = false;  // values in the cells of heatmaps of at most 16 × 16 (--annotate)
    double min_text_size = k_min_text_size;  // no label set smaller to fit (Canvas's)
    double map_stretch = 1.0;                // how far a matrix's cells may stretch (FigureView's)
    // Every block of text drawn, with its box on the page, when given (the layout test).
    std::vector<PlacedText>* placed_text = nullptr;
    // Every plot box, colorbar and legend drawn, when given (the layout test's gaps).
    std::vector<PlacedBox>* placed_boxes = nullptr;
};

// Draws into [0, width] × [0, height] in cairo user units, read as points (1/72 in): font sizes
// and line widths are in points too, so a PNG scales the context by dpi/72 first and every
// format shows the same layout. The type is set for the canvas's physical size and the layout
// (grid, margins, ticks, legends, titles) recomputed for it, never scaled from another size.
// Throws lay_out_figure's InputErrors (--theme, --font-size) before anything is drawn.
void render_figure(cairo_t* cr, const Figure& figure, const RenderStyle& style, double width,
                   double height);

// The figure as an SVG document of `width` × `height` points, written from its display list
// (app/render/svg_document.h), text measured as render_figure measures it for PDF.
std::string render_figure_svg(const Figure& figure, const RenderStyle& style, double width,
                              double height);

// The height in points of the page a file export draws `figure` on, `width` points wide: `height`,
// or taller up to `most` points where the figure's plot boxes would be specks at `height`
// (core/layout/page_fit.h; most ≤ height: `height`). Throws InputError naming --width/--height
// and --size where the panels have no room on that page even in the smallest type, --annotate
// where no cell gets its value, and lay_out_figure's InputErrors, before anything is drawn.
double export_page_height(const Figure& figure, const RenderStyle& style, double width,
                          double height, double most);

// The SVG writer's text runs and images through cairo on `cr` (app/render/svg_document.h).
class CairoSvgResources : public SvgResources {
  public:
    explicit CairoSvgResources(cairo_t* cr) : cr_(cr) {}
    std::vector<DrawnRun> runs(const std::string& utf8, const TextStyle& style) const override;
    std::string png(const ImageItem& item) const override;

  private:
    cairo_t* cr_;
};

// The canvas render_figure lays the figure out for.
Canvas render_canvas(const RenderStyle& style, double width, double height);

// The figure laid out as render_figure draws it on `cr` (whose font options it sets), for
// callers that keep the display list (the SVG writer, tests).
LaidOutFigure lay_out_for_cairo(cairo_t* cr, const Figure& figure, const RenderStyle& style,
                                double width, double height);

}  // namespace posviz
