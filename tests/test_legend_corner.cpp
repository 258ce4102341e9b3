// The legend's corner (core/figure/legend_corner.h), the rule the file renderer and the GUI share:
// on a 100 × 100 page box over data [0, 1]², lines whose empty corner is known by construction.
#include <gtest/gtest.h>

#include "core/figure/legend_corner.h"

namespace posviz {
namespace {

constexpr Rect k_legend{0.0, 0.0, 30.0, 20.0};
constexpr double k_inset = 5.0;

LineSeries line(std::vector<double> x, std::vector<double> y) {
    LineSeries s;
    s.x = std::move(x);
    s.y = std::move(y);
    return s;
}

// y grows upwards in data, downwards on the page.
PlacedPanel placed(const Panel& panel) {
    return {&panel,
            {0.0, 0.0, 100.0, 100.0},
            {0.0, 1.0, false, 0.0, 100.0},
            {0.0, 1.0, false, 100.0, 0.0},
            {},
            1.5};
}

// Along the top edge and down the right one: the lower left corner alone is empty, although the
// panel asks for the upper right.
Panel top_and_right_edges() {
    Panel panel;
    panel.lines.push_back(line({0.0, 1.0}, {0.95, 0.95}));
    panel.lines.push_back(line({0.95, 0.95}, {0.0, 1.0}));
    return panel;
}

TEST(LegendCorner, TakesTheOnlyCornerThatHidesNothing) {
    const Panel panel = top_and_right_edges();
    const LegendCorner corner = best_legend_corner(placed(panel), k_legend, k_inset);
    EXPECT_EQ(corner.corner, LegendPosition::LowerLeft);
    EXPECT_EQ(corner.covered, 0);
    // Inset from the box's left and bottom edges.
    EXPECT_DOUBLE_EQ(corner.area.x, 5.0);
    EXPECT_DOUBLE_EQ(corner.area.y, 100.0 - 5.0 - 20.0);
    EXPECT_DOUBLE_EQ(corner.area.w, 30.0);
}

TEST(LegendCorner, KeepsThePanelsChoiceWhenItHidesNothing) {
    Panel panel = top_and_right_edges();
    panel.legend = LegendPosition::LowerLeft;
    EXPECT_EQ(best_legend_corner(placed(panel), k_legend, k_inset).corner,
              LegendPosition::LowerLeft);
    // An empty panel: its own choice, the upper left.
    Panel empty;
    empty.legend = LegendPosition::UpperLeft;
    EXPECT_EQ(best_legend_corner(placed(empty), k_legend, k_inset).corner,
              LegendPosition::UpperLeft);
}

TEST(LegendCorner, CountsPointsAlongAStraightSegment) {
    // Two points far outside the upper right corner, the segment between them through it.
    Panel panel;
    panel.lines.push_back(line({0.5, 1.0}, {1.0, 0.5}));
    const PlacedPanel p = placed(panel);
    EXPECT_GT(legend_coverage(p, {65.0, 5.0, 30.0, 20.0}), 5);
    EXPECT_EQ(legend_coverage(p, {5.0, 75.0, 30.0, 20.0}), 0);
}

TEST(LegendCorner, WithEveryCornerHiddenTakesTheLeastHidden) {
    // Both diagonals cross every corner; a rising line and a vertical one add to all but the lower
    // right.
    Panel panel;
    panel.lines.push_back(line({0.0, 1.0}, {0.0, 1.0}));
    panel.lines.push_back(line({0.0, 1.0}, {1.0, 0.0}));
    panel.lines.push_back(line({0.0, 1.0, 1.0}, {0.1, 0.9, 0.8}));
    panel.lines.push_back(line({0.1, 0.1}, {0.0, 1.0}));
    const LegendCorner corner = best_legend_corner(placed(panel), k_legend, k_inset);
    EXPECT_EQ(corner.corner, LegendPosition::LowerRight);
    EXPECT_GT(corner.covered, 0);
}

TEST(LegendCorner, AnAnnotationWeighsMoreThanACurve) {
    // The lower left holds a note, the lower right a curve's end: the curve is hidden instead.
    Panel panel = top_and_right_edges();
    panel.lines.pop_back();
    panel.lines.push_back(line({0.8, 1.0}, {0.1, 0.1}));
    PlacedPanel p = placed(panel);
    p.notes.push_back({10.0, 80.0, 20.0, 8.0});
    const LegendCorner corner = best_legend_corner(p, k_legend, k_inset);
    EXPECT_EQ(corner.corner, LegendPosition::LowerRight);
    EXPECT_GT(corner.covered, 0);
    EXPECT_LT(corner.covered, 1000);
}

TEST(LegendCorner, LogAxesSkipPointsTheyCannotShow) {
    // On a log y axis over [0.1, 10] a line at y = 0 cannot be drawn, and hides nothing.
    Panel panel;
    panel.lines.push_back(line({0.0, 1.0}, {0.0, 0.0}));
    PlacedPanel p = placed(panel);
    p.y = {0.1, 10.0, true, 100.0, 0.0};
    EXPECT_EQ(legend_coverage(p, {0.0, 0.0, 100.0, 100.0}), 0);
}

}  // namespace
}  // namespace posviz
