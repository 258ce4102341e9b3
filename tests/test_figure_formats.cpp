// Files that behave (issue 13 §6): SVG text as editable <text>, heatmaps drawn cell by cell in SVG
// and PDF, PDFs byte-identical across runs, the PNG's pixel density, GIF delays that add up to the
// asked rate, CSV with a position column and no "-0", and the reduced scores map as data.
#include <cairo.h>
#include <gif_lib.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/figure_options.h"
#include "app/render/cairo_handles.h"
#include "app/render/export.h"
#include "app/render/svg_document.h"
#include "app/render/text.h"
#include "core/figures/figures.h"
#include "core/formats/npy.h"
#include "core/layout/display_list.h"
#include "expect_input_error.h"
#include "gpu_test_context.h"
#include "run_posviz.h"

namespace posviz {
namespace {

using testing::file_exists;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_posviz;

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// Two lines of text in a display list, one turned like a y-axis label, written by the SVG writer
// (which used to turn cairo's glyph outlines back into <text>): the elements sit where the lines
// are placed.
TEST(FigureFormats, SvgTextElementsSitWhereTheLinesWereDrawn) {
    DisplayList display;
    display.width = 200.0;
    display.height = 100.0;
    display.items.push_back(TextItem{"Wavelength & <i>",
                                     {"en", 12.0, FontWeight::Bold},
                                     {{1.0, 0.0, 0.0}, 1.0},
                                     {20.0, 30.0},
                                     {},
                                     0.0,
                                     0});
    display.items.push_back(TextItem{"位置 m · n",
                                     {"zh", 9.0, FontWeight::Regular},
                                     {{0.0, 0.0, 1.0}, 1.0},
                                     {0.0, 0.0},
                                     {50.0, 80.0},
                                     M_PI / 2,
                                     0});
    const CairoSurface surface(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr));
    const CairoContext cr(cairo_create(surface.get()));
    const std::string svg = write_svg(display, "", CairoSvgResources(cr.get()));
    EXPECT_EQ(svg.find("glyph"), std::string::npos) << svg;
    EXPECT_EQ(count(svg, "<text "), 2u);
    // The first: at (20, 30), bold 12 pt, red, DejaVu first, escaped.
    EXPECT_NE(
        svg.find("<text xml:space=\"preserve\" style=\"fill:rgb(100%,0%,0%);fill-opacity:1;\" "
                 "font-family=\"'DejaVu Sans', 'Noto Sans CJK SC', sans-serif\" "
                 "font-size=\"12\" font-weight=\"bold\" transform=\"translate(20 30)\">"
                 "Wavelength &amp; &lt;i&gt;</text>"),
        std::string::npos)
        << svg;
    // The second: turned a quarter counter-clockwise about (50, 80), Noto CJK first; the "·"
    // comes from DejaVu (narrow), so the line has three runs, one <tspan> each.
    const size_t turned = svg.find("transform=\"matrix(0 -1 1 0 50 80)\"");
    ASSERT_NE(turned, std::string::npos) << svg;
    const size_t start = svg.rfind("<text", turned);
    EXPECT_NE(svg.find("font-family=\"'Noto Sans CJK SC', 'DejaVu Sans', sans-serif\"", start),
              std::string::npos);
    EXPECT_NE(svg.find("fill:rgb(0%,0%,100%)", start), std::string::npos);
    EXPECT_NE(svg.find("<tspan x=\"0\" font-family=\"'Noto Sans CJK SC'", start),
              std::string::npos);
    EXPECT_NE(svg.find(">·</tspan>", start), std::string::npos);
    EXPECT_EQ(count(svg, "<tspan"), 3u);
}

// The words of every <text> element, its <tspan> tags dropped (still XML-escaped).
std::vector<std::string> text_contents(const std::string& svg) {
    std::vector<std::string> words;
    for (size_t at = svg.find("<text "); at != std::string::npos; at = svg.find("<text ", at + 1)) {
        const size_t begin = svg.find('>', at) + 1, end = svg.find("</text>", begin);
        const std::string inner = svg.substr(begin, end - begin);
        words.push_back(std::regex_replace(inner, std::regex("</?tspan[^>]*>"), ""));
    }
    return words;
}

Scene small(const std::string& figure, const std::string& encoding) {
    Scene s;
    s.figure = figure;
    s.encoding = encoding;
    s.seq_len = 24;
    s.dim = 16;
    return s;
}

// Every figure, in both languages: no glyph outline is left, and the title is there as text.
TEST(FigureFormats, EveryFigureSvgHasItsWordsAsText) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"wavelengths", "rope"},  {"curves", "sinusoidal"},
        {"pe", "sinusoidal"},     {"similarity", "sinusoidal"},
        {"scores", "rope"},       {"terms", "xl"},
        {"bias", "alibi"},        {"buckets", "t5"},
        {"decay", "xpos"},        {"rotation", "rope"},
        {"permutation", "rope"},  {"turns", "rope"},
        {"scalings", "rope"},     {"extrapolation", "rope"},
        {"pca", "sinusoidal"},    {"base-bound", "rope"},
        {"scale-factors", "rope"}};
    for (const auto& [figure, encoding] : cases)
        for (const char* lang : {"en", "zh"}) {
            FigureOptions figure_options;
            figure_options.lang = lang;
            const Figure f = build_figure(small(figure, encoding), figure_options);
            ExportOptions options;
            options.lang = lang;
            const std::string svg = render_svg(f, options);
            EXPECT_EQ(svg.find("glyph"), std::string::npos) << figure << " " << lang;
            const std::vector<std::string> words = text_contents(svg);
            EXPECT_NE(std::find(words.begin(), words.end(), xml_escape(f.title)), words.end())
                << figure << " " << lang << ": " << f.title;
            EXPECT_GT(count(svg, "<text "), 5u) << figure;
        }
}

TEST(FigureFormats, SvgHeatmapsArePixelatedAtTheirOwnResolution) {
    const std::string svg = render_svg(build_figure(small("bias", "alibi"), {}), {});
    // The 24 × 24 bias map and the colorbar's 1 × 256 strip, each one pixel per cell.
    EXPECT_NE(svg.find("<image style=\"image-rendering:optimizeSpeed;image-rendering:pixelated\" "
                       "id=\"image"),
              std::string::npos);
    EXPECT_EQ(count(svg, "<image "), count(svg, "image-rendering:pixelated"));
    EXPECT_EQ(count(svg, "<image "), 2u);
    EXPECT_NE(svg.find("width=\"24\" height=\"24\""), std::string::npos);
    EXPECT_NE(svg.find("width=\"1\" height=\"256\""), std::string::npos);
}

TEST(FigureFormats, PdfHeatmapsAreNotInterpolated) {
    // 600 cells across a panel of a few hundred points: smaller than a point, still drawn as
    // cells (the viewer scales the 600 × 600 image without smoothing).
    Scene s = small("similarity", "sinusoidal");
    s.seq_len = 600;
    const std::string pdf = render_pdf(build_figure(s, {}), {});
    EXPECT_NE(pdf.find("/Width 600"), std::string::npos);
    EXPECT_EQ(pdf.find("/Interpolate true"), std::string::npos);
    EXPECT_EQ(count(pdf, "/Interpolate false"), 2u);  // the map and the colorbar
}

TEST(FigureFormats, PdfIsTheSameBytesOnEveryRunWithoutADate) {
    const std::string dir = make_temp_dir();
    const std::string args = "export scores --compare rope,alibi --seq-len 16 --dim 8 -o " + dir;
    ASSERT_EQ(run_posviz(args + "/a.pdf").status, 0);
    ASSERT_EQ(run_posviz(args + "/b.pdf").status, 0);
    const std::string a = read_file(dir + "/a.pdf");
    EXPECT_EQ(a, read_file(dir + "/b.pdf"));
    EXPECT_EQ(a.find("/CreationDate"), std::string::npos);
    // SOURCE_DATE_EPOCH sets it: 1700000000 s is 2023-11-14 22:13:20 UTC.
    ASSERT_EQ(std::system(("SOURCE_DATE_EPOCH=1700000000 " + std::string(POSVIZ_BINARY) + " " +
                           args + "/e.pdf")
                              .c_str()),
              0);
    EXPECT_NE(read_file(dir + "/e.pdf").find("/CreationDate (20231114221320Z)"), std::string::npos);
    const std::string bad = "SOURCE_DATE_EPOCH=yesterday " + std::string(POSVIZ_BINARY) + " " +
                            args + "/f.pdf 2>" + dir + "/err.txt";
    EXPECT_EQ(WEXITSTATUS(std::system(bad.c_str())), 2);
    EXPECT_NE(read_file(dir + "/err.txt").find("SOURCE_DATE_EPOCH"), std::string::npos);
    EXPECT_FALSE(file_exists(dir + "/f.pdf"));
}

// CRC-32 of PNG chunks from the specification's table-driven sample code (annex D).
uint32_t table_crc(const std::string& bytes) {
    std::array<uint32_t, 256> table{};
    for (uint32_t n = 0; n < 256; ++n) {
        uint32_t c = n;
        for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    uint32_t c = 0xffffffffu;
    for (unsigned char b : bytes) c = table[(c ^ b) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

uint32_t big_endian(const std::string& s, size_t at) {
    return uint32_t(uint8_t(s[at])) << 24 | uint32_t(uint8_t(s[at + 1])) << 16 |
           uint32_t(uint8_t(s[at + 2])) << 8 | uint32_t(uint8_t(s[at + 3]));
}

TEST(FigureFormats, PngRecordsItsDpi) {
    ExportOptions options;
    options.dpi = 300;
    options.width_in = options.height_in = 1.0;
    const std::string png = render_png(build_figure(small("decay", "rope"), {}), options);
    // Signature (8), IHDR (25), then pHYs: length 9, 300 dpi = 300 / 0.0254 = 11811.02 → 11811
    // pixels per metre on both axes, unit 1 (metre), and the CRC of type and data.
    ASSERT_GT(png.size(), 33u + 21u);
    EXPECT_EQ(png.compare(12, 4, "IHDR"), 0);
    EXPECT_EQ(big_endian(png, 33), 9u);
    EXPECT_EQ(png.compare(37, 4, "pHYs"), 0);
    EXPECT_EQ(big_endian(png, 41), 11811u);
    EXPECT_EQ(big_endian(png, 45), 11811u);
    EXPECT_EQ(png[49], 1);
    EXPECT_EQ(big_endian(png, 50), table_crc(png.substr(37, 13)));
    // One pHYs, before the image data; the picture is 300 × 300 pixels.
    std::vector<std::string> chunks;
    for (size_t at = 8; at + 8 <= png.size(); at += 12 + big_endian(png, at))
        chunks.push_back(png.substr(at + 4, 4));
    EXPECT_EQ(std::count(chunks.begin(), chunks.end(), "pHYs"), 1);
    EXPECT_LT(std::find(chunks.begin(), chunks.end(), "pHYs"),
              std::find(chunks.begin(), chunks.end(), "IDAT"));
    EXPECT_EQ(chunks.back(), "IEND");
    EXPECT_EQ(big_endian(png, 16), 300u);
    EXPECT_EQ(big_endian(png, 20), 300u);
}

std::vector<int> gif_delays(const std::string& path) {
    int error = 0;
    GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
    std::vector<int> delays;
    if (!gif || DGifSlurp(gif) != GIF_OK) return delays;
    for (int i = 0; i < gif->ImageCount; ++i) {
        GraphicsControlBlock control{};
        DGifSavedExtensionToGCB(gif, i, &control);
        delays.push_back(control.DelayTime);
    }
    DGifCloseFile(gif, &error);
    return delays;
}

TEST(FigureFormats, GifDelaysAddUpToTheAskedRate) {
    Scene s = small("rotation", "rope");
    s.dims = {0};
    FigureExportOptions o;
    o.dpi = 20;
    o.frames = 12;
    o.fps = 12;
    const std::string dir = make_temp_dir();
    export_scene_figure(s, o, dir + "/a.gif");
    // 100/12 = 8⅓ hundredths: frame f starts at floor(100·f/12) = 0, 8, 16, 25, 33, 41, 50, …
    EXPECT_EQ(gif_delays(dir + "/a.gif"), (std::vector<int>{8, 8, 9, 8, 8, 9, 8, 8, 9, 8, 8, 9}));
    o.fps = 30;  // 3⅓: 3, 3, 4, …
    o.frames = 3;
    export_scene_figure(s, o, dir + "/b.gif");
    EXPECT_EQ(gif_delays(dir + "/b.gif"), (std::vector<int>{3, 3, 4}));
    o.fps = 60;  // delays of 1/100 s, which players stretch to 1/10 s
    EXPECT_INPUT_ERROR(export_scene_figure(s, o, dir + "/c.gif"), "--fps");
    EXPECT_FALSE(file_exists(dir + "/c.gif"));
}

std::vector<std::string> csv_lines(const std::string& csv) {
    std::vector<std::string> lines;
    std::istringstream in(csv);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

TEST(FigureFormats, CsvRowsOfPositionsSayWhichAndNoNegativeZero) {
    const std::string dir = make_temp_dir();
    ASSERT_EQ(run_posviz("export curves --encoding sinusoidal --seq-len 5 --dims 0,1 -o " + dir +
                         "/c.csv")
                  .status,
              0);
    // sin(pos) and cos(pos) of pair 0 (omega_0 = 1) after the position.
    const std::vector<std::string> curves = csv_lines(read_file(dir + "/c.csv"));
    ASSERT_EQ(curves.size(), 6u);
    EXPECT_EQ(curves[0], "position,dim0,dim1");
    EXPECT_EQ(curves[1], "0,0,1");
    EXPECT_EQ(curves[4].substr(0, 2), "3,");
    EXPECT_NEAR(std::stod(curves[4].substr(2)), std::sin(3.0), 1e-15);
    ASSERT_EQ(run_posviz("export pe --encoding sinusoidal --seq-len 3 --dim 4 -o " + dir + "/p.csv")
                  .status,
              0);
    EXPECT_EQ(csv_lines(read_file(dir + "/p.csv"))[0], "position,d0,d1,d2,d3");
    // ALiBi's diagonal is −slope·0, which to_chars writes "-0"; the bias rows are query positions.
    ASSERT_EQ(run_posviz("export bias --encoding alibi --seq-len 4 -o " + dir + "/b.csv").status,
              0);
    const std::vector<std::string> bias = csv_lines(read_file(dir + "/b.csv"));
    EXPECT_EQ(bias[0], "m,n0,n1,n2,n3");
    EXPECT_EQ(bias[1], "0,0,-0.5,-1,-1.5");
    EXPECT_EQ(bias[3], "2,-1,-0.5,0,-0.5");
    for (const std::string& line : bias) {
        std::istringstream fields(line);
        for (std::string field; std::getline(fields, field, ',');) EXPECT_NE(field, "-0") << line;
    }
    // The .npy stays the bare (L, L) array.
    ASSERT_EQ(run_posviz("export bias --encoding alibi --seq-len 4 -o " + dir + "/b.npy").status,
              0);
    EXPECT_EQ(read_npy(dir + "/b.npy").shape, (std::vector<int64_t>{4, 4}));
}

// The largest |value| of each block, blocks [floor(i·L/R), floor((i+1)·L/R)), by hand.
std::vector<double> block_max_abs_by_hand(const NpyArray& dense, long L, long R) {
    std::vector<double> out;
    for (long i = 0; i < R; ++i)
        for (long j = 0; j < R; ++j) {
            double best = -INFINITY;
            for (long m = i * L / R; m < (i + 1) * L / R; ++m)
                for (long n = j * L / R; n < (j + 1) * L / R; ++n) {
                    const double v = dense.data[size_t(m * L + n)];
                    if (std::isfinite(v)) best = std::max(best, std::abs(v));
                }
            out.push_back(best);
        }
    return out;
}

TEST(FigureFormats, ResolutionExportsTheReducedMapAsDrawn) {
    const std::string dir = make_temp_dir();
    const std::string scene = "export scores --seq-len 300 --dim 16 --causal";
    ASSERT_EQ(run_posviz(scene + " -o " + dir + "/dense.npy").status, 0);
    const auto reduced = run_posviz(scene + " --resolution 64 -o " + dir + "/r.npy");
    ASSERT_EQ(reduced.status, 0) << reduced.err;
    const NpyArray dense = read_npy(dir + "/dense.npy");
    ASSERT_EQ(dense.shape, (std::vector<int64_t>{300, 300}));  // without --resolution: dense
    const NpyArray r = read_npy(dir + "/r.npy");
    ASSERT_EQ(r.shape, (std::vector<int64_t>{64, 64}));
    const std::vector<double> expected = block_max_abs_by_hand(dense, 300, 64);
    for (size_t i = 0; i < expected.size(); ++i) {
        if (std::isinf(expected[i])) {
            EXPECT_TRUE(std::isinf(r.data[i]) && r.data[i] < 0) << i;  // all masked
        } else {
            EXPECT_NEAR(r.data[i], expected[i], 1e-12) << i;
        }
    }
    // The CSV says what the numbers are: blocks of queries (first position) down, of keys across.
    ASSERT_EQ(run_posviz(scene + " --resolution 64 -o " + dir + "/r.csv").status, 0);
    const std::vector<std::string> csv = csv_lines(read_file(dir + "/r.csv"));
    ASSERT_EQ(csv.size(), 65u);
    // Block 1 starts at floor(300/64) = 4, block 63 at floor(63·300/64) = 295.
    EXPECT_TRUE(csv[0].starts_with("m_from,max_abs_logit_n0,max_abs_logit_n4,")) << csv[0];
    EXPECT_TRUE(csv[0].ends_with(",max_abs_logit_n295")) << csv[0];
    EXPECT_EQ(csv[2].substr(0, 2), "4,");
    ASSERT_EQ(run_posviz(scene + " --softmax --resolution 64 -o " + dir + "/p.csv").status, 0);
    EXPECT_EQ(read_file(dir + "/p.csv").substr(0, 26), "m_from,max_probability_n0,");
    // At or below the resolution the picture is the dense map, and so is the export.
    ASSERT_EQ(run_posviz(scene + " --resolution 512 -o " + dir + "/same.npy").status, 0);
    EXPECT_EQ(read_file(dir + "/same.npy"), read_file(dir + "/dense.npy"));
    // Other data exports are always dense.
    const auto pe =
        run_posviz("export pe --encoding sinusoidal --resolution 64 -o " + dir + "/pe.npy");
    EXPECT_EQ(pe.status, 2);
    EXPECT_NE(pe.err.find("--resolution"), std::string::npos) << pe.err;
}

TEST(FigureFormats, ReducedExportComesFromTheGpuToo) {
    POSVIZ_REQUIRE_GPU();
    // The GPU reduces while it computes (float32 q·k): the same map within float's precision.
    const std::string dir = make_temp_dir();
    const std::string scene = "export scores --seq-len 3000 --dim 8 --resolution 100 -o " + dir;
    const auto gpu = testing::run_posviz_on_opengl(scene + "/gpu.npy --backend gpu");
    ASSERT_EQ(gpu.status, 0) << gpu.err;
    EXPECT_NE(gpu.err.find("computed on the GPU"), std::string::npos) << gpu.err;
    ASSERT_EQ(run_posviz(scene + "/cpu.npy").status, 0);
    const NpyArray g = read_npy(dir + "/gpu.npy"), c = read_npy(dir + "/cpu.npy");
    ASSERT_EQ(g.shape, (std::vector<int64_t>{100, 100}));
    ASSERT_EQ(c.shape, g.shape);
    for (size_t i = 0; i < c.data.size(); ++i)
        EXPECT_NEAR(g.data[i], c.data[i], 1e-5 * std::abs(c.data[i]) + 1e-9) << i;
}

TEST(FigureFormats, ReducedExportOfALongSequenceStaysSmall) {
    // Dense, L = 65536 would be 32 GiB; the reduced map is 512² doubles (2 MiB), and the working
    // set O(L·D): q and k, 65536 × 64 doubles (32 MiB) each.
    const std::string dir = make_temp_dir();
    const auto toeplitz = run_posviz(
        "export scores --seq-len 65536 --content ones --resolution 512 -o " + dir + "/s.npy");
    ASSERT_EQ(toeplitz.status, 0) << toeplitz.err;
    EXPECT_EQ(read_npy(dir + "/s.npy").shape, (std::vector<int64_t>{512, 512}));
    EXPECT_LT(toeplitz.max_rss_kb, testing::rss_budget_kb(400 * 1024));
    // Random content streams logit rows (core/attention_rows.h); --max-bytes 64 MB refuses the
    // dense 2 GiB matrix, so this can only pass without it.
    const std::string scene = "export scores --seq-len 16384 --max-bytes 64000000";
    EXPECT_EQ(run_posviz(scene + " -o " + dir + "/dense.npy").status, 2);
    const auto streamed = run_posviz(scene + " --resolution 256 -o " + dir + "/r.npy");
    ASSERT_EQ(streamed.status, 0) << streamed.err;
    EXPECT_EQ(read_npy(dir + "/r.npy").shape, (std::vector<int64_t>{256, 256}));
    EXPECT_LT(streamed.max_rss_kb, testing::rss_budget_kb(200 * 1024));
}

}  // namespace
}  // namespace posviz
