// The layout of every figure at the sizes authors use — a paper column (3.25 × 2.2 in), a text
// width (6.75 × 3 in) and a 16:9 slide (13.33 × 7.5 in) — checked from the text boxes the
// renderer itself placed (RenderStyle::placed_text): no two overlap, none leaves the canvas and
// none is set below 6 pt. Then the size and grid options on the command line.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/render/render.h"
#include "app/render/text.h"
#include "core/figure/label_lines.h"
#include "core/figures/figures.h"
#include "core/layout/pen.h"
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
            {"base-bound", "rope", {}},
            {"scale-factors", "rope", {}},
            {"scores", "rope", {"rope", "alibi", "t5", "sinusoidal"}},
            {"bias", "alibi", {"alibi", "kerple", "t5"}},
            {"bias", "alibi", {"alibi", "kerple", "fire", "t5"}},
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

// What the renderer drew: its text and its plot boxes and colour bars.
struct Drawn {
    std::vector<PlacedText> text;
    std::vector<PlacedBox> boxes;
};

Drawn drawn(const Figure& figure, double width_in, double height_in, const std::string& lang) {
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(surface);
    Drawn d;
    RenderStyle style;
    style.lang = lang;
    style.placed_text = &d.text;
    style.placed_boxes = &d.boxes;
    render_figure(cr, figure, style, 72.0 * width_in, 72.0 * height_in);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return d;
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
constexpr Size k_column{3.25, 2.4}, k_text{6.75, 3.6}, k_slide{13.33, 7.5};

Figure figure_of(const Case& c, const std::string& lang) {
    FigureOptions options{lang, "", false};
    options.split = c.split;
    options.all_heads = c.all_heads;
    return build_figure(scene_of(c), options);
}

// The case as a command line would name it, for failure messages.
std::string where(const Case& c, const std::string& lang, Size size) {
    std::string compare;
    for (const std::string& name : c.compare)
        compare += (compare.empty() ? " --compare " : ",") + name;
    return c.figure + compare + (c.split ? " --split" : "") + (c.all_heads ? " --all-heads" : "") +
           (c.softmax ? " --softmax" : "") + " " + lang + " at " + std::to_string(size.width_in) +
           " × " + std::to_string(size.height_in) + " in: ";
}

TEST(FigureLayout, NoTextOverlapsLeavesTheCanvasOrIsBelowSixPoints) {
    for (const std::string lang : {"en", "zh"})
        for (const Case& c : every_figure()) {
            const Figure figure = figure_of(c, lang);
            for (const Size size : {k_column, k_text, k_slide}) {
                const std::vector<PlacedText> placed =
                    drawn(figure, size.width_in, size.height_in, lang).text;
                const std::string at = where(c, lang, size);
                ASSERT_FALSE(placed.empty()) << at;
                const double width = 72.0 * size.width_in, height = 72.0 * size.height_in;
                for (size_t i = 0; i < placed.size(); ++i) {
                    const PlacedText& t = placed[i];
                    EXPECT_GE(t.size, 6.0) << at << describe(t);
                    EXPECT_TRUE(t.box.x >= -k_slack && t.box.y >= -k_slack &&
                                t.box.x + t.box.w <= width + k_slack &&
                                t.box.y + t.box.h <= height + k_slack)
                        << at << describe(t) << " leaves the canvas";
                    for (size_t j = i + 1; j < placed.size(); ++j)
                        EXPECT_FALSE(overlap(t.box, placed[j].box))
                            << at << describe(t) << " overlaps " << describe(placed[j]);
                }
            }
        }
}

// The one rule by which the exporter and the GUI break a label onto two lines: at the space
// outside brackets that balances the lines, or (Chinese) between two characters or before a
// full-width bracket, never inside one.
TEST(FigureLayout, LabelsBreakOutsideBracketsInEitherLanguage) {
    auto characters = [](const std::string& line) {
        double n = 0.0;
        for (const char c : line) n += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
        return n;
    };
    auto broken = [&](const std::string& text) {
        const std::optional<TwoLines> lines = break_in_two(text, characters);
        return lines ? lines->first + "|" + lines->second : std::string("none");
    };
    EXPECT_EQ(broken("bias b(m, n) (logit units)"), "bias b(m, n)|(logit units)");
    EXPECT_EQ(broken("query position m"), "query|position m");
    EXPECT_EQ(broken("偏置 b(m, n)（logit 单位）"), "偏置 b(m, n)|（logit 单位）");
    EXPECT_EQ(broken("每块最大概率之差"), "每块最大|概率之差");
    EXPECT_EQ(broken("b(m, n)"), "none");
}

// A label that does not fit on one line goes on two at its size, then into smaller type (to three
// quarters of its size, never below 6 pt), and only then is cut short.
TEST(FigureLayout, ALabelTakesTwoLinesThenSmallerTypeBeforeItIsCut) {
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(surface);
    const Theme& theme = find_theme("light");
    const CairoTextMeasure measure(cr);
    const Pen p{measure, theme, "en"};
    const std::string label = "bias b(m, n) (logit units)";
    auto width = [&](const std::string& text, double size) {
        return measure_text(cr, text, p.text_style(size)).width;
    };
    EXPECT_EQ(p.fit_label(label, 10.0, width(label, 10.0) + 0.1), (Pen::Label{label, 10.0}));
    const double two_lines = std::max(width("bias b(m, n)", 10.0), width("(logit units)", 10.0));
    EXPECT_EQ(p.fit_label(label, 10.0, two_lines + 0.1),
              (Pen::Label{"bias b(m, n)\n(logit units)", 10.0}));
    const Pen::Label smaller = p.fit_label(label, 10.0, 0.85 * two_lines);
    EXPECT_LT(smaller.size, 10.0);
    EXPECT_GE(smaller.size, 7.5);
    EXPECT_EQ(smaller.text.find("…"), std::string::npos) << smaller.text;
    const Pen::Label cut = p.fit_label(label, 10.0, 0.5 * two_lines);
    EXPECT_EQ(cut.size, 7.5);
    EXPECT_NE(cut.text.find("…"), std::string::npos) << cut.text;
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
}

// The axis and colour-bar labels of a figure.
std::vector<std::string> labels_of(const Figure& figure) {
    std::vector<std::string> labels;
    for (const Panel& panel : figure.panels) {
        labels.push_back(panel.x.label);
        labels.push_back(panel.y.label);
        if (panel.heatmap) labels.push_back(panel.heatmap->colorbar_label);
    }
    if (figure.colorbar) labels.push_back(figure.colorbar->label);
    return labels;
}

// The texts drawn that are one of the figure's axis or colour-bar labels cut short: with "…", and
// begun like the label (a cut line keeps at least three characters, Pen::fit_text).
std::vector<std::string> cut_labels(const Figure& figure, const std::vector<PlacedText>& placed) {
    std::vector<std::string> cut;
    for (const PlacedText& t : placed) {
        if (t.text.find("…") == std::string::npos) continue;
        const std::string start = t.text.substr(0, std::min(t.text.find('\n'), t.text.find("…")));
        for (const std::string& label : labels_of(figure))
            if (start.size() >= 3 && label.rfind(start, 0) == 0) {
                cut.push_back(t.text);
                break;
            }
    }
    return cut;
}

// The shorter side of the smallest plot box drawn, in points.
double smallest_plot_box(const std::vector<PlacedBox>& boxes) {
    double smallest = INFINITY;
    for (const PlacedBox& b : boxes)
        if (b.kind == PlacedBox::Kind::Plot) smallest = std::min({smallest, b.box.w, b.box.h});
    return smallest;
}

// An axis or colour-bar label too long for one line beside its box or bar goes on two lines or
// in smaller type (Pen::fit_label) instead of being cut short ("bias b…", "query po…" in a
// paper column). Only where even 6 pt type leaves a plot box under 4 em (the figure layout's own
// measure of a canvas too small for its panels: eight ALiBi heads, or four maps each with its
// colour bar, in a paper column) may a label still be cut.
TEST(FigureLayout, LabelsAreCutShortOnlyOnACanvasTooSmallForThePanels) {
    for (const std::string lang : {"en", "zh"})
        for (const Case& c : every_figure()) {
            const Figure figure = figure_of(c, lang);
            for (const Size size : {k_column, k_text, k_slide}) {
                const Drawn d = drawn(figure, size.width_in, size.height_in, lang);
                const std::vector<std::string> cut = cut_labels(figure, d.text);
                if (!cut.empty()) {
                    EXPECT_LT(smallest_plot_box(d.boxes), 4.0 * 6.0)
                        << where(c, lang, size) << "\"" << cut.front() << "\" is cut short";
                }
            }
        }
}

// The figures whose labels a paper column used to cut ("bias b…", "query po…") set every axis
// and colour-bar label whole: on one line, or on two broken outside brackets (joined again here
// by the space the break took, or by nothing between Chinese characters).
TEST(FigureLayout, AColumnSetsTheLabelsOfBiasAndComparedScoresWhole) {
    const std::vector<Case> cases = {{"bias", "alibi", {}},
                                     {"bias", "alibi", {"alibi", "kerple", "t5"}},
                                     {"scores", "rope", {}},
                                     {"scores", "rope", {"rope", "alibi", "t5", "sinusoidal"}}};
    for (const std::string lang : {"en", "zh"})
        for (const Case& c : cases) {
            const Figure figure = figure_of(c, lang);
            const Drawn d = drawn(figure, k_column.width_in, k_column.height_in, lang);
            const std::vector<std::string> cut = cut_labels(figure, d.text);
            EXPECT_TRUE(cut.empty()) << where(c, lang, k_column) << "\"" << cut.front() << "\"";
            auto drawn_whole = [&](const std::string& label) {
                for (const PlacedText& t : d.text) {
                    const size_t at = t.text.find('\n');
                    if (t.text == label ||
                        (at != std::string::npos &&
                         (t.text.substr(0, at) + " " + t.text.substr(at + 1) == label ||
                          t.text.substr(0, at) + t.text.substr(at + 1) == label)))
                        return true;
                }
                return false;
            };
            for (const Panel& panel : figure.panels) {
                if (panel.heatmap) {
                    EXPECT_TRUE(drawn_whole(panel.heatmap->colorbar_label))
                        << where(c, lang, k_column) << panel.heatmap->colorbar_label;
                }
            }
            if (figure.colorbar) {
                EXPECT_TRUE(drawn_whole(figure.colorbar->label))
                    << where(c, lang, k_column) << figure.colorbar->label;
            }
        }
}

// The widest empty band between the panels of one row of a figure: from the left of its first
// panel to the right of its last, the stretch across which nothing of the row lies — no plot box,
// colour bar or legend reaching between the top and bottom of its boxes, and no text nearer to
// them than to another row's (tick labels, axis labels, panel titles). The first `header` texts,
// the figure's title and subtitle, which render_figure draws first, belong to no row.
double widest_gap_in_a_row(const Drawn& d, size_t header) {
    std::vector<std::pair<double, double>> bands;  // each row's top and bottom
    for (const PlacedBox& b : d.boxes) {
        if (b.kind != PlacedBox::Kind::Plot) continue;
        auto row = std::find_if(bands.begin(), bands.end(), [&](const auto& band) {
            return std::abs(band.first - b.box.y) < 1.0;
        });
        if (row == bands.end())
            bands.emplace_back(b.box.y, b.box.y + b.box.h);
        else
            row->second = std::max(row->second, b.box.y + b.box.h);
    }
    auto distance = [](const std::pair<double, double>& band, double y) {
        return y < band.first ? band.first - y : y > band.second ? y - band.second : 0.0;
    };
    double widest = 0.0;
    for (const auto& band : bands) {
        std::vector<std::pair<double, double>> spans;
        for (const PlacedBox& b : d.boxes)
            if (b.box.y < band.second && b.box.y + b.box.h > band.first)
                spans.emplace_back(b.box.x, b.box.x + b.box.w);
        for (size_t i = header; i < d.text.size(); ++i) {
            const Rect& r = d.text[i].box;
            const double middle = r.y + 0.5 * r.h;
            bool nearest = true;
            for (const auto& other : bands)
                nearest = nearest && distance(band, middle) <= distance(other, middle);
            if (nearest) spans.emplace_back(r.x, r.x + r.w);
        }
        std::sort(spans.begin(), spans.end());
        double right = spans.front().second;
        for (const auto& [from, to] : spans) {
            widest = std::max(widest, from - right);
            right = std::max(right, to);
        }
    }
    return widest;
}

// Panels of a slide sit together: matrices that keep their shape in cells wider than they need
// used to stand 4 to 8 em apart (ALiBi's heads, compared biases and scores, the four logit
// terms); their columns now take the widths their panels need (core/layout/figure_layout.cpp's
// fitted_widths). No gap between the panels of a row is wider than 3.5 em of the axis labels' type
// (18 pt on a slide): a title wider than its matrix, which it spans, may hold its neighbour off
// that far.
TEST(FigureLayout, ASlideLeavesNoWideGapsBetweenPanels) {
    const std::vector<Case> cases = {{"bias", "alibi", {}, false, true},
                                     {"bias", "alibi", {"alibi", "kerple", "fire", "t5"}},
                                     {"bias", "alibi", {"alibi", "kerple", "t5"}},
                                     {"scores", "rope", {"rope", "alibi", "t5", "sinusoidal"}},
                                     {"terms", "xl", {}},
                                     {"permutation", "rope", {}}};
    for (const std::string lang : {"en", "zh"})
        for (const Case& c : cases) {
            const Figure figure = figure_of(c, lang);
            const Drawn d = drawn(figure, k_slide.width_in, k_slide.height_in, lang);
            const size_t header = size_t(!figure.title.empty()) + size_t(!figure.subtitle.empty());
            EXPECT_LE(widest_gap_in_a_row(d, header), 3.5 * 18.0) << where(c, lang, k_slide);
        }
}

// Type is set for the physical size: a paper column's labels are 8–9 pt (none above 12), a
// slide's at least 18 pt with nothing but the tick labels (0.85 of that) smaller — the same
// figure, never scaled from one size to the other.
TEST(FigureLayout, TypeIsSetForThePhysicalSize) {
    const Figure figure = build_figure(scene_of({"curves", "sinusoidal", {}}), {"en", "", false});
    auto sizes = [&](Size size) {
        std::vector<double> s;
        for (const PlacedText& t : drawn(figure, size.width_in, size.height_in, "en").text)
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
    const std::vector<PlacedText> placed = drawn(figure, 3.25, 2.2, "en").text;
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
                                           {"--cols 0", "--cols", "0"},
                                           {"--cols 65", "--cols", "1..64"}}) {
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

// A canvas too small for the figure's panels, even in 6 pt type, is refused naming the options
// that size it, leaving no file (issue 22, Checks: bad input).
TEST(FigureLayout, ACanvasTooSmallForTheFigureIsExitTwoLeavingNoFile) {
    const std::string dir = make_temp_dir();
    for (const std::string ext : {".png", ".svg", ".pdf"}) {
        const std::string out = dir + "/f" + ext;
        const auto r = run_posviz("export terms --encoding xl --width 0.5 --height 0.5 -o " + out);
        EXPECT_EQ(r.status, 2) << ext << "\n" << r.err;
        EXPECT_NE(r.err.find("--width"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("--size"), std::string::npos) << r.err;
        EXPECT_FALSE(file_exists(out)) << ext;
    }
}

// --annotate where no cell can hold its value (8 × 8 in a paper column) says so: exit 2, no file.
TEST(FigureLayout, AnnotateThatWritesNoValueIsExitTwo) {
    const std::string dir = make_temp_dir();
    const auto r = run_posviz("export bias --encoding alibi -L 8 --annotate --size column -o " +
                              dir + "/c.png");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--annotate"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir + "/c.png"));
    EXPECT_EQ(
        run_posviz("export bias --encoding alibi -L 8 --annotate --size slide -o " + dir + "/s.png")
            .status,
        0);
}

// Type that leaves the panels no room on the canvas is refused naming the options, in every
// format, instead of a blank picture with exit 0 (issue 22, defect 8).
TEST(FigureLayout, TypeTooLargeForTheSizeIsExitTwoNamingTheOptions) {
    const std::string dir = make_temp_dir();
    for (const std::string ext : {".png", ".svg", ".pdf"}) {
        const std::string out = dir + "/f" + ext;
        const auto r =
            run_posviz("export pe --encoding sinusoidal --font-size 96 --size column -o " + out);
        EXPECT_EQ(r.status, 2) << ext << "\n" << r.err;
        EXPECT_NE(r.err.find("--font-size"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("--size"), std::string::npos) << r.err;
        EXPECT_FALSE(file_exists(out)) << ext;
    }
    EXPECT_EQ(run_posviz("export pe --encoding sinusoidal --font-size 12 --size column -o " + dir +
                         "/ok.png")
                  .status,
              0);
}

}  // namespace
}  // namespace posviz
