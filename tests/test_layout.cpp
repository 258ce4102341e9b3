// The figure layout in core (core/layout/), with a text measure of its own and no drawing library:
// the display list it hands the painters, the axis maps a screen turns the mouse into data with,
// and the tick rule of issue 22 (defect 1: every numeric axis and colour bar keeps at least three
// labelled ticks, two only where the box is too short for three, then its two ends), and type
// too large for the canvas refused (defect 8).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <variant>

#include "core/figure/colormap.h"
#include "core/figures/figures.h"
#include "core/input_error.h"
#include "core/layout/figure_layout.h"
#include "core/layout/page_fit.h"
#include "core/layout/pen.h"
#include "core/layout/tick_rule.h"
#include "core/scene.h"
#include "tests/fixed_measure.h"

namespace posviz {
namespace {

Figure pe_matrix() {
    Scene s;
    s.figure = "pe";
    s.encoding = "sinusoidal";
    return build_figure(s, {"en", "", false});
}

Canvas canvas_in(double width_in, double height_in) {
    Canvas canvas;
    canvas.width = 72.0 * width_in;
    canvas.height = 72.0 * height_in;
    return canvas;
}

int blocks(const LaidOutFigure& l, TextRole role, int panel) {
    int n = 0;
    for (const TextBlock& b : l.display.blocks) n += b.role == role && b.panel == panel;
    return n;
}

// The default PE matrix (L = 128) used to show a single "0" on its y axis at every size: the
// top tick's label had to lie inside the cell, which left it no room above the box.
TEST(Layout, ThePeMatrixLabelsThreeTicksOnEachAxisAndItsColourBarsEnds) {
    const Figure figure = pe_matrix();
    const FixedMeasure measure;
    for (const auto& [w, h] : {std::pair{3.25, 2.4}, {6.75, 3.6}, {13.33, 7.5}}) {
        const LaidOutFigure l = lay_out_figure(figure, canvas_in(w, h), measure);
        ASSERT_EQ(l.panels.size(), 1u);
        EXPECT_GE(blocks(l, TextRole::XTick, 0), 3) << w;
        EXPECT_GE(blocks(l, TextRole::YTick, 0), 3) << w;
        EXPECT_GE(blocks(l, TextRole::ColorbarTick, 0), 3) << w;
        // The colour bar's ends are labelled: its limits, where its ramp begins and ends.
        const Range range = heatmap_range(*figure.panels[0].heatmap);
        std::vector<std::string> bar;
        for (const TextBlock& b : l.display.blocks)
            if (b.role == TextRole::ColorbarTick) bar.push_back(b.text);
        auto value = [](std::string label) {
            if (label.rfind("−", 0) == 0) label = "-" + label.substr(std::string("−").size());
            return std::stod(label);
        };
        EXPECT_NEAR(value(bar.front()), range.min, 1e-3 * (range.max - range.min)) << w;
        EXPECT_NEAR(value(bar.back()), range.max, 1e-3 * (range.max - range.min)) << w;
    }
}

TEST(Layout, AnAxisTooShortForThreeLabelsItsTwoEnds) {
    AxisMap map{-0.5, 127.5, false, 0.0, 100.0};
    // Room for two labels at most.
    const TicksFit two = [](const Ticks& t) { return t.values.size() <= 2; };
    const Ticks cells = axis_ticks(Axis{}, map, 5, {-0.5, 127.5}, true, two);
    EXPECT_EQ(cells.labels, (std::vector<std::string>{"0", "127"}));
    // A line's axis: the ends of its data, not of the margin around them.
    map = {-6.35, 133.35, false, 0.0, 100.0};
    const Ticks line = axis_ticks(Axis{}, map, 5, {0.0, 127.0}, false, two);
    EXPECT_EQ(line.labels, (std::vector<std::string>{"0", "127"}));
    map = {-1.1, 1.1, false, 0.0, 100.0};
    // With room, round numbers, at least three of them, even where `most` asks for two.
    const TicksFit any = [](const Ticks&) { return true; };
    EXPECT_GE(axis_ticks(Axis{}, map, 2, {-1.0, 1.0}, false, any).values.size(), 3u);
    // A log axis over less than two decades: mantissas.
    map = {1500.0, 100000.0, true, 0.0, 100.0};
    EXPECT_GE(axis_ticks(Axis{}, map, 5, {1500.0, 100000.0}, false, any).values.size(), 3u);
}

// A colour bar from −3.94 to 3.94 used to be labelled ±2 only.
TEST(Layout, AColourBarIsLabelledToItsEnds) {
    Colorbar bar;
    bar.range = {-3.94, 3.94};
    const Theme& theme = find_theme("light");
    const Ticks t = colorbar_ticks(theme, bar, 200.0);
    ASSERT_GE(t.values.size(), 3u);
    EXPECT_EQ(t.values.front(), -3.94);
    EXPECT_EQ(t.values.back(), 3.94);
    EXPECT_EQ(t.labels.front(), "−3.94");
    // Round values in between, none closer to an end than a line of tick type.
    for (size_t i = 1; i + 1 < t.values.size(); ++i)
        EXPECT_EQ(std::fmod(t.values[i], 1.0), 0.0) << t.labels[i];
}

// A diverging bar of ±3.99 with room for one value between its ends was labelled "−1" (round values
// taken greedily from the bottom): its middle value is 0, and evenly spaced values keep their
// symmetry where there is room for more.
TEST(Layout, ADivergingColourBarNamesItsCentre) {
    Colorbar bar;
    bar.range = {-3.99, 3.99};
    const Theme& theme = find_theme("light");
    const double line = 1.45 * theme.tick_size;  // tick_rule.cpp's line of tick type
    // −1, 0 and 1 are two lines clear of the ends, but under two lines apart even two units
    // apart: room for one of them.
    Ticks t = colorbar_ticks(theme, bar, 6.5 * line);
    EXPECT_EQ(t.labels, (std::vector<std::string>{"−3.99", "0", "3.99"}));
    // Room for more: evenly spaced, symmetric about 0.
    t = colorbar_ticks(theme, bar, 16.0 * line);
    ASSERT_GE(t.values.size(), 5u);
    for (size_t i = 1; i + 1 < t.values.size(); ++i)
        EXPECT_DOUBLE_EQ(t.values[i], -t.values[t.values.size() - 1 - i]) << t.labels[i];
    for (size_t i = 2; i + 1 < t.values.size(); ++i)
        EXPECT_DOUBLE_EQ(t.values[i] - t.values[i - 1], t.values[2] - t.values[1]);
}

// A log bar names its ends in the style of its decades (issue 22: log ticks mixed 10, 1000 with
// 10⁰, 10⁻²): the permutation figure's softmax, 9.98e−5 … 0.998, reads 10⁻⁴ … 10⁰ (each end
// within 1 % of the bar's four decades of a decade), and an end a third of a decade from one is
// written as a power of its own.
TEST(Layout, ALogColourBarNamesItsEndsInTheStyleOfItsDecades) {
    const Theme& theme = find_theme("light");
    Colorbar bar;
    bar.norm.kind = NormKind::Log;
    bar.range = {9.98e-5, 0.998};
    Ticks t = colorbar_ticks(theme, bar, 200.0);
    ASSERT_GE(t.values.size(), 3u);
    EXPECT_EQ(t.values.front(), 9.98e-5);
    EXPECT_EQ(t.values.back(), 0.998);
    EXPECT_EQ(t.labels.front(), "10⁻⁴");
    EXPECT_EQ(t.labels.back(), "10⁰");
    for (size_t i = 1; i + 1 < t.labels.size(); ++i)
        EXPECT_EQ(t.labels[i].rfind("10⁻", 0), 0u) << t.labels[i];
    bar.range = {5e-5, 1.0};
    t = colorbar_ticks(theme, bar, 200.0);
    ASSERT_GE(t.values.size(), 3u);
    EXPECT_EQ(t.labels.front(), "5×10⁻⁵");
    EXPECT_EQ(t.labels.back(), "10⁰");
}

TEST(Layout, AxisMapsTurnCanvasPointsBackIntoData) {
    const LaidOutFigure l = lay_out_figure(pe_matrix(), canvas_in(6.75, 3.6), FixedMeasure());
    const PanelPlacement& p = l.panels.at(0);
    for (const double v : {0.0, 17.0, 63.0}) EXPECT_NEAR(data_value(p.x, p.x(v)), v, 1e-9);
    // Row 0 at the top.
    EXPECT_NEAR(data_value(p.y, p.box.y), -0.5, 1e-9);
    const AxisMap log{1.0, 1000.0, true, 0.0, 300.0};
    EXPECT_NEAR(data_value(log, 200.0), 100.0, 1e-9);
}

// All-zero content gives logits of 0 everywhere; its bar ran from −1 to 1, a scale the map does not
// have (issue 23, minor 7). A constant map's bar is one colour, the map's, with one tick: the
// value.
TEST(Layout, AConstantMapsColourBarIsItsOneColourWithOneTick) {
    Scene s;
    s.figure = "scores";
    s.encoding = "rope";
    s.content = "zeros";
    s.seq_len = 16;
    s.dim = 8;
    const Figure figure = build_figure(s, {"en", "", false});
    const Heatmap& map = *figure.panels.at(0).heatmap;
    ASSERT_EQ(map.values.minCoeff(), 0.0);  // q = k = 0: every logit is 0
    ASSERT_EQ(map.values.maxCoeff(), 0.0);
    const LaidOutFigure l = lay_out_figure(figure, canvas_in(6.75, 3.6), FixedMeasure());
    std::vector<std::string> bar;
    for (const TextBlock& b : l.display.blocks)
        if (b.role == TextRole::ColorbarTick) bar.push_back(b.text);
    EXPECT_EQ(bar, std::vector<std::string>{"0"});
    int ramps = 0;
    for (const DisplayItem& item : l.display.items)
        if (const auto* image = std::get_if<ImageItem>(&item)) {
            if (image->kind != ImageItem::Kind::ColorbarRamp) continue;
            ++ramps;
            const Colormap& colormap = find_colormap(image->colormap);
            // Every row of the ramp is the colour the map's cells take.
            const double at = colour_position(image->norm, image->range, 0.0);
            for (const auto pixel : image->pixels) EXPECT_EQ(pixel, image->pixels.front());
            const Rgb cell = colormap.at(at);
            auto byte = [](double v) { return uint32_t(std::lround(v * 255.0)); };
            EXPECT_EQ(image->pixels.front(),
                      0xff000000u | byte(cell.r) << 16 | byte(cell.g) << 8 | byte(cell.b));
        }
    EXPECT_EQ(ramps, 1);
    // Compared maps of one value each, sharing a scale, share a one-colour bar.
    s.compare = {"rope", "nope"};
    FigureOptions shared{"en", "", false};
    shared.scale = ColourScale::Shared;
    const Figure compared = build_figure(s, shared);
    ASSERT_TRUE(compared.colorbar.has_value());
    EXPECT_EQ(compared.colorbar->constant, std::optional<double>(0.0));
    // A map of two values keeps its scale.
    Figure varied = figure;
    varied.panels[0].heatmap->values(0, 0) = 1.0;
    varied.panels[0].heatmap->summary.reset();
    EXPECT_FALSE(heatmap_colorbar(*varied.panels[0].heatmap).constant.has_value());
}

// Issue 22, defect 7: extrapolation's panels each draw their scaling over the unscaled curve, the
// largest logit seen in training and the training length. Those are keyed once under the subtitle
// (Figure::key, drawn by the layout as a legend of the figure), not in the subtitle's words.
TEST(Layout, ExtrapolationKeysItsReferenceLinesOnceForEveryPanel) {
    Scene s;
    s.figure = "extrapolation";
    s.encoding = "rope";
    s.seq_len = 1024;
    s.rope_scaling.original_max_position_embeddings = 256;
    s.rope_scaling.factor = 4.0;
    const Figure figure = build_figure(s, {"en", "", false});
    ASSERT_GE(figure.panels.size(), 2u);
    const LaidOutFigure l = lay_out_figure(figure, canvas_in(6.75, 5.0), FixedMeasure());
    std::vector<std::string> key;
    for (const TextBlock& b : l.display.blocks)
        if (b.role == TextRole::Legend) {
            EXPECT_EQ(b.panel, -1) << b.text << ": keyed in a panel";
            key.push_back(b.text);
        }
    const std::vector<std::string> expected = {"none", "the scaling named above the panel",
                                               "largest in training, unscaled",
                                               "training length 256"};
    EXPECT_EQ(key, expected);
    // Every panel's reference lines are labelled as the key names them.
    for (const Panel& panel : figure.panels) {
        ASSERT_EQ(panel.lines.size(), 4u);
        for (size_t k : {0u, 2u, 3u}) EXPECT_EQ(panel.lines[k].label, expected[k]);
    }
    EXPECT_EQ(figure.subtitle.find("dotted"), std::string::npos) << figure.subtitle;
    // The key sits under the subtitle and above every panel.
    double key_bottom = 0.0, subtitle_bottom = 0.0;
    for (const TextBlock& b : l.display.blocks) {
        if (b.role == TextRole::Legend) key_bottom = std::max(key_bottom, b.box.y + b.box.h);
        if (b.role == TextRole::Subtitle)
            subtitle_bottom = std::max(subtitle_bottom, b.box.y + b.box.h);
    }
    for (const TextBlock& b : l.display.blocks) {
        if (b.role == TextRole::Legend) {
            EXPECT_GT(b.box.y, subtitle_bottom) << b.text;
        }
    }
    for (const PanelPlacement& placed : l.panels) EXPECT_GT(placed.box.y, key_bottom);
}

// Figures of alike panels left their y labels to the layout's outer-label rule only in part: scores
// --compare cleared all but the first, so the 2 × 2 grid's second row (ALiBi) had none, and a
// column's one-map rows lost three of four. Every row's first panel names its y axis, whatever
// grid.
TEST(Layout, EveryRowOfAlikeMapsNamesItsYAxis) {
    Scene s;
    s.figure = "scores";
    s.seq_len = 32;
    s.dim = 16;
    s.compare = {"sinusoidal", "rope", "alibi", "t5"};
    const Figure figure = build_figure(s, {"en", "", false});
    for (const auto& [w, h] : {std::pair{3.25, 7.2}, {13.33, 7.5}, {6.75, 3.6}}) {
        const LaidOutFigure l = lay_out_figure(figure, canvas_in(w, h), FixedMeasure());
        ASSERT_EQ(l.panels.size(), 4u);
        std::set<int> rows_labelled, rows;
        for (size_t i = 0; i < l.panels.size(); ++i) {
            const int row = int(std::lround(l.panels[i].box.y));
            rows.insert(row);
            if (blocks(l, TextRole::YLabel, int(i)) > 0) rows_labelled.insert(row);
        }
        EXPECT_EQ(rows_labelled, rows) << w << " × " << h << " in";
    }
}

// The display list holds the heatmap's image with its colour mapping, clipped lines, and text
// only inside the canvas.
TEST(Layout, TheDisplayListHoldsTheHeatmapImageAndItsMapping) {
    const Figure figure = pe_matrix();
    const LaidOutFigure l = lay_out_figure(figure, canvas_in(6.75, 3.6), FixedMeasure());
    int heatmaps = 0, ramps = 0;
    for (const DisplayItem& item : l.display.items)
        if (const auto* image = std::get_if<ImageItem>(&item)) {
            heatmaps += image->kind == ImageItem::Kind::Heatmap;
            ramps += image->kind == ImageItem::Kind::ColorbarRamp;
            if (image->kind == ImageItem::Kind::Heatmap) {
                EXPECT_EQ(image->cols, 64);
                EXPECT_EQ(image->rows, 128);
                EXPECT_EQ(image->colormap, figure.panels[0].heatmap->colormap);
            }
        }
    EXPECT_EQ(heatmaps, 1);
    EXPECT_EQ(ramps, 1);
    for (const TextBlock& b : l.display.blocks) {
        EXPECT_GE(b.box.x, 0.0) << b.text;
        EXPECT_LE(b.box.x + b.box.w, l.display.width) << b.text;
    }
}

// --font-size 96 in a paper column used to give a blank picture and exit 0.
TEST(Layout, TypeTooLargeForTheCanvasIsAnInputErrorNamingTheOptions) {
    Canvas canvas = canvas_in(3.25, 2.4);
    canvas.font_size = 96.0;
    try {
        lay_out_figure(pe_matrix(), canvas, FixedMeasure());
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(e.option, "--font-size");
        const std::string message = e.what();
        EXPECT_NE(message.find("96"), std::string::npos) << message;
        EXPECT_NE(message.find("--size"), std::string::npos) << message;
        EXPECT_NE(message.find("at most"), std::string::npos) << message;
    }
    canvas.font_size = 9.0;
    EXPECT_NO_THROW(lay_out_figure(pe_matrix(), canvas, FixedMeasure()));
}

Figure two_compared_maps() {
    Scene s;
    s.figure = "scores";
    s.compare = {"rope", "alibi"};
    return build_figure(s, {"en", "", false});
}

// The shorter side of the smallest plot box, read off the panels as placed.
double smallest_box(const LaidOutFigure& l) {
    double smallest = INFINITY;
    for (const PanelPlacement& p : l.panels) smallest = std::min({smallest, p.box.w, p.box.h});
    return smallest;
}

// Compared maps in a paper column were specks (issue 22, defect 3; two of them 0.4 in a side
// here): the page grows taller, in 0.1-in steps (here up to twice the column's 2.4 in), to the
// first height at which every map is 0.6 in a side; a lone matrix on the text width has room
// already and keeps its height.
TEST(Layout, APaperPageGrowsTallerWhereItsMapsWouldBeSpecks) {
    const Canvas column = canvas_in(3.25, 2.4);
    const Figure maps = two_compared_maps();
    ASSERT_LT(smallest_box(lay_out_figure(maps, column, FixedMeasure())), 0.6 * 72.0);
    const double height = fitted_page_height(maps, column, FixedMeasure(), 2.0 * column.height);
    EXPECT_GT(height, column.height);
    EXPECT_LE(height, 4.8 * 72.0 + 1e-9);
    const double steps = (height - column.height) / 7.2;
    EXPECT_NEAR(steps, std::round(steps), 1e-9);
    Canvas grown = column;
    grown.height = height;
    EXPECT_GE(smallest_box(lay_out_figure(maps, grown, FixedMeasure())), 0.6 * 72.0);
    grown.height = height - 7.2;  // one step shorter: still specks
    EXPECT_LT(smallest_box(lay_out_figure(maps, grown, FixedMeasure())), 0.6 * 72.0);
    const Canvas text = canvas_in(6.75, 3.6);
    EXPECT_EQ(fitted_page_height(pe_matrix(), text, FixedMeasure(), 2.0 * text.height),
              text.height);
    // Without room to grow, the page keeps its height.
    EXPECT_EQ(fitted_page_height(maps, column, FixedMeasure(), column.height), column.height);
}

// A canvas on which the panels have no room even in 6 pt type (Transformer-XL's four terms on
// half an inch) is refused naming the options that size it, instead of a picture of specks.
TEST(Layout, ACanvasTooSmallForTheFiguresPanelsIsAnInputError) {
    Scene s;
    s.figure = "terms";
    s.encoding = "xl";
    const Figure terms = build_figure(s, {"en", "", false});
    const Canvas tiny = canvas_in(0.5, 0.5);
    try {
        check_room_for_panels(lay_out_figure(terms, tiny, FixedMeasure()), tiny);
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("--width"), std::string::npos) << message;
        EXPECT_NE(message.find("--size"), std::string::npos) << message;
        EXPECT_NE(message.find("0.5 × 0.5 in"), std::string::npos) << message;
    }
    const Canvas text = canvas_in(6.75, 3.6);
    EXPECT_NO_THROW(check_room_for_panels(lay_out_figure(terms, text, FixedMeasure()), text));
}

// scores --difference: the colour bar that A and B share stood right of the difference map's own
// Δ bar (issue 22, defect 5). It spans the maps it colours, and no map with a bar of its own lies
// left of it within its height, on a column, the text width and a slide.
TEST(Layout, TheSharedColourBarStandsBesideTheMapsItColours) {
    Scene s;
    s.figure = "scores";
    s.compare = {"rope", "xpos"};
    FigureOptions options{"en", "", false};
    options.difference = true;
    const Figure figure = build_figure(s, options);
    ASSERT_TRUE(figure.colorbar.has_value());
    ASSERT_EQ(figure.panels.size(), 3u);
    for (const auto& [w, h] : {std::pair{3.25, 4.8}, {6.75, 3.6}, {13.33, 7.5}}) {
        const LaidOutFigure l = lay_out_figure(figure, canvas_in(w, h), FixedMeasure());
        ASSERT_TRUE(l.colorbar.has_value()) << w;
        const Rect bar = *l.colorbar;
        for (size_t i = 0; i < l.panels.size(); ++i) {
            const Rect box = l.panels[i].box;
            if (l.panels[i].colorbar) {  // the difference, with its own Δ bar
                const bool level = std::min(box.y + box.h, bar.y + bar.h) > std::max(box.y, bar.y);
                EXPECT_FALSE(level && box.x + box.w <= bar.x) << w << " in: panel " << i;
            } else {  // A or B: the bar runs along the whole map
                EXPECT_LE(bar.y, box.y + 1e-6) << w << " in: panel " << i;
                EXPECT_GE(bar.y + bar.h, box.y + box.h - 1e-6) << w << " in: panel " << i;
            }
        }
    }
}

// --annotate did nothing, silently, where the cells are too small for values in 6 pt type (an
// 8 × 8 ALiBi map in a paper column, its cells under 10 pt for values like "−3.5"): that is an
// InputError naming --annotate; on a slide the values are written.
TEST(Layout, AnnotateWhereNoCellCanHoldItsValueIsAnInputError) {
    Scene s;
    s.figure = "bias";
    s.encoding = "alibi";
    s.seq_len = 8;
    const Figure bias = build_figure(s, {"en", "", false});
    Canvas column = canvas_in(3.25, 2.4);
    column.annotate = true;
    try {
        check_cell_values_drawn(lay_out_figure(bias, column, FixedMeasure()), column);
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(e.option, "--annotate");
        EXPECT_NE(std::string(e.what()).find("slide"), std::string::npos) << e.what();
    }
    Canvas slide = canvas_in(13.33, 7.5);
    slide.annotate = true;
    const LaidOutFigure l = lay_out_figure(bias, slide, FixedMeasure());
    EXPECT_NO_THROW(check_cell_values_drawn(l, slide));
    EXPECT_EQ(blocks(l, TextRole::CellValue, 0), 64);  // every cell of the 8 × 8 map
}

// Wrapped titles left one word alone on their second line ("… its own colour\nscale") and could
// break a subtitle's list anywhere (issue 22, minors). Two lines come out as even as they can;
// among breaks within an em of the most even, one after a " · " wins. Widths by hand: 6 pt a
// character at 10 pt (FixedMeasure), so 100 pt takes 16 characters.
TEST(Layout, TwoLinesBreakEvenlyAndAfterASeparator) {
    const FixedMeasure measure;
    const Pen pen{measure, find_theme("light"), "en"};
    const TextStyle style = pen.text_style(10.0);
    // 30 characters: greedy would set "alpha beta gamma delta" (22) over "epsilon"; 16 + 13 is
    // the most even.
    EXPECT_EQ(pen.fit_text("alpha beta gamma delta epsilon", style, 160.0, 2),
              "alpha beta gamma\ndelta epsilon");
    // After "bbbb": 9 | 10 characters; after "·": 11 | 8, one character (6 pt, under the 10-pt
    // em) longer, so the separator wins and ends the first line.
    EXPECT_EQ(pen.fit_text("aaaa bbbb · cccc ddd", style, 100.0, 2), "aaaa bbbb ·\ncccc ddd");
    // A separator far from the middle (6 | 24) does not pull the break to it.
    EXPECT_EQ(pen.fit_text("aaaa · bbbb cccc dddd eeee ffff", style, 160.0, 2),
              "aaaa · bbbb cccc\ndddd eeee ffff");
    // Not beside "=": after "x" (11 | 13 characters) would be the most even, but splits "x = 1";
    // after "bbbb" the lines are 9 | 15.
    EXPECT_EQ(pen.fit_text("aaaa bbbb x = 1 cccc dddd", style, 120.0, 2),
              "aaaa bbbb\nx = 1 cccc dddd");
    // What fits on one line stays whole; what needs a third line is cut as before.
    EXPECT_EQ(pen.fit_text("alpha beta", style, 160.0, 2), "alpha beta");
}

// Chinese breaks between any two characters, but no line begins with a closing mark ("：", "，",
// "）") and none ends with an opening one ("（"): a panel title read "无位置编码\n：注意力(X)".
// Every width from two to twelve characters (FixedMeasure: 6 pt each at 10 pt), two lines.
TEST(Layout, ChineseLinesNeitherBeginWithAClosingMarkNorEndWithAnOpeningOne) {
    const FixedMeasure measure;
    const Pen pen{measure, find_theme("light"), "zh"};
    const TextStyle style = pen.text_style(10.0);
    int broken = 0;
    for (const std::string title :
         {"无位置编码：注意力", "正弦：注意力（dog）", "位置，内容。位置（m）", "注意力（X）的差"})
        for (int characters = 2; characters <= 12; ++characters) {
            const std::string lines = pen.fit_text(title, style, 6.0 * characters + 1.0, 2);
            for (size_t start = 0, end; start <= lines.size(); start = end + 1) {
                end = std::min(lines.find('\n', start), lines.size());
                const std::string line = lines.substr(start, end - start);
                broken += end < lines.size();
                for (const char* mark : {"：", "，", "）", "。"})
                    EXPECT_NE(line.rfind(mark, 0), 0u) << lines;
                EXPECT_FALSE(line.ends_with("（")) << lines;
            }
        }
    EXPECT_GT(broken, 10);  // the widths do break them
}

// A map of a three-word sentence, its words on both axes, as the permutation figure draws it.
Figure sentence_map() {
    Figure figure;
    Panel panel;
    panel.heatmap = matrix_heatmap(Matrix::Identity(3, 3), "viridis", ColourLimits::Data);
    const std::vector<std::string> words = {"dog", "bites", "man"};
    panel.x.ticks = panel.y.ticks = {0.0, 1.0, 2.0};
    panel.x.tick_labels = panel.y.tick_labels = words;
    figure.panels.push_back(panel);
    summarise_heatmaps(figure);
    return figure;
}

bool overlap(const Rect& a, const Rect& b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// "bites" was dropped from the permutation figure's 3-token x axis at every size (issue 22,
// defect 3): its word was wider than its map column, and token labels were only thinned. Now,
// from a wide canvas to a narrow one, every word stays named: level at the tick size (the y
// axis's, whose words have room), then level in smaller type (down to three quarters of it,
// never under 6 pt), then turned 90°, and never two overlapping.
TEST(Layout, EveryTokenOfAShortSentenceIsNamedAtEveryWidth) {
    const Figure figure = sentence_map();
    const FixedMeasure measure;
    bool level = false, smaller = false, turned = false;
    for (double width_in = 4.0; width_in >= 1.3; width_in -= 0.05) {
        const LaidOutFigure l = lay_out_figure(figure, canvas_in(width_in, 3.0), measure);
        std::vector<const TextBlock*> x_ticks, y_ticks;
        for (const TextBlock& b : l.display.blocks) {
            if (b.role == TextRole::XTick) x_ticks.push_back(&b);
            if (b.role == TextRole::YTick) y_ticks.push_back(&b);
        }
        ASSERT_EQ(x_ticks.size(), 3u) << width_in << " in";
        ASSERT_EQ(y_ticks.size(), 3u) << width_in << " in";
        const double tick_size = y_ticks[0]->size;
        EXPECT_EQ(x_ticks[1]->text, "bites") << width_in << " in";
        const Rect box = l.panels[0].box;
        for (size_t i = 0; i < 3; ++i) {
            const TextBlock& b = *x_ticks[i];
            EXPECT_GE(b.size, std::max(6.0, 0.75 * tick_size) - 1e-9) << width_in << " in";
            // Centred on its column: column i's centre is (i + ½)/3 of the box across.
            EXPECT_NEAR(b.box.x + 0.5 * b.box.w, box.x + (i + 0.5) / 3.0 * box.w, 0.01)
                << width_in << " in";
            if (i > 0) {
                EXPECT_FALSE(overlap(b.box, x_ticks[i - 1]->box)) << width_in << " in";
            }
        }
        // "bites", 5 characters of 0.6 em (FixedMeasure): 3 em wide level, as tall turned.
        const TextBlock& bites = *x_ticks[1];
        if (std::abs(bites.box.w - 3.0 * bites.size) < 1e-6) {
            (bites.size == tick_size ? level : smaller) = true;
            EXPECT_LE(bites.size, tick_size) << width_in << " in";
        } else {
            EXPECT_NEAR(bites.box.h, 3.0 * bites.size, 1e-6) << width_in << " in";
            turned = true;
        }
    }
    EXPECT_TRUE(level);
    EXPECT_TRUE(smaller);
    EXPECT_TRUE(turned);
}

// The permutation figure's difference title was cut ("P·attention(X)·Pᵀ…") in a paper column
// and a 1280 × 720 screen tile (issue 22, defect 3): a title two lines would cut is set whole on
// three, and one that fits on two keeps two.
TEST(Layout, APanelTitleTwoLinesWouldCutTakesAThird) {
    Figure figure = sentence_map();
    figure.panels[0].title = "attention(PX) − P·attention(X)·Pᵀ\nlargest: 0.043";
    const FixedMeasure measure;
    bool three = false;
    for (double width_in = 4.0; width_in >= 2.0; width_in -= 0.1) {
        const LaidOutFigure l = lay_out_figure(figure, canvas_in(width_in, 3.0), measure);
        for (const TextBlock& b : l.display.blocks) {
            if (b.role != TextRole::PanelTitle) continue;
            EXPECT_EQ(b.text.find("…"), std::string::npos) << b.text << " at " << width_in;
            const size_t lines = split_lines(b.text).size();
            EXPECT_LE(lines, 3u) << width_in;
            three = three || lines == 3;
        }
    }
    EXPECT_TRUE(three);
    figure.panels[0].title = "no PE: attention(X)";
    const LaidOutFigure l = lay_out_figure(figure, canvas_in(2.0, 3.0), measure);
    for (const TextBlock& b : l.display.blocks)
        if (b.role == TextRole::PanelTitle) {
            EXPECT_LE(split_lines(b.text).size(), 2u);
        }
}

}  // namespace
}  // namespace posviz
