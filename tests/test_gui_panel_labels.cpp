// What a grid of panels gives its data on screen: axis labels left to the outer panels
// (core/figure/outer_labels.h, the file renderer's rule too) and tick labels too where the axes
// are truly shared, columns and rows fitted to their text so that maps come out equal, maps whose
// cells may stretch to 2:1 in lecture mode (PlotStyle::map_stretch; circles stay round), a
// colorbar label on two lines rather than cut short (or none), thinner colour bars in lecture
// mode, a first row taller than the others (PanelGrid), and titles kept whole.
#include <gtest/gtest.h>

#include "app/gui/plot/panel_grid.h"
#include "app/gui/plot/plot_layout.h"
#include "app/gui/plot/plot_text.h"
#include "core/figure/outer_labels.h"
#include "tests/headless_imgui.h"

namespace posviz::gui {
namespace {

// A square map of the positions, labelled "n" across and "m" down, with a labelled colorbar.
Panel square_map(const std::string& y_label = "m") {
    Heatmap map = matrix_heatmap(Matrix::Identity(8, 8), "viridis", ColourLimits::Data);
    map.colorbar_label = "bias b(m, n) (logit units)";
    Panel panel;
    panel.heatmap = std::move(map);
    // Moved in: GCC 12 warns falsely (-Wrestrict) on assigning the one-letter literal.
    panel.x.label = std::string("n");
    panel.y.label = y_label;
    panel.equal_aspect = true;
    return panel;
}

TEST(OuterAxisLabels, OnlyTheBottomRowAndFirstColumnRepeatNoLabel) {
    Figure figure;
    for (int i = 0; i < 4; ++i) figure.panels.push_back(square_map(i == 3 ? "query m" : "m"));
    const std::vector<AxisLabels> labels = outer_axis_labels(figure, 2, 4);
    ASSERT_EQ(labels.size(), 4u);
    EXPECT_TRUE(labels[0].y);
    EXPECT_FALSE(labels[0].x);  // the panel below says "n"
    EXPECT_FALSE(labels[1].y);  // the panel on the left says "m"
    EXPECT_FALSE(labels[1].x);
    EXPECT_TRUE(labels[2].x && labels[2].y);
    EXPECT_TRUE(labels[3].x);
    EXPECT_TRUE(labels[3].y);  // "query m" differs from its neighbour's "m"
    // A row of panels keeps its x labels; a short last row has no panel under the one above it.
    for (const AxisLabels& l : outer_axis_labels(figure, 4, 4)) EXPECT_TRUE(l.x);
    EXPECT_TRUE(outer_axis_labels(figure, 3, 4)[1].x);
}

// Two rows of two: the axis the left or lower panel shows exactly the same way.
TEST(RepeatedTickLabels, OnlyTrulySharedAxesLeaveTheirTickLabelsToTheOuterPanel) {
    const ShownAxis map{-0.5, 7.5, false, {"0", "2", "4", "6"}, 300.0};
    std::vector<AxisLabels> labels(4);
    hide_repeated_tick_labels(labels, {map, map, map, map}, {map, map, map, map}, 2);
    EXPECT_TRUE(labels[0].y_ticks && labels[2].y_ticks);   // the first column names the rows
    EXPECT_FALSE(labels[1].y_ticks || labels[3].y_ticks);  // the second repeats them
    EXPECT_FALSE(labels[0].x_ticks || labels[1].x_ticks);  // the bottom row names the columns
    EXPECT_TRUE(labels[2].x_ticks && labels[3].x_ticks);
    EXPECT_TRUE(labels[0].x && labels[1].y);  // axis labels are outer_axis_labels' business

    // Each difference keeps the tick labels: other limits (a zoomed panel), another scale,
    // other tick labels, an axis of another length (a wide last row's curve under maps).
    ShownAxis zoomed = map, log = map, other_ticks = map, longer = map;
    zoomed.hi = 7.0;
    log.log = true;
    other_ticks.tick_labels = {"0", "4"};
    longer.length = 320.0;
    for (const ShownAxis& other : {zoomed, log, other_ticks, longer}) {
        std::vector<AxisLabels> kept(2);
        hide_repeated_tick_labels(kept, {map, map}, {map, other}, 2);
        EXPECT_TRUE(kept[1].y_ticks);
        hide_repeated_tick_labels(kept, {map, other}, {map, map}, 1);
        EXPECT_TRUE(kept[0].x_ticks);
    }
    // A short last row has nothing under the panel above its gap.
    std::vector<AxisLabels> three(3);
    hide_repeated_tick_labels(three, {map, map, map}, {map, map, map}, 2);
    EXPECT_FALSE(three[0].x_ticks);
    EXPECT_TRUE(three[1].x_ticks);
}

// A row of maps: the same 8 × 8 maps leave their row labels to the first, a 6 × 6 map beside
// them keeps its own; in lecture mode and out of it.
TEST(PanelLayoutOnScreen, MapsInARowShareTheirRowLabelsOnlyWhenTheirRangesAgree) {
    const HeadlessImGui imgui(17.0f, "en");
    Figure figure;
    for (int i = 0; i < 3; ++i) figure.panels.push_back(square_map());
    figure.panels[2].heatmap =
        matrix_heatmap(Matrix::Identity(6, 6), "viridis", ColourLimits::Data);
    std::vector<ImRect> cells;
    std::vector<AxisRange> x, y;
    for (int i = 0; i < 3; ++i) {
        cells.emplace_back(ImVec2(400.0f * float(i), 0), ImVec2(400.0f * float(i + 1), 500));
        x.push_back(panel_axis_range(figure.panels[size_t(i)], true));
        y.push_back(panel_axis_range(figure.panels[size_t(i)], false));
    }
    const std::vector<bool> masked(3, false);
    for (const bool lecture : {true, false}) {
        const std::vector<AxisLabels> labels = grid_axis_labels(
            figure, imgui.plot_style("light", lecture), cells, {1, 3}, x, y, masked);
        EXPECT_TRUE(labels[0].y_ticks);
        EXPECT_FALSE(labels[1].y_ticks);
        EXPECT_TRUE(labels[2].y_ticks);                             // rows 0–5, not 0–7
        for (const AxisLabels& l : labels) EXPECT_TRUE(l.x_ticks);  // one row: no column shares
    }
}

// The panels of `figure` laid out in `area` as the plot widget lays them out (PlotFigure), at
// their default limits, without masked cells.
std::vector<Layout> drawn_layouts(const Figure& figure, const PlotStyle& style,
                                  const ImRect& area) {
    const std::vector<bool> masked(figure.panels.size(), false);
    const GridPlacement placement = place_panels(figure, style, area, masked);
    const std::vector<ImRect> cells =
        grid_cells(placement.area, placement.grid, int(figure.panels.size()));
    const PlotStyle titled = panel_title_style(figure, style, cells);
    std::vector<AxisRange> x, y;
    for (const Panel& panel : figure.panels) {
        x.push_back(panel_axis_range(panel, true));
        y.push_back(panel_axis_range(panel, false));
    }
    const std::vector<AxisLabels> labels =
        grid_axis_labels(figure, titled, cells, placement.grid, x, y, masked);
    auto lay_out = [&](size_t i, const BoxSpan* span) {
        return layout_panel(figure.panels[i], titled, cells[i], x[i], y[i], false, span, labels[i]);
    };
    std::vector<Layout> free, drawn;
    for (size_t i = 0; i < cells.size(); ++i) free.push_back(lay_out(i, nullptr));
    const std::vector<BoxSpan> spans = box_spans(free, placement.grid);
    for (size_t i = 0; i < cells.size(); ++i) drawn.push_back(lay_out(i, &spans[i]));
    return drawn;
}

// The four logit terms in lecture mode at 1080p: four 48 × 48 maps, each with its colour bar
// and a title, the first column's with a y label and the bottom row's with an x label. The
// columns and rows take the room their text needs, so that the four maps come out as large as
// one another; their axes are then truly shared, and the upper row leaves its x tick labels to
// the lower one, the right column its y tick labels to the left one.
TEST(PanelLayoutOnScreen, ColumnsAndRowsFitTheirTextSoThatMapsComeOutEqual) {
    const HeadlessImGui imgui(28.0f, "en");
    Figure figure;
    for (int i = 0; i < 4; ++i) {
        Panel map = square_map();
        map.heatmap = matrix_heatmap(Matrix::Random(48, 48), "RdBu", ColourLimits::Data);
        map.heatmap->colorbar_label = "term ÷ √D (logit units)";
        map.title = "position·content: pₘ·xₙ";
        figure.panels.push_back(std::move(map));
    }
    figure.rows = figure.cols = 2;
    const std::vector<Layout> l =
        drawn_layouts(figure, imgui.plot_style("dark", true), ImRect(0, 0, 1900, 980));
    ASSERT_EQ(l.size(), 4u);
    for (const Layout& other : l) {
        EXPECT_NEAR(other.box.GetWidth(), l[0].box.GetWidth(), 1.0f);
        EXPECT_NEAR(other.box.GetHeight(), l[0].box.GetHeight(), 1.0f);
    }
    EXPECT_NEAR(l[0].box.Min.x, l[2].box.Min.x, 1.0f);  // a column's boxes line up
    EXPECT_NEAR(l[1].box.Min.x, l[3].box.Min.x, 1.0f);
    EXPECT_FALSE(l[0].x_tick_labels || l[1].x_tick_labels);
    EXPECT_TRUE(l[2].x_tick_labels && l[3].x_tick_labels);
    EXPECT_FALSE(l[1].y_tick_labels || l[3].y_tick_labels);
    // Lecture mode's 2:1 cells, and more than half of the area.
    EXPECT_GT(l[0].box.GetWidth(), 1.9f * l[0].box.GetHeight());
    EXPECT_GT(4.0f * l[0].box.GetWidth() * l[0].box.GetHeight(), 0.5f * 1900.0f * 980.0f);
}

// Maps that keep their shape leave bands beside them, which the grid gives up (place_panels)
// — but not the width a title takes: a title cut short says less than a band says nothing.
TEST(PanelLayoutOnScreen, TrimmingTheGridCutsNoTitleShort) {
    const HeadlessImGui imgui(17.0f, "en");
    Figure figure;
    for (int i = 0; i < 2; ++i) {
        figure.panels.push_back(square_map());
        figure.panels.back().title = "a title far wider than the map under it";
    }
    figure.cols = 2;
    const PlotStyle style = imgui.plot_style("light", false);
    // Cells in which the titles fit in the body font but not in the heading's, over maps whose
    // height limits them to a fraction of the width.
    const std::string& title = figure.panels[0].title;
    const float cell = 1.1f * text_size(style.body, title).x / 0.94f;
    ASSERT_GT(text_size(style.heading, title).x, 0.94f * cell);
    const ImRect area(0, 0, 2.0f * cell, 200);
    const std::vector<ImRect> cells =
        grid_cells(place_panels(figure, style, area, {false, false}).area, {1, 2}, 2);
    for (const ImRect& c : cells) EXPECT_LE(text_size(style.body, title).x, 0.94f * c.GetWidth());
    for (const Layout& l : drawn_layouts(figure, style, area)) EXPECT_EQ(l.title, title);
}

TEST(PanelLayoutOnScreen, APanelWithoutTickLabelsGivesTheirRoomToItsBox) {
    const HeadlessImGui imgui(17.0f, "en");
    const PlotStyle style = imgui.plot_style("light", false);
    const Panel panel = square_map();
    const ImRect cell(ImVec2(0, 0), ImVec2(400, 600));
    auto lay_out = [&](AxisLabels labels) {
        return layout_panel(panel, style, cell, panel_axis_range(panel, true),
                            panel_axis_range(panel, false), false, nullptr, labels);
    };
    const Layout all = lay_out({false, false}), bare = lay_out({false, false, false, false});
    EXPECT_FALSE(bare.x_tick_labels || bare.y_tick_labels);
    EXPECT_GT(bare.box.GetWidth(), all.box.GetWidth());
    EXPECT_GT(bare.free_box.GetHeight(), all.free_box.GetHeight());
    EXPECT_FALSE(bare.y_ticks.values.empty());  // the tick marks stay
}

TEST(PanelLayoutOnScreen, AnInnerPanelLeavesItsYLabelToTheFirstColumn) {
    const HeadlessImGui imgui(17.0f, "en");
    const PlotStyle style = imgui.plot_style("light", false);
    const Panel panel = square_map();
    const ImRect cell(ImVec2(0, 0), ImVec2(400, 600));  // the width limits the square box
    auto lay_out = [&](AxisLabels labels) {
        return layout_panel(panel, style, cell, panel_axis_range(panel, true),
                            panel_axis_range(panel, false), false, nullptr, labels);
    };
    const Layout outer = lay_out({}), inner = lay_out({true, false}),
                 upper = lay_out({false, true});
    EXPECT_TRUE(outer.y_label && outer.x_label);
    EXPECT_FALSE(inner.y_label);
    EXPECT_GT(inner.box.GetWidth(), outer.box.GetWidth());
    EXPECT_FALSE(upper.x_label);
    EXPECT_GT(upper.free_box.GetHeight(), outer.free_box.GetHeight());
}

TEST(PanelLayoutOnScreen, LectureMapsStretchTheirCellsUpToTwoToOne) {
    const HeadlessImGui imgui(17.0f, "en");
    PlotStyle style = imgui.plot_style("light", false);
    Panel circle;
    circle.circles.push_back({});
    circle.equal_aspect = true;
    const ImRect wide(ImVec2(0, 0), ImVec2(1600, 500)), tall(ImVec2(0, 0), ImVec2(500, 1200));
    auto aspect = [&](const Panel& panel, const ImRect& cell) {
        const Layout l = layout_panel(panel, style, cell, panel_axis_range(panel, true),
                                      panel_axis_range(panel, false), false, nullptr);
        return l.box.GetWidth() / l.box.GetHeight();
    };
    EXPECT_NEAR(aspect(square_map(), wide), 1.0f, 0.01f);
    style.map_stretch = k_lecture_map_stretch;
    EXPECT_NEAR(aspect(square_map(), wide), 2.0f, 0.01f);
    EXPECT_NEAR(aspect(square_map(), tall), 1.0f / 2.0f, 0.01f);
    EXPECT_NEAR(aspect(circle, wide), 1.0f, 0.01f);
}

TEST(PanelLayoutOnScreen, AColorbarLabelTooLongForItsBarTakesTwoLinesOrNone) {
    const HeadlessImGui imgui(28.0f, "en");
    const PlotStyle style = imgui.plot_style("light", true);
    const Colorbar bar = panel_colorbar(*square_map().heatmap, false);
    const float one_line = text_size(style.body, bar.label).x;
    EXPECT_EQ(colorbar_label(style, bar, one_line + 1.0f), bar.label);
    const std::string two = colorbar_label(style, bar, 0.6f * one_line);
    EXPECT_EQ(two, "bias b(m, n)\n(logit units)");
    // Shorter than either line: left out, not cut to "bias b… (log…".
    EXPECT_EQ(colorbar_label(style, bar, 0.3f * one_line), "");
    EXPECT_LT(colorbar_space(style, bar, 0.3f * one_line),
              colorbar_space(style, bar, one_line + 1.0f));
    EXPECT_GT(colorbar_space(style, bar, 0.6f * one_line),
              colorbar_space(style, bar, one_line + 1.0f) + 0.9f * style.body->FontSize);
}

// Lecture mode's colour bars are thinner and closer to their map: a map whose width its cell
// limits (two maps side by side) gets the 0.7 em they save.
TEST(PanelLayoutOnScreen, LectureColorbarsLeaveTheMapMoreWidth) {
    const HeadlessImGui imgui(28.0f, "en");
    PlotStyle style = imgui.plot_style("light", true);
    ASSERT_TRUE(style.thin_colorbars);
    const ImRect tall(ImVec2(0, 0), ImVec2(940, 1000));
    auto width = [&] {
        const Panel map = square_map();
        return layout_panel(map, style, tall, panel_axis_range(map, true),
                            panel_axis_range(map, false), false, nullptr)
            .box.GetWidth();
    };
    const float thin = width();
    style.thin_colorbars = false;
    EXPECT_NEAR(thin - width(), 0.7f * style.body->FontSize, 1.0f);
}

TEST(PanelGridRows, AFirstRowShareSetsTheRowsHeights) {
    const ImRect area(ImVec2(0.0f, 100.0f), ImVec2(900.0f, 1100.0f));
    const std::vector<ImRect> cells = grid_cells(area, {2, 3, true, 0.6f}, 4);
    ASSERT_EQ(cells.size(), 4u);
    for (int i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(cells[size_t(i)].GetHeight(), 600.0f);
    EXPECT_FLOAT_EQ(cells[3].Min.y, 700.0f);
    EXPECT_FLOAT_EQ(cells[3].Max.y, 1100.0f);
    EXPECT_FLOAT_EQ(cells[3].GetWidth(), 900.0f);
    EXPECT_FLOAT_EQ(row_share({3, 1}, 2), 1.0f / 3.0f);
}

}  // namespace
}  // namespace posviz::gui
