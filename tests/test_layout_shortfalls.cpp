// The layout's measure of what a figure falls short of (core/layout/layout_shortfalls.h), read
// from display lists written here by hand, and the page fitter that minimises it
// (core/layout/page_fit.h): a paper page grows until its figure loses no text.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "core/figure/figure.h"
#include "core/layout/figure_layout.h"
#include "core/layout/layout_shortfalls.h"
#include "core/layout/page_fit.h"
#include "tests/fixed_measure.h"

namespace posviz {
namespace {

std::multiset<std::string> checks(const std::vector<Shortfall>& found) {
    std::multiset<std::string> names;
    for (const Shortfall& s : found) names.insert(s.check);
    return names;
}

// A 200 × 100 pt canvas with one curve panel, its box 100 × 60 pt at (50, 20).
struct OnePanel {
    Figure figure;
    LaidOutFigure l;
    OnePanel() {
        Panel panel;
        panel.title = "query position";
        figure.panels.push_back(panel);
        l.display.width = 200.0;
        l.display.height = 100.0;
        PanelPlacement placed;
        placed.box = {50.0, 20.0, 100.0, 60.0};
        l.panels.push_back(placed);
    }
    void text(const std::string& s, Rect box, TextRole role, bool numeric = false) {
        l.display.blocks.push_back({s, box, 8.0, role, 0, numeric});
    }
    // Three numeric ticks on each axis: nothing short.
    void ticks() {
        for (int i = 0; i < 3; ++i) {
            text("0", {60.0 + 40.0 * i, 82.0, 5.0, 8.0}, TextRole::XTick, true);
            text("0", {40.0, 25.0 + 25.0 * i, 5.0, 8.0}, TextRole::YTick, true);
        }
    }
};

TEST(LayoutShortfalls, AWholeFigureFallsShortOfNothing) {
    OnePanel one;
    one.ticks();
    one.text("query position", {60.0, 5.0, 80.0, 10.0}, TextRole::PanelTitle);
    EXPECT_TRUE(layout_shortfalls(one.figure, one.l, 43.2).empty());
}

TEST(LayoutShortfalls, TextCutShortOrOffTheCanvasIsLost) {
    OnePanel one;
    one.ticks();
    one.text("query positio…", {60.0, 5.0, 80.0, 10.0}, TextRole::PanelTitle);
    // A text of the figure's own with "…" in it, wrapped, is no cut.
    one.figure.subtitle = "L = 128 … 512";
    one.text("L = 128\n… 512", {60.0, 0.0, 40.0, 4.0}, TextRole::Subtitle);
    one.text("x", {195.0, 90.0, 10.0, 8.0}, TextRole::Note);  // 5 pt past the right edge
    EXPECT_EQ(checks(layout_shortfalls(one.figure, one.l, 43.2)),
              (std::multiset<std::string>{"ellipsis", "canvas"}));
}

TEST(LayoutShortfalls, AnAxisOfTwoLabelsFallsShortWhereThreeWouldFit) {
    OnePanel one;
    // x: two labels 5 pt wide in 8 pt type on a 100-pt axis, where three need only
    // 2 × (5 + 4) = 18 pt; y: three.
    one.text("0", {50.0, 82.0, 5.0, 8.0}, TextRole::XTick, true);
    one.text("1", {145.0, 82.0, 5.0, 8.0}, TextRole::XTick, true);
    for (int i = 0; i < 3; ++i)
        one.text("0", {40.0, 25.0 + 25.0 * i, 5.0, 8.0}, TextRole::YTick, true);
    EXPECT_EQ(checks(layout_shortfalls(one.figure, one.l, 43.2)),
              (std::multiset<std::string>{"ticks"}));
    // The same two labels 46 pt wide: three need 2 × (46 + 4) = 100 pt, more than the 100-pt
    // axis has short of rounding, so two are its ends and no shortfall.
    EXPECT_FALSE(too_short_for_three(100.0, 46.0, 8.0));
    EXPECT_TRUE(too_short_for_three(99.9, 46.0, 8.0));
}

TEST(LayoutShortfalls, SmallBoxesAndMapsAndLinesWithoutALegendFallShort) {
    OnePanel one;
    one.ticks();
    LineSeries none, yarn;
    none.label = "none";
    yarn.label = "YaRN";
    one.figure.panels[0].lines = {none, yarn};
    // The 60-pt box is under a 72-pt floor; a 50-pt map in it is too.
    ImageItem map;
    map.target = {50.0, 20.0, 50.0, 60.0};
    map.panel = 0;
    one.l.display.items.push_back(map);
    EXPECT_EQ(checks(layout_shortfalls(one.figure, one.l, 72.0)),
              (std::multiset<std::string>{"plot size", "map size", "legend"}));
    one.text("none", {100.0, 30.0, 20.0, 8.0}, TextRole::Legend);
    EXPECT_EQ(checks(layout_shortfalls(one.figure, one.l, 43.2)), std::multiset<std::string>{});
}

// A subtitle two lines cannot hold (22 words of 6 characters, some 2.7 lines of a column) on a
// page 3.25 × 1.2 in: its third line would leave the curve's box under 4 em, so it is cut
// there. The page grows (in 0.1-in steps) to the first height at which nothing falls short.
TEST(LayoutShortfalls, APaperPageGrowsUntilItsSubtitleIsWhole) {
    Figure figure;
    figure.title = "Curves";
    std::string words;
    for (int i = 0; i < 22; ++i) words += (i ? " word" : "word") + std::to_string(i);
    figure.subtitle = words;
    Panel panel;
    LineSeries line;
    line.x = line.y = {0.0, 1.0};
    panel.lines = {line};
    figure.panels = {panel};
    Canvas column;
    column.width = 3.25 * 72.0;
    column.height = 1.2 * 72.0;
    auto at = [&](double height) {
        Canvas c = column;
        c.height = height;
        return lay_out_figure(figure, c, FixedMeasure());
    };
    auto cut = [](const LaidOutFigure& l) {
        return std::any_of(l.display.blocks.begin(), l.display.blocks.end(),
                           [](const TextBlock& b) { return b.text.find("…") != b.text.npos; });
    };
    const double floor = 0.6 * 72.0;
    ASSERT_TRUE(cut(at(column.height)));
    const double height = fitted_page_height(figure, column, FixedMeasure(), 9.0 * 72.0);
    EXPECT_GT(height, column.height);
    const double steps = (height - column.height) / 7.2;
    EXPECT_NEAR(steps, std::round(steps), 1e-9);
    EXPECT_FALSE(cut(at(height)));
    EXPECT_TRUE(layout_shortfalls(figure, at(height), floor).empty());
    // One step shorter something still falls short: the subtitle or the box.
    EXPECT_FALSE(layout_shortfalls(figure, at(height - 7.2), floor).empty());
}

}  // namespace
}  // namespace posviz
