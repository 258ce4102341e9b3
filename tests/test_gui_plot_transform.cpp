// The plot widget's arithmetic: data ↔ pixel on linear, log and inverted axes, zoom about the
// mouse, pan, default limits, the heatmap cell under a point and the colours of the cells.
#include <gtest/gtest.h>

#include <cmath>

#include "app/gui/plot/plot_transform.h"
#include "core/figure/colormap.h"
#include "core/figures/figures.h"

namespace posviz::gui {
namespace {

AxisTransform axis(double lo, double hi, bool log, double pixel_lo, double pixel_hi) {
    return {{lo, hi, log}, pixel_lo, pixel_hi};
}

TEST(GuiPlotTransform, LinearAxisMapsEndsAndMiddle) {
    const AxisTransform x = axis(-1.0, 3.0, false, 100.0, 500.0);
    EXPECT_DOUBLE_EQ(x.to_pixel(-1.0), 100.0);
    EXPECT_DOUBLE_EQ(x.to_pixel(3.0), 500.0);
    EXPECT_DOUBLE_EQ(x.to_pixel(1.0), 300.0);
    EXPECT_DOUBLE_EQ(x.to_data(400.0), 2.0);
}

TEST(GuiPlotTransform, YAxisGrowsUpwardsUnlessInverted) {
    // A plot's y: lo at the bottom edge (pixel 400), hi at the top (100).
    const AxisTransform up = axis(0.0, 10.0, false, 400.0, 100.0);
    EXPECT_DOUBLE_EQ(up.to_pixel(0.0), 400.0);
    EXPECT_DOUBLE_EQ(up.to_pixel(7.5), 175.0);
    // A heatmap's rows: row 0 at the top.
    const AxisTransform down = axis(-0.5, 9.5, false, 100.0, 400.0);
    EXPECT_DOUBLE_EQ(down.to_pixel(-0.5), 100.0);
    EXPECT_DOUBLE_EQ(down.to_pixel(4.5), 250.0);
}

TEST(GuiPlotTransform, LogAxisSpacesDecadesEvenly) {
    const AxisTransform x = axis(1.0, 1000.0, true, 0.0, 300.0);
    EXPECT_NEAR(x.to_pixel(10.0), 100.0, 1e-9);
    EXPECT_NEAR(x.to_pixel(100.0), 200.0, 1e-9);
    EXPECT_NEAR(x.to_data(150.0), std::sqrt(1000.0), 1e-9);
}

TEST(GuiPlotTransform, PixelAndDataRoundTrip) {
    for (const AxisTransform& a :
         {axis(-3.0, 7.0, false, 20.0, 620.0), axis(1e-4, 1e2, true, 600.0, 40.0)})
        for (double pixel : {20.0, 57.5, 333.0, 600.0})
            EXPECT_NEAR(a.to_pixel(a.to_data(pixel)), pixel, 1e-9);
}

TEST(GuiPlotTransform, ZoomKeepsTheValueUnderTheMouse) {
    const AxisTransform x = axis(0.0, 100.0, false, 0.0, 1000.0);
    const AxisRange zoomed = zoom_range(x, 250.0, 0.5);  // the mouse is over 25
    EXPECT_DOUBLE_EQ(zoomed.lo, 12.5);
    EXPECT_DOUBLE_EQ(zoomed.hi, 62.5);
    const AxisTransform after{zoomed, 0.0, 1000.0};
    EXPECT_DOUBLE_EQ(after.to_data(250.0), 25.0);
}

TEST(GuiPlotTransform, ZoomOnLogAxisStaysPositiveAndKeepsAnchor) {
    const AxisTransform x = axis(1.0, 1e4, true, 0.0, 400.0);
    const AxisRange zoomed = zoom_range(x, 100.0, 2.0);  // zoom out about 10
    EXPECT_GT(zoomed.lo, 0.0);
    EXPECT_NEAR(zoomed.lo, 0.1, 1e-12);
    EXPECT_NEAR(zoomed.hi, 1e7, 1e-3);
    EXPECT_TRUE(zoomed.log);
}

TEST(GuiPlotTransform, PanMovesTheDataWithTheMouse) {
    const AxisTransform x = axis(0.0, 10.0, false, 0.0, 500.0);
    // Dragging 50 pixels right shows data one unit further left.
    const AxisRange panned = pan_range(x, 50.0);
    EXPECT_DOUBLE_EQ(panned.lo, -1.0);
    EXPECT_DOUBLE_EQ(panned.hi, 9.0);
    // On an upward y axis, dragging down (positive pixels) shows higher values.
    const AxisTransform y = axis(0.0, 10.0, false, 500.0, 0.0);
    EXPECT_DOUBLE_EQ(pan_range(y, 50.0).lo, 1.0);
}

// A curve constant but for rounding (the RoPE decay bound at D = 2: 1 ± 2⁻⁵²) gets the range of
// a constant, ±0.5 about it: its noise, magnified to the whole height, had drawn a deep dip.
TEST(GuiPlotTransform, ACurveConstantButForRoundingIsDrawnConstant) {
    Panel plot;
    const double one_up = std::nextafter(1.0, 2.0);
    plot.lines.push_back({"", {0.0, 1.0, 2.0}, {one_up, 1.0 - 1e-16, one_up}, Colour::palette(0)});
    const AxisRange y = panel_axis_range(plot, false);
    EXPECT_NEAR(y.lo, 0.5, 1e-12);
    EXPECT_NEAR(y.hi, 1.5, 1e-12);
    // Still a real range at a millionth of the value.
    plot.lines[0].y = {1.0, 1.000001, 1.0};
    EXPECT_LT(panel_axis_range(plot, false).hi, 1.01);
}

TEST(GuiPlotTransform, DefaultRangesFollowTheRenderer) {
    Panel plot;
    plot.lines.push_back({"", {0.0, 10.0}, {-1.0, 1.0}, Colour::palette(0)});
    const AxisRange x = panel_axis_range(plot, true);
    EXPECT_DOUBLE_EQ(x.lo, -0.5);  // 5% margins
    EXPECT_DOUBLE_EQ(x.hi, 10.5);

    Panel matrix;
    matrix.heatmap = matrix_heatmap(Matrix::Zero(4, 6), "viridis", ColourLimits::Data);
    EXPECT_EQ(panel_axis_range(matrix, true), (AxisRange{-0.5, 5.5, false}));  // exact
    EXPECT_EQ(panel_axis_range(matrix, false), (AxisRange{-0.5, 3.5, false}));

    plot.y.min = -2.0;
    plot.y.max = 2.0;
    EXPECT_EQ(panel_axis_range(plot, false), (AxisRange{-2.0, 2.0, false}));

    // Nothing to show: one decade, with the usual margin.
    Panel empty;
    empty.x.scale = AxisScale::Log;
    const AxisRange decade = panel_axis_range(empty, true);
    EXPECT_NEAR(std::log10(decade.lo), -0.05, 1e-12);
    EXPECT_NEAR(std::log10(decade.hi), 1.05, 1e-12);
}

TEST(GuiPlotTransform, LogRangeIgnoresNonPositiveValues) {
    Panel p;
    p.y.scale = AxisScale::Log;
    p.lines.push_back({"", {0.0, 1.0, 2.0}, {0.0, 10.0, 1000.0}, Colour::palette(0)});
    const AxisRange y = panel_axis_range(p, false);
    // Decades 1..3 with a 5% margin in log space: 10^0.9 .. 10^3.1.
    EXPECT_NEAR(std::log10(y.lo), 0.9, 1e-12);
    EXPECT_NEAR(std::log10(y.hi), 3.1, 1e-12);
}

TEST(GuiPlotTransform, HeatmapCellUnderAPoint) {
    const Heatmap h = matrix_heatmap(Matrix::Zero(3, 4), "viridis", ColourLimits::Data);
    // Cell centres on integers: (x, y) = (col, row).
    const auto cell = heatmap_cell_at(h, 2.2, 0.9);
    ASSERT_TRUE(cell);
    EXPECT_EQ(cell->col, 2);
    EXPECT_EQ(cell->row, 1);
    EXPECT_TRUE(heatmap_cell_at(h, -0.5, -0.5));  // the top-left edge belongs to cell (0, 0)
    EXPECT_FALSE(heatmap_cell_at(h, 3.5, 0.0));   // the right edge does not
    EXPECT_FALSE(heatmap_cell_at(h, 0.0, -0.51));
    EXPECT_DOUBLE_EQ(cell_centre_x(h, 3), 3.0);
    EXPECT_DOUBLE_EQ(cell_centre_y(h, 2), 2.0);
}

TEST(GuiPlotTransform, HeatmapColoursUseLimitsAndMaskedColour) {
    Matrix values(1, 3);
    values << -2.0, 0.0, -INFINITY;
    Heatmap h = matrix_heatmap(values, "RdBu_r", ColourLimits::Symmetric);
    const Theme& theme = find_theme("light");
    EXPECT_EQ(heatmap_colour(h, theme, -2.0), colormap_lookup("RdBu_r", 0.0));
    EXPECT_EQ(heatmap_colour(h, theme, 0.0), colormap_lookup("RdBu_r", 0.5));  // white at 0
    EXPECT_EQ(heatmap_colour(h, theme, -INFINITY), theme.masked);
    h.limits = ColourLimits::Fixed;
    h.vmin = 0.0;
    h.vmax = 4.0;
    EXPECT_EQ(heatmap_colour(h, theme, 1.0), colormap_lookup("RdBu_r", 0.25));
    EXPECT_EQ(heatmap_colour(h, theme, 9.0), colormap_lookup("RdBu_r", 1.0));  // clamped
}

// Under a grey colormap the theme's grey would read as a value: a masked cell on screen takes a
// colour far from every colour of the map (as exports do, core/figure/colormap.h).
TEST(GuiPlotTransform, MaskedCellsStandApartFromAGreyMap) {
    Matrix values(1, 2);
    values << 0.0, NAN;
    for (const char* name : {"gray", "Greys"}) {
        const Heatmap h = matrix_heatmap(values, name, ColourLimits::Data);
        for (const char* theme_name : {"light", "dark"}) {
            const Rgb masked = heatmap_colour(h, find_theme(theme_name), NAN);
            const std::vector<uint8_t> rgba = heatmap_rgba(h, find_theme(theme_name));
            EXPECT_EQ(rgba[4], uint8_t(std::lround(masked.r * 255))) << name;
            for (int i = 0; i <= 256; ++i) {
                const Rgb c = colormap_lookup(name, i / 256.0);
                EXPECT_GT(std::abs(c.r - masked.r) + std::abs(c.g - masked.g) +
                              std::abs(c.b - masked.b),
                          0.15)
                    << name << " " << theme_name << " at " << i / 256.0;
            }
        }
    }
}

TEST(GuiPlotTransform, HeatmapPixelsAreRowMajorRgba) {
    Matrix values(2, 2);
    values << 0.0, 1.0, NAN, 0.5;
    const Heatmap h = matrix_heatmap(values, "viridis", ColourLimits::Data);
    const Theme& theme = find_theme("dark");
    const std::vector<uint8_t> rgba = heatmap_rgba(h, theme);
    ASSERT_EQ(rgba.size(), 16u);
    auto pixel_is = [&](int index, Rgb c) {
        const uint8_t* p = &rgba[size_t(index) * 4];
        EXPECT_EQ(p[0], uint8_t(std::lround(c.r * 255))) << "pixel " << index;
        EXPECT_EQ(p[1], uint8_t(std::lround(c.g * 255))) << "pixel " << index;
        EXPECT_EQ(p[2], uint8_t(std::lround(c.b * 255))) << "pixel " << index;
        EXPECT_EQ(p[3], 255) << "pixel " << index;
    };
    pixel_is(0, colormap_lookup("viridis", 0.0));  // row 0, col 0: the minimum
    pixel_is(1, colormap_lookup("viridis", 1.0));  // row 0, col 1: the maximum
    pixel_is(2, theme.masked);                     // row 1, col 0: NaN
    pixel_is(3, colormap_lookup("viridis", 0.5));
}

// A log scale over [10⁻⁴, 1]: 10⁻² sits halfway (log positions, by hand), 10⁻⁶ and 0 at the
// bottom; the table the GUI colours through gives the same colours as the colormap there (viridis
// is listed, 256 entries: positions 0, 0.5 and 1 are entries 0, 128 and 255 both ways).
TEST(GuiPlotTransform, LogNormColoursByDecades) {
    Matrix values(1, 5);
    values << 1e-4, 1e-2, 1.0, 1e-6, 0.0;
    Heatmap h = matrix_heatmap(values, "viridis", ColourLimits::Fixed);
    h.vmin = 0.0;  // a log scale from 0 shows the four decades below the top
    h.vmax = 1.0;
    h.norm = {NormKind::Log, 1.0};
    const Theme& theme = find_theme("light");
    EXPECT_EQ(heatmap_colour(h, theme, 1e-2), colormap_lookup("viridis", 0.5));
    const std::vector<uint8_t> rgba = heatmap_rgba(h, theme);
    const double expected_t[] = {0.0, 0.5, 1.0, 0.0, 0.0};
    for (int i = 0; i < 5; ++i) {
        const Rgb c = colormap_lookup("viridis", expected_t[i]);
        EXPECT_EQ(rgba[size_t(i) * 4], uint8_t(std::lround(c.r * 255))) << "cell " << i;
        EXPECT_EQ(rgba[size_t(i) * 4 + 1], uint8_t(std::lround(c.g * 255))) << "cell " << i;
    }
}

// Compared maps of one size zoom and hover together (the difference map with them); a curve
// panel beside them keeps its own zoom.
TEST(GuiPlotTransform, ComparedMapsOfOneSizeAreLinked) {
    Scene s;
    s.figure = "scores";
    s.seq_len = 16;
    s.dim = 8;
    s.compare = {"rope", "alibi"};
    FigureOptions difference;
    difference.difference = true;
    EXPECT_EQ(linked_panel_leaders(build_figure(s, difference)), (std::vector<int>{0, 0, 0}));
    s.figure = "bias";
    s.compare = {"alibi", "kerple"};
    EXPECT_EQ(linked_panel_leaders(build_figure(s, {})), (std::vector<int>{0, 0, 2}));
}

}  // namespace
}  // namespace posviz::gui
