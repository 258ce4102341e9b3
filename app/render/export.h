// Writing a figure to a file, the format chosen by the extension: .png (raster at --dpi),
// .svg and .pdf (vector: lines as paths, text as glyph outlines, heatmaps as embedded images
// with sharp cells). Files are written to a temporary name and renamed, never left half-written.
#pragma once

#include <string>

#include "core/figure/figure.h"

namespace posviz {

struct ExportOptions {
    double width_in = 0.0, height_in = 0.0;  // inches; 0 = the size the figure was designed for
    int dpi = 150;                           // PNG, GIF and MP4 pixels per inch
    std::string theme = "light";
    bool transparent = false;  // PNG only: no background
    std::string lang = "en";
};

// Pixel size of a raster export (width_in·dpi rounded), at least 1.
struct PixelSize {
    int width = 1, height = 1;
};
PixelSize raster_size(const Figure& figure, const ExportOptions& options);

// Throws InputError("-o", path, ...) for an extension other than .png/.svg/.pdf.
void export_figure(const Figure& figure, const ExportOptions& options, const std::string& path);

// The bytes export_figure writes, for tests and callers that keep them in memory. The SVG gets
// the figure's title as <title> and its panel titles and axis labels in <desc> (cairo draws text
// as glyph outlines, so these are the only searchable words), and its ids renumbered in order
// of appearance: the same figure always gives the same bytes.
std::string render_png(const Figure& figure, const ExportOptions& options);
std::string render_svg(const Figure& figure, const ExportOptions& options);
std::string render_pdf(const Figure& figure, const ExportOptions& options);

}  // namespace posviz
