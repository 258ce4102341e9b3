// The cairo renderer, checked on what a reader gets: the colours of heatmap cells, the size of a
// PNG, a well-formed SVG with its words, a PDF page of the asked size, and the fonts behind text.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/render/export.h"
#include "app/render/render.h"
#include "app/render/text.h"
#include "expect_input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

struct DecodedPng {
    int width = 0, height = 0;
    std::vector<uint32_t> argb;  // premultiplied, row by row
};

DecodedPng decode_png(const std::string& bytes) {
    struct Reader {
        const std::string& bytes;
        size_t offset = 0;
    } reader{bytes};
    auto read = [](void* closure, unsigned char* data, unsigned int length) {
        auto* r = static_cast<Reader*>(closure);
        if (r->offset + length > r->bytes.size()) return CAIRO_STATUS_READ_ERROR;
        std::copy_n(r->bytes.data() + r->offset, length, data);
        r->offset += length;
        return CAIRO_STATUS_SUCCESS;
    };
    cairo_surface_t* surface = cairo_image_surface_create_from_png_stream(read, &reader);
    DecodedPng png;
    if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
        png.width = cairo_image_surface_get_width(surface);
        png.height = cairo_image_surface_get_height(surface);
        const int stride = cairo_image_surface_get_stride(surface);
        const unsigned char* data = cairo_image_surface_get_data(surface);
        for (int y = 0; y < png.height; ++y)
            for (int x = 0; x < png.width; ++x)
                png.argb.push_back(reinterpret_cast<const uint32_t*>(data + y * stride)[x]);
    }
    cairo_surface_destroy(surface);
    return png;
}

// A 2×2 heatmap [[0, 1], [2, 3]] on viridis from 0 to 3, without colorbar or labels.
Figure tiny_heatmap_figure() {
    Panel panel;
    panel.heatmap = matrix_heatmap((Matrix(2, 2) << 0.0, 1.0, 2.0, 3.0).finished(), "viridis",
                                   ColourLimits::Data);
    panel.heatmap->colorbar = false;
    panel.y.inverted = true;
    panel.grid = false;
    Figure figure;
    figure.title = "Tiny heatmap";
    figure.panels = {panel};
    figure.width_in = 3.0;
    figure.height_in = 3.0;
    return figure;
}

struct Centroid {
    long count = 0;
    double x = 0.0, y = 0.0;
};

// Where pixels of exactly this opaque colour lie.
Centroid find_colour(const DecodedPng& png, uint32_t rgb) {
    Centroid c;
    for (int y = 0; y < png.height; ++y)
        for (int x = 0; x < png.width; ++x)
            if (png.argb[size_t(y) * png.width + x] == (0xff000000u | rgb)) {
                ++c.count;
                c.x += x;
                c.y += y;
            }
    if (c.count > 0) {
        c.x /= double(c.count);
        c.y /= double(c.count);
    }
    return c;
}

TEST(FigureRender, HeatmapCellsHaveTheirColormapColoursInPlace) {
    ExportOptions options;
    options.dpi = 100;
    const DecodedPng png = decode_png(render_png(tiny_heatmap_figure(), options));
    ASSERT_EQ(png.width, 300);
    // viridis(0) = #440154, viridis(1/3) = matplotlib's entry 85 = #31688e, viridis(1) = #fde725.
    const Centroid zero = find_colour(png, 0x440154), one = find_colour(png, 0x31688e),
                   three = find_colour(png, 0xfde725);
    // Each cell is a solid block of thousands of pixels (the plot box is most of 300×300).
    EXPECT_GT(zero.count, 3000);
    EXPECT_GT(one.count, 3000);
    EXPECT_GT(three.count, 3000);
    EXPECT_NEAR(double(zero.count) / double(three.count), 1.0, 0.1);
    // Row 0 at the top: 0 top-left, 1 top-right, 3 bottom-right.
    EXPECT_LT(zero.x, one.x);
    EXPECT_NEAR(zero.y, one.y, 1.0);
    EXPECT_NEAR(one.x, three.x, 1.0);
    EXPECT_LT(one.y, three.y);
}

TEST(FigureRender, MaskedCellsTakeTheThemesMaskedColour) {
    Figure figure = tiny_heatmap_figure();
    figure.panels[0].heatmap->values(0, 1) = -INFINITY;
    ExportOptions options;
    options.dpi = 100;
    const DecodedPng png = decode_png(render_png(figure, options));
    EXPECT_GT(find_colour(png, 0xbdbdbd).count, 3000);  // the light theme's masked grey
    EXPECT_EQ(find_colour(png, 0x31688e).count, 0);
}

// Two square heatmaps in a row, only the first with a y label (as in scores --compare): their
// plot boxes come out the same size at the same height, not the labelled one smaller.
TEST(FigureRender, EqualAspectPanelsOfARowHaveTheSameBox) {
    Figure figure = tiny_heatmap_figure();
    Panel& first = figure.panels[0];
    first.equal_aspect = true;
    first.heatmap->values.setConstant(0.0);
    first.heatmap->limits = ColourLimits::Fixed;
    first.heatmap->vmin = 0.0;
    first.heatmap->vmax = 3.0;
    first.y.label = "query position m";
    Panel second = first;
    second.heatmap->values.setConstant(3.0);
    second.y.label.clear();
    figure.panels.push_back(second);
    figure.cols = 2;
    figure.width_in = 6.0;
    ExportOptions options;
    options.dpi = 100;
    const DecodedPng png = decode_png(render_png(figure, options));
    const Centroid left = find_colour(png, 0x440154), right = find_colour(png, 0xfde725);
    ASSERT_GT(left.count, 3000);
    EXPECT_NEAR(double(left.count) / double(right.count), 1.0, 0.01);
    EXPECT_NEAR(left.y, right.y, 0.5);
}

TEST(FigureRender, PngHasTheAskedPixelSizeAndBackground) {
    ExportOptions options;
    options.width_in = 4.0;
    options.height_in = 2.5;
    options.dpi = 120;
    const DecodedPng light = decode_png(render_png(tiny_heatmap_figure(), options));
    EXPECT_EQ(light.width, 480);
    EXPECT_EQ(light.height, 300);
    EXPECT_EQ(light.argb[0], 0xffffffffu);  // opaque white corner
    options.theme = "dark";
    EXPECT_EQ(decode_png(render_png(tiny_heatmap_figure(), options)).argb[0], 0xff16181du);
    options.transparent = true;
    EXPECT_EQ(decode_png(render_png(tiny_heatmap_figure(), options)).argb[0] >> 24, 0u);
}

TEST(FigureRender, PngAt600DpiIsLarge) {
    ExportOptions options;
    options.dpi = 600;
    const DecodedPng png = decode_png(render_png(tiny_heatmap_figure(), options));
    EXPECT_EQ(png.width, 1800);
    EXPECT_EQ(png.height, 1800);
}

// A minimal XML well-formedness check: every start tag closed in order, attributes quoted.
bool well_formed_xml(const std::string& xml) {
    std::vector<std::string> open;
    size_t i = 0;
    while ((i = xml.find('<', i)) != std::string::npos) {
        if (xml.compare(i, 4, "<!--") == 0) {
            i = xml.find("-->", i);
            if (i == std::string::npos) return false;
            continue;
        }
        const size_t end = xml.find('>', i);
        if (end == std::string::npos) return false;
        const std::string tag = xml.substr(i + 1, end - i - 1);
        i = end + 1;
        if (tag.empty() || tag[0] == '?' || tag[0] == '!') continue;
        if (std::count(tag.begin(), tag.end(), '"') % 2 != 0) return false;
        if (tag[0] == '/') {
            if (open.empty() || open.back() != tag.substr(1)) return false;
            open.pop_back();
        } else if (tag.back() != '/') {
            open.push_back(tag.substr(0, tag.find_first_of(" \n\t")));
        }
    }
    return open.empty();
}

Figure labelled_figure() {
    Figure figure = tiny_heatmap_figure();
    figure.title = "Scores & <logits>";
    figure.panels[0].x.label = "key position n";
    figure.panels[0].y.label = "query position m";
    return figure;
}

TEST(FigureRender, SvgIsWellFormedAndCarriesItsWords) {
    const std::string svg = render_svg(labelled_figure(), {});
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_TRUE(well_formed_xml(svg));
    // The title is in <title>, the labels in <text> elements, escaped.
    EXPECT_NE(svg.find("<title>Scores &amp; &lt;logits&gt;</title>"), std::string::npos);
    EXPECT_NE(svg.find("key position n"), std::string::npos);
    EXPECT_NE(svg.find("query position m"), std::string::npos);
    // The heatmap is one embedded image, not a rectangle per cell.
    EXPECT_NE(svg.find("<image"), std::string::npos);
    // The page is the figure's size in points: 3 in = 216 pt.
    EXPECT_NE(svg.find("width=\"216pt\""), std::string::npos);
}

TEST(FigureRender, SvgBytesAreTheSameEveryTime) {
    const std::string first = render_svg(labelled_figure(), {});
    render_png(labelled_figure(), {});  // other cairo surfaces in between move cairo's counters
    EXPECT_EQ(first, render_svg(labelled_figure(), {}));
}

TEST(FigureRender, PdfPageHasTheAskedSizeInPoints) {
    const std::string dir = testing::make_temp_dir();
    ExportOptions options;
    options.width_in = 6.4;
    options.height_in = 4.8;
    export_figure(labelled_figure(), options, dir + "/figure.pdf");
    const std::string info = dir + "/pdfinfo.txt";
    ASSERT_EQ(std::system(("pdfinfo " + dir + "/figure.pdf > " + info).c_str()), 0);
    // pdfinfo prints "Page size:       460.8 x 345.6 pts" (6.4 × 72, 4.8 × 72), padded to align.
    const std::string text = testing::read_file(info);
    const size_t at = text.find("Page size:");
    ASSERT_NE(at, std::string::npos) << text;
    double width = 0.0, height = 0.0;
    ASSERT_EQ(std::sscanf(text.c_str() + at, "Page size: %lf x %lf pts", &width, &height), 2)
        << text;
    EXPECT_DOUBLE_EQ(width, 460.8);
    EXPECT_DOUBLE_EQ(height, 345.6);
    int pages = 0;
    ASSERT_EQ(std::sscanf(text.c_str() + text.find("Pages:"), "Pages: %d", &pages), 1) << text;
    EXPECT_EQ(pages, 1);
}

TEST(FigureRender, ExportRejectsUnknownExtensionAndTheme) {
    const std::string dir = testing::make_temp_dir();
    EXPECT_INPUT_ERROR(export_figure(labelled_figure(), {}, dir + "/figure.jpg"), "-o");
    ExportOptions options;
    options.theme = "sepia";
    EXPECT_INPUT_ERROR(export_figure(labelled_figure(), options, dir + "/figure.png"), "--theme");
    EXPECT_FALSE(testing::file_exists(dir + "/figure.png"));
}

TEST(FigureRender, ChineseLabelsUseNotoSansCjkAndFullWidthGlyphs) {
    EXPECT_EQ(font_families({"zh", 10.0, FontWeight::Regular}).rfind("Noto Sans CJK SC", 0), 0u);
    EXPECT_EQ(font_families({"en", 10.0, FontWeight::Regular}).rfind("DejaVu Sans", 0), 0u);
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10);
    cairo_t* cr = cairo_create(surface);
    // CJK ideographs are one em wide: two of them at 10 pt measure 20 pt, in either language
    // (English text falls back to the CJK font for them).
    EXPECT_NEAR(measure_text(cr, "位置", {"zh", 10.0, FontWeight::Regular}).width, 20.0, 0.01);
    EXPECT_NEAR(measure_text(cr, "位置", {"en", 10.0, FontWeight::Regular}).width, 20.0, 0.01);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
}

}  // namespace
}  // namespace posviz
