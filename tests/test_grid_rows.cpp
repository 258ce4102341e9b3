// Rows of a figure's grid sized by what their own texts need (core/layout/figure_layout.cpp,
// plan_grid; grid_cells in core/layout/figure_grid.h): a row of long titles, or the bottom row
// with the x label, takes its margins, and every row's plot boxes come out the same height.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/figure/figure.h"
#include "core/layout/figure_grid.h"
#include "core/layout/figure_layout.h"
#include "tests/fixed_measure.h"

namespace posviz {
namespace {

TEST(GridRows, CellsTakeTheRowHeightsGiven) {
    const Rect area = {10.0, 20.0, 100.0, 90.0};
    const Grid grid{2, 2, false};
    // Rows of 60 and 30 pt: the second row starts 60 pt down.
    const std::vector<Rect> cells = grid_cells(area, grid, 4, {}, {60.0, 30.0});
    ASSERT_EQ(cells.size(), 4u);
    EXPECT_DOUBLE_EQ(cells[0].y, 20.0);
    EXPECT_DOUBLE_EQ(cells[0].h, 60.0);
    EXPECT_DOUBLE_EQ(cells[1].h, 60.0);
    EXPECT_DOUBLE_EQ(cells[2].y, 80.0);
    EXPECT_DOUBLE_EQ(cells[3].h, 30.0);
    EXPECT_DOUBLE_EQ(cells[3].x, 60.0);
    // No heights (or not one per row): equal rows of 45 pt.
    const std::vector<Rect> equal = grid_cells(area, grid, 4, {}, {60.0});
    EXPECT_DOUBLE_EQ(equal[2].y, 65.0);
    EXPECT_DOUBLE_EQ(equal[2].h, 45.0);
}

// Three curve panels stacked (--cols 1) on a 3.25 × 6 in page: the first with a title long enough
// for two lines, the others with none, the last with the only x label. Every row's plot box is
// equally tall, which equal rows would not give (the first and last rows need more margin).
TEST(GridRows, EveryRowsPlotBoxIsEquallyTall) {
    Figure figure;
    for (int i = 0; i < 3; ++i) {
        Panel panel;
        LineSeries line;
        line.x = line.y = {0.0, 1.0};
        panel.lines = {line};
        figure.panels.push_back(panel);
    }
    figure.panels[0].title = "a title long enough that a paper column sets it on two lines or more";
    figure.panels[2].x.label = "position";
    Canvas canvas;
    canvas.width = 3.25 * 72.0;
    canvas.height = 6.0 * 72.0;
    canvas.cols = 1;
    const LaidOutFigure l = lay_out_figure(figure, canvas, FixedMeasure());
    ASSERT_EQ(l.panels.size(), 3u);
    EXPECT_NEAR(l.panels[0].box.h, l.panels[1].box.h, 0.5);
    EXPECT_NEAR(l.panels[2].box.h, l.panels[1].box.h, 0.5);
    // The rows differ: the first cell (two title lines) and the last (x label) are taller than
    // the middle one.
    EXPECT_GT(l.panels[0].cell.h, l.panels[1].cell.h + 1.0);
    EXPECT_GT(l.panels[2].cell.h, l.panels[1].cell.h + 1.0);
}

}  // namespace
}  // namespace posviz
