// Writing a figure to a file, the format chosen by the extension: .png (raster at --dpi, which
// its pHYs chunk records), .svg (lines as paths, text as editable <text>, heatmaps as embedded
// images, one pixel a cell, drawn pixelated) and .pdf (text as embedded font subsets, heatmaps
// as images without interpolation, no creation date unless SOURCE_DATE_EPOCH gives one). The
// same figure always gives the same bytes. Files are written to a temporary name and renamed,
// never left half-written.
#pragma once

#include <cstdint>
#include <string>

#include "app/render/cairo_handles.h"
#include "app/render/render.h"
#include "core/figure/figure.h"

namespace posviz {

struct ExportOptions {
    double width_in = 0.0, height_in = 0.0;  // inches; 0 = the size the figure was designed for
    int dpi = 150;                           // PNG, GIF and MP4 pixels per inch
    std::string theme = "light";
    bool transparent = false;  // PNG only: no background
    std::string lang = "en";
    double font_size = 0.0;    // points of the axis labels; 0: set for the canvas (render.h)
    int cols = 0;              // panels per row; 0: the grid that fits the canvas
    double map_stretch = 1.0;  // how far a matrix's cells may stretch (core/layout/panel_layout.h)
    bool annotate = false;     // values in the cells of small heatmaps
    int64_t max_bytes = int64_t(2) << 30;  // a raster frame's buffers, as the scene's --max-bytes
    // A named paper size (--size column|text without --height): the page may grow up to this
    // height where the figure's plot boxes would be specks (core/layout/page_fit.h); 0: it keeps
    // height_in.
    double max_height_in = 0.0;
};

// How render_figure draws for these options (transparent: PNG only).
RenderStyle render_style(const ExportOptions& options, bool transparent);

// Pixel size of a raster export (width_in·dpi rounded, at least 1; even for .mp4, which H.264 in
// yuv420p needs), checked before anything is drawn: each side within what the format takes
// (cairo's image surfaces stop at 32767 pixels, which is within GIF's 65535; libx264 stops at
// 16384) and the frame's buffers (8 bytes a pixel: the cairo surface and its PNG, RGB or indexed
// copy) within max_bytes. Throws InputError naming --width, --height (when given, else --dpi) or
// --dpi.
struct PixelSize {
    int width = 1, height = 1;
};
PixelSize raster_size(const Figure& figure, const ExportOptions& options,
                      const std::string& extension);

// Throws InputError("-o", path, ...) for an extension other than .png/.svg/.pdf.
void export_figure(const Figure& figure, const ExportOptions& options, const std::string& path);

// The bytes export_figure writes, for tests and callers that keep them in memory. The SVG is
// written from the display list by app/render/svg_document.h, the figure's title as <title>.
// render_pdf throws InputError("SOURCE_DATE_EPOCH") for a value that is not a whole number of
// seconds.
std::string render_png(const Figure& figure, const ExportOptions& options);
std::string render_svg(const Figure& figure, const ExportOptions& options);
std::string render_pdf(const Figure& figure, const ExportOptions& options);

// The PDF surface every posviz PDF is drawn on (the figures above, the storyline handout): the
// document goes to `bytes` when the surface is finished, with the title, "posviz" as creator and
// the creation date of SOURCE_DATE_EPOCH or none, so that the same pages give the same bytes.
CairoSurface make_pdf_surface(std::string& bytes, double width_pt, double height_pt,
                              const std::string& title);

}  // namespace posviz
