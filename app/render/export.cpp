#include "app/render/export.h"

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "app/render/cairo_handles.h"
#include "app/render/png_density.h"
#include "app/render/render.h"
#include "core/encodings/checks.h"
#include "core/figure/theme.h"
#include "core/formats/atomic_file.h"
#include "core/input_error.h"

namespace posviz {

namespace {

constexpr double k_points_per_inch = 72.0;
constexpr int k_max_cairo_side = 32767;  // pixman's image size limit, 2^15 - 1
constexpr int k_max_x264_side = 16384;   // libx264 refuses larger frames
constexpr int64_t k_raster_bytes_per_pixel = 8;

double width_in(const Figure& f, const ExportOptions& o) {
    return o.width_in > 0 ? o.width_in : f.width_in;
}
double height_in(const Figure& f, const ExportOptions& o) {
    return o.height_in > 0 ? o.height_in : f.height_in;
}

// The options with the page's height settled for the figure (export_page_height): taller than
// asked on a named paper size where its plot boxes need it; InputError where they have no room.
ExportOptions with_page_height(const Figure& figure, const ExportOptions& o) {
    ExportOptions sized = o;
    sized.height_in =
        export_page_height(figure, render_style(o, false), width_in(figure, o) * k_points_per_inch,
                           height_in(figure, o) * k_points_per_inch,
                           o.max_height_in * k_points_per_inch) /
        k_points_per_inch;
    return sized;
}

// The PDF's creation date: SOURCE_DATE_EPOCH's when set (the reproducible-builds convention),
// else none, so that the same figure always gives the same bytes. (cairo 1.16 would write the
// current time; it takes ISO 8601, and an empty string for no date.)
std::string pdf_creation_date() {
    const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
    if (!epoch) return "";
    const std::string text = epoch;
    char* end = nullptr;
    errno = 0;
    const long long seconds = std::strtoll(text.c_str(), &end, 10);
    const time_t when = time_t(seconds);
    std::tm utc{};
    if (text.empty() || *end != '\0' || errno != 0 || seconds < 0 || (long long)(when) != seconds ||
        !gmtime_r(&when, &utc) || utc.tm_year + 1900 > 9999)
        throw InputError("SOURCE_DATE_EPOCH", text,
                         "seconds since 1970-01-01 00:00 UTC, a whole number from 0 up to the year "
                         "9999");
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return date;
}

// Draws the figure on a vector surface (width and height in points) and finishes it, which
// writes the whole document to the surface's stream.
void draw_vector(const CairoSurface& surface, const Figure& figure, const ExportOptions& options,
                 const char* format) {
    const std::string step = std::string("draw the ") + format;
    check_cairo(cairo_surface_status(surface.get()), step.c_str());
    {
        const CairoContext cr(cairo_create(surface.get()));
        render_figure(cr.get(), figure, render_style(options, false),
                      width_in(figure, options) * k_points_per_inch,
                      height_in(figure, options) * k_points_per_inch);
        check_cairo(cairo_status(cr.get()), step.c_str());
    }
    cairo_surface_finish(surface.get());
    check_cairo(cairo_surface_status(surface.get()), step.c_str());
}

}  // namespace

RenderStyle render_style(const ExportOptions& o, bool transparent) {
    RenderStyle style;
    style.theme = o.theme;
    style.lang = o.lang;
    style.transparent = transparent;
    style.font_size = o.font_size;
    style.cols = o.cols;
    style.map_stretch = o.map_stretch;
    style.annotate = o.annotate;
    return style;
}

PixelSize raster_size(const Figure& figure, const ExportOptions& options,
                      const std::string& extension) {
    const int max_side = extension == ".mp4" ? k_max_x264_side : k_max_cairo_side;
    auto side = [&](double inches, double given_inches, const char* option) {
        double pixels = std::round(inches * options.dpi);
        if (extension == ".mp4") pixels += std::fmod(pixels, 2.0);
        if (std::isfinite(pixels) && pixels <= max_side) return std::max(1, int(pixels));
        const std::string allowed = "at most " + std::to_string(max_side) + " pixels a side for " +
                                    extension + ": a smaller " + option + " or --dpi";
        const std::string dpi = std::to_string(options.dpi);
        if (given_inches > 0)
            throw InputError(option,
                             format_number(given_inches) + " in (" + format_number(pixels) +
                                 " pixels at --dpi " + dpi + ")",
                             allowed);
        throw InputError("--dpi",
                         dpi + " (" + format_number(pixels) + " pixels across the figure's " +
                             format_number(inches) + " in)",
                         allowed);
    };
    const PixelSize size{side(width_in(figure, options), options.width_in, "--width"),
                         side(height_in(figure, options), options.height_in, "--height")};
    const int64_t bytes = int64_t(size.width) * size.height * k_raster_bytes_per_pixel;
    if (bytes > options.max_bytes)
        throw InputError("--dpi",
                         std::to_string(options.dpi) + " (a " + std::to_string(size.width) + " × " +
                             std::to_string(size.height) + " pixel frame needs " +
                             std::to_string(bytes) + " bytes)",
                         "a frame within --max-bytes = " + std::to_string(options.max_bytes) +
                             ": a smaller --dpi, --width or --height");
    return size;
}

std::string render_png(const Figure& figure, const ExportOptions& asked) {
    const ExportOptions options = with_page_height(figure, asked);
    const PixelSize size = raster_size(figure, options, ".png");
    const CairoSurface surface(
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size.width, size.height));
    check_cairo(cairo_surface_status(surface.get()), "make the PNG's image");
    {
        const CairoContext cr(cairo_create(surface.get()));
        const double scale = options.dpi / k_points_per_inch;
        cairo_scale(cr.get(), scale, scale);
        render_figure(cr.get(), figure, render_style(options, options.transparent),
                      size.width / scale, size.height / scale);
        check_cairo(cairo_status(cr.get()), "draw the PNG");
    }
    std::string bytes;
    check_cairo(cairo_surface_write_to_png_stream(surface.get(), append_to_string, &bytes),
                "encode the PNG");
    return png_with_density(bytes, options.dpi);
}

std::string render_svg(const Figure& figure, const ExportOptions& asked) {
    const ExportOptions options = with_page_height(figure, asked);
    return render_figure_svg(figure, render_style(options, false),
                             width_in(figure, options) * k_points_per_inch,
                             height_in(figure, options) * k_points_per_inch);
}

CairoSurface make_pdf_surface(std::string& bytes, double width_pt, double height_pt,
                              const std::string& title) {
    const std::string date = pdf_creation_date();  // a bad SOURCE_DATE_EPOCH before any drawing
    CairoSurface surface(
        cairo_pdf_surface_create_for_stream(append_to_string, &bytes, width_pt, height_pt));
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, title.c_str());
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "posviz");
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, date.c_str());
    return surface;
}

std::string render_pdf(const Figure& figure, const ExportOptions& asked) {
    const ExportOptions options = with_page_height(figure, asked);
    std::string bytes;
    const CairoSurface surface =
        make_pdf_surface(bytes, width_in(figure, options) * k_points_per_inch,
                         height_in(figure, options) * k_points_per_inch, figure.title);
    draw_vector(surface, figure, options, "PDF");
    return bytes;
}

void export_figure(const Figure& figure, const ExportOptions& options, const std::string& path) {
    find_theme(options.theme);  // an unknown theme is an error before any file is touched
    const std::string extension = std::filesystem::path(path).extension().string();
    if (extension == ".png")
        write_file_atomically(path, render_png(figure, options));
    else if (extension == ".svg")
        write_file_atomically(path, render_svg(figure, options));
    else if (extension == ".pdf")
        write_file_atomically(path, render_pdf(figure, options));
    else
        throw InputError("-o", path, "a file ending in .png, .svg or .pdf");
}

}  // namespace posviz
