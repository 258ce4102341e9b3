// The layout of every figure at the sizes authors use — a paper column (3.25 × 2.2 in), a text
// width (6.75 × 3 in) and a 16:9 slide (13.33 × 7.5 in) — checked from the text boxes the
// renderer itself placed (RenderStyle::placed_text): no two overlap, none leaves the canvas and
// none is set below 6 pt. Then the size and grid options on the command line.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/render/render.h"
#include "core/figures/figures.h"
#include "core/scene.h"
#include "run_posviz.h"

namespace posviz {
namespace {

struct Case {
    std::string figure, encoding;
    std::vector<std::string> compare;
    bool split = false, all_heads = false, softmax = false;
};

// Every figure (the encodings of FigureBuilders.EveryFigureBuildsInBothLanguages), and the
// crowded ones: four compared score maps, three compared bias matrices, eight ALiBi heads, three
// curves in panels of their own.
std::vector<Case> every_figure() {
    return {{"wavelengths", "rope", {}},
            {"curves", "sinusoidal", {}},
            {"pe", "sinusoidal", {}},
            {"similarity", "sinusoidal", {}},
            {"scores", "rope", {}},
            {"terms", "xl", {}},
            {"bias", "alibi", {}},
            {"buckets", "t5", {}},
            {"decay", "rope", {}},
            {"rotation", "rope", {}},
            {"permutation", "rope", {}},
            {"turns", "rope", {}},
            {"scalings", "rope", {}},
            {"extrapolation", "rope", {}},
            {"pca", "sinusoidal", {}},
            {"scores", "rope", {"rope", "alibi", "t5", "sinusoidal"}},
            {"bias", "alibi", {"alibi", "kerple", "t5"}},
            {"bias", "alibi", {}, false, true},
            {"curves", "sinusoidal", {}, true, false},
            {"scores", "rope", {"rope", "sinusoidal"}, false, false, true}};  // log colour bar
}

Scene scene_of(const Case& c) {
    Scene s;
    s.figure = c.figure;
    s.encoding = c.encoding;
    s.compare = c.compare;
    s.softmax = c.softmax;
    s.seq_len = 64;
    s.dim = 32;
    return s;
}

std::vector<PlacedText> placed_text(const Figure& figure, double width_in, double height_in,
                                    const std::string& lang) {
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(surface);
    std::vector<PlacedText> placed;
    RenderStyle style;
    style.lang = lang;
    style.placed_text = &placed;
    render_figure(cr, figure, style, 72.0 * width_in, 72.0 * height_in);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return placed;
}

// A hundredth of a point of slack for rounding: boxes that merely touch do not overlap.
constexpr double k_slack = 0.01;

bool overlap(const Rect& a, const Rect& b) {
    return std::min(a.x + a.w, b.x + b.w) - std::max(a.x, b.x) > k_slack &&
           std::min(a.y + a.h, b.y + b.h) - std::max(a.y, b.y) > k_slack;
}

std::string describe(const PlacedText& t) {
    return "\"" + t.text + "\" at (" + std::to_string(t.box.x) + ", " + std::to_string(t.box.y) +
           ") " + std::to_string(t.box.w) + " × " + std::to_string(t.box.h) + ", " +
           std::to_string(t.size) + " pt";
}

struct Size {
    double width_in, height_in;
};
constexpr Size k_column{3.25, 2.2}, k_text{6.75, 3.0}, k_slide{13.33, 7.5};

TEST(FigureLayout, NoTextOverlapsLeavesTheCanvasOrIsBelowSixPoints) {
    for (const std::string lang : {"en", "zh"})
        for (const Case& c : every_figure()) {
            FigureOptions options{lang, "", false};
            options.split = c.split;
            options.all_heads = c.all_heads;
            const Figure figure = build_figure(scene_of(c), options);
            for (const Size size : {k_column, k_text, k_slide}) {
                const std::vector<PlacedText> placed =
                    placed_text(figure, size.width_in, size.height_in, lang);
                const std::string where = c.figure + (c.compare.empty() ? "" : " --compare") +
                                          (c.split ? " --split" : "") +
                                          (c.all_heads ? " --all-heads" : "") +
                                          (c.softmax ? " --softmax" : "") + " " + lang + " at " +
                                          std::to_string(size.width_in) + " × " +
                                          std::to_string(size.height_in) + " in: ";
                ASSERT_FALSE(placed.empty()) << where;
                const double width = 72.0 * size.width_in, height = 72.0 * size.height_in;
                for (size_t i = 0; i < placed.size(); ++i) {
                    const PlacedText& t = placed[i];
                    EXPECT_GE(t.size, 6.0) << where << describe(t);
                    EXPECT_TRUE(t.box.x >= -k_slack && t.box.y >= -k_slack &&
                                t.box.x + t.box.w <= width + k_slack &&
                                t.box.y + t.box.h <= height + k_slack)
                        << where << describe(t) << " leaves the canvas";
                    for (size_t j = i + 1; j < placed.size(); ++j)
                        EXPECT_FALSE(overlap(t.box, placed[j].box))
                            << where << describe(t) << " overlaps " << describe(placed[j]);
                }
            }
        }
}

// Type is set for the physical size: a paper column's labels are 8–9 pt (none above 12), a
// slide's at least 18 pt with nothing but the tick labels (0.85 of that) smaller — the same
// figure, never scaled from one size to the other.
TEST(FigureLayout, TypeIsSetForThePhysicalSize) {
    const Figure figure = build_figure(scene_of({"curves", "sinusoidal", {}}), {"en", "", false});
    auto sizes = [&](Size size) {
        std::vector<double> s;
        for (const PlacedText& t : placed_text(figure, size.width_in, size.height_in, "en"))
            s.push_back(t.size);
        std::sort(s.begin(), s.end());
        return s;
    };
    const std::vector<double> column = sizes(k_column), slide = sizes({13.33, 7.5});
    EXPECT_GE(column.front(), 6.0);
    EXPECT_LE(column.back(), 12.0);
    EXPECT_GE(slide.front(), 0.85 * 18.0 - 1e-9);
    EXPECT_GE(slide.back(), 18.0);
}

// Titles longer than the canvas is wide wrap or end in "…", and stay on the canvas.
TEST(FigureLayout, LongTitlesWrapOrAreShortened) {
    Figure figure = build_figure(scene_of({"decay", "rope", {}}), {"en", "", false});
    figure.title = std::string(40, 'W') + " " + std::string(40, 'W') + " " + std::string(40, 'W');
    const std::vector<PlacedText> placed = placed_text(figure, 3.25, 2.2, "en");
    ASSERT_FALSE(placed.empty());
    const PlacedText& title = placed.front();
    EXPECT_LE(title.box.x + title.box.w, 72.0 * 3.25);
    EXPECT_NE(title.text.find("…"), std::string::npos) << title.text;
}

// The grid: --cols 1 stacks the panels (their titles share a centre line); the default grid of
// three compared bias matrices and their curves on a wide, short canvas is one row (their titles
// share a baseline).
TEST(FigureLayout, ColsStackPanelsAndTheDefaultGridFitsTheCanvas) {
    const Figure figure =
        build_figure(scene_of({"bias", "alibi", {"alibi", "kerple", "t5"}}), {"en", "", false});
    auto title_boxes = [&](int cols, double width_in, double height_in) {
        cairo_surface_t* surface =
            cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
        cairo_t* cr = cairo_create(surface);
        std::vector<PlacedText> placed;
        RenderStyle style;
        style.cols = cols;
        style.placed_text = &placed;
        render_figure(cr, figure, style, 72.0 * width_in, 72.0 * height_in);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        std::vector<Rect> boxes;
        // The first of each: the matrices' titles come before the curves' legend.
        for (const std::string title : {"ALiBi", "KERPLE", "T5"})
            for (const PlacedText& t : placed)
                if (t.text == title) {
                    boxes.push_back(t.box);
                    break;
                }
        return boxes;
    };
    const std::vector<Rect> stacked = title_boxes(1, 5.0, 12.0);
    ASSERT_EQ(stacked.size(), 3u);
    for (const Rect& r : stacked) {
        // One column (centred on boxes whose tick labels differ in width by a few points).
        EXPECT_NEAR(r.x + 0.5 * r.w, stacked[0].x + 0.5 * stacked[0].w, 20.0);
        EXPECT_GT(r.y, stacked[0].y - 1e-9);
    }
    EXPECT_GT(stacked[2].y, stacked[1].y + 72.0);
    const std::vector<Rect> row = title_boxes(0, 16.0, 4.0);
    ASSERT_EQ(row.size(), 3u);
    EXPECT_NEAR(row[1].y, row[0].y, 0.5);
    EXPECT_NEAR(row[2].y, row[0].y, 0.5);
    EXPECT_GT(row[1].x, row[0].x + 72.0);
}

using testing::file_exists;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_posviz;

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// --size sets the page: a 16:9 slide at 100 dpi is 1333 × 750 pixels (13.33 × 7.5 in), and
// --width replaces one side of it.
TEST(FigureLayout, SizePresetsSetThePage) {
    const std::string dir = make_temp_dir();
    auto png_size = [](const std::string& bytes) {
        // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
        auto be32 = [&](size_t at) {
            return (unsigned(uint8_t(bytes[at])) << 24) | (unsigned(uint8_t(bytes[at + 1])) << 16) |
                   (unsigned(uint8_t(bytes[at + 2])) << 8) | unsigned(uint8_t(bytes[at + 3]));
        };
        return std::make_pair(be32(16), be32(20));
    };
    ASSERT_EQ(run_posviz("export decay --size slide --dpi 100 -o " + dir + "/s.png").status, 0);
    EXPECT_EQ(png_size(read_file(dir + "/s.png")), std::make_pair(1333u, 750u));
    ASSERT_EQ(
        run_posviz("export decay --size column --width 4 --dpi 100 -o " + dir + "/c.png").status,
        0);
    EXPECT_EQ(png_size(read_file(dir + "/c.png")), std::make_pair(400u, 240u));
}

// --title, --subtitle (none leaves them out), --panel-labels and --annotate, read back from the
// SVG's <title> and <text>.
TEST(FigureLayout, TitleSubtitlePanelLabelsAndAnnotate) {
    const std::string dir = make_temp_dir();
    ASSERT_EQ(run_posviz("export bias --encoding alibi --seq-len 4 --title 'My bias' --subtitle "
                         "none --panel-labels --annotate -o " +
                         dir + "/a.svg")
                  .status,
              0);
    const std::string svg = read_file(dir + "/a.svg");
    EXPECT_NE(svg.find("<title>My bias</title>"), std::string::npos);
    EXPECT_EQ(svg.find("L = 4"), std::string::npos);  // the subtitle's sizes are gone
    EXPECT_NE(svg.find("(a) Bias matrix"), std::string::npos);
    EXPECT_NE(svg.find("(b) Bias against distance"), std::string::npos);
    // Head 0 of 8 has slope 2⁻¹: the corners (0, 3) and (3, 0) hold −0.5·3 = −1.5, the cells next
    // to the diagonal −0.5 (six of them), each written once more with --annotate.
    ASSERT_EQ(run_posviz("export bias --encoding alibi --seq-len 4 -o " + dir + "/b.svg").status,
              0);
    const std::string plain = read_file(dir + "/b.svg");
    EXPECT_EQ(count(svg, "−1.5") - count(plain, "−1.5"), 2u);
    EXPECT_EQ(count(svg, ">−0.5<") - count(plain, ">−0.5<"), 6u);

    ASSERT_EQ(run_posviz("export bias --encoding alibi --title none -o " + dir + "/n.svg").status,
              0);
    EXPECT_NE(read_file(dir + "/n.svg").find("<title></title>"), std::string::npos);
}

// A model's figure names it, its scaling and training length, and the rotary dim where only
// part of the head rotates: phi-2 has head dim 2560/32 = 80, partial_rotary_factor 0.4, so 32
// rotary dims, and max_position_embeddings 2048 (tests/data/hf-configs/phi-2.json).
TEST(FigureLayout, ModelFiguresNameTheModel) {
    const std::string dir = make_temp_dir();
    ASSERT_EQ(run_posviz("export wavelengths --model-config " POSVIZ_TEST_DATA_DIR
                         "/hf-configs/phi-2.json -o " +
                         dir + "/w.svg")
                  .status,
              0);
    const std::string svg = read_file(dir + "/w.svg");
    EXPECT_NE(svg.find("phi-2 (phi)"), std::string::npos);
    EXPECT_NE(svg.find("D = 80 (rotary 32)"), std::string::npos);
    EXPECT_NE(svg.find("trained on 2048"), std::string::npos);
}

TEST(FigureLayout, SizeFontSizeAndColsRejectBadValuesLeavingNoFile) {
    const std::string dir = make_temp_dir();
    const std::string out = dir + "/f.png";
    struct Bad {
        std::string args, option, value;
    };
    for (const Bad& bad : std::vector<Bad>{{"--size napkin", "--size", "napkin"},
                                           {"--font-size 0", "--font-size", "0"},
                                           {"--font-size 500", "--font-size", "500"},
                                           {"--cols 0", "--cols", "0"}}) {
        const auto r = run_posviz("export curves " + bad.args + " -o " + out);
        EXPECT_EQ(r.status, 2) << bad.args << "\n" << r.err;
        EXPECT_NE(r.err.find(bad.option), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(bad.value), std::string::npos) << r.err;
        EXPECT_FALSE(file_exists(out)) << bad.args;
    }
    // The message says what is allowed.
    EXPECT_NE(run_posviz("export curves --size napkin -o " + out).err.find("column|text|slide"),
              std::string::npos);
    EXPECT_NE(run_posviz("export curves --font-size 500 -o " + out).err.find("6..96"),
              std::string::npos);
}

}  // namespace
}  // namespace posviz
