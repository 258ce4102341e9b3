#include "app/render/export.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <regex>

#include "app/render/render.h"
#include "core/figure/theme.h"
#include "core/formats/npy.h"
#include "core/input_error.h"

namespace posviz {

namespace {

constexpr double k_points_per_inch = 72.0;

double width_in(const Figure& f, const ExportOptions& o) {
    return o.width_in > 0 ? o.width_in : f.width_in;
}
double height_in(const Figure& f, const ExportOptions& o) {
    return o.height_in > 0 ? o.height_in : f.height_in;
}

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

RenderStyle render_style(const ExportOptions& o, bool transparent) {
    return {o.theme, o.lang, transparent};
}

// Draws the figure on a vector surface (width and height in points) and finishes it.
void draw_vector(cairo_surface_t* surface, const Figure& figure, const ExportOptions& options) {
    cairo_t* cr = cairo_create(surface);
    render_figure(cr, figure, render_style(options, false),
                  width_in(figure, options) * k_points_per_inch,
                  height_in(figure, options) * k_points_per_inch);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
}

std::string xml_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

// The words of the figure, for <desc>: panel titles and axis and colorbar labels, one per line.
std::string figure_words(const Figure& figure) {
    std::string words = figure.subtitle;
    auto add = [&](const std::string& s) {
        if (!s.empty()) words += (words.empty() ? "" : "\n") + s;
    };
    for (const Panel& p : figure.panels) {
        add(p.title);
        add(p.x.label);
        add(p.y.label);
        if (p.heatmap) add(p.heatmap->colorbar_label);
    }
    return words;
}

// cairo names SVG elements after process-wide counters (surface ids, glyph ids), so a second
// export in the same process would differ; renumber every id="…N" in order of appearance, and
// the references to it, so that equal figures give equal bytes.
std::string renumber_svg_ids(const std::string& svg) {
    static const std::regex id_pattern(
        R"((id="|#)(surface|image|glyph|clip|mask|pattern|source)(\d+(?:-\d+)?)\b)");
    std::map<std::string, std::string> renamed;
    std::string out;
    auto last = svg.cbegin();
    for (std::sregex_iterator it(svg.begin(), svg.end(), id_pattern), end; it != end; ++it) {
        const std::smatch& m = *it;
        const std::string key = m[2].str() + m[3].str();
        auto [entry, fresh] = renamed.try_emplace(key, "");
        if (fresh) entry->second = m[2].str() + std::to_string(renamed.size() - 1);
        out.append(last, m[0].first);
        out += m[1].str() + entry->second;
        last = m[0].second;
    }
    out.append(last, svg.cend());
    return out;
}

}  // namespace

PixelSize raster_size(const Figure& figure, const ExportOptions& options) {
    return {std::max(1, int(std::lround(width_in(figure, options) * options.dpi))),
            std::max(1, int(std::lround(height_in(figure, options) * options.dpi)))};
}

std::string render_png(const Figure& figure, const ExportOptions& options) {
    const PixelSize size = raster_size(figure, options);
    cairo_surface_t* surface =
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size.width, size.height);
    cairo_t* cr = cairo_create(surface);
    const double scale = options.dpi / k_points_per_inch;
    cairo_scale(cr, scale, scale);
    render_figure(cr, figure, render_style(options, options.transparent), size.width / scale,
                  size.height / scale);
    cairo_destroy(cr);
    std::string bytes;
    cairo_surface_write_to_png_stream(surface, append_bytes, &bytes);
    cairo_surface_destroy(surface);
    return bytes;
}

std::string render_svg(const Figure& figure, const ExportOptions& options) {
    std::string bytes;
    cairo_surface_t* surface = cairo_svg_surface_create_for_stream(
        append_bytes, &bytes, width_in(figure, options) * k_points_per_inch,
        height_in(figure, options) * k_points_per_inch);
    draw_vector(surface, figure, options);
    std::string svg = renumber_svg_ids(bytes);
    // <title> and <desc> go right after the opening <svg …> tag.
    const size_t svg_tag = svg.find("<svg");
    const size_t insert_at = svg_tag == std::string::npos ? 0 : svg.find('>', svg_tag) + 1;
    svg.insert(insert_at, "\n<title>" + xml_escape(figure.title) + "</title>\n<desc>" +
                              xml_escape(figure_words(figure)) + "</desc>");
    return svg;
}

std::string render_pdf(const Figure& figure, const ExportOptions& options) {
    std::string bytes;
    cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(
        append_bytes, &bytes, width_in(figure, options) * k_points_per_inch,
        height_in(figure, options) * k_points_per_inch);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, figure.title.c_str());
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "posviz");
    draw_vector(surface, figure, options);
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
