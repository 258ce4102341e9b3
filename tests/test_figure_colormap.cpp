// Colormaps against their published endpoint colours (the hex codes matplotlib's documentation
// and the viridis/cividis papers list), the diverging and the grey/blue maps' ColorBrewer nodes,
// and the masked cells' colour.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "core/figure/colormap.h"
#include "core/figure/theme.h"
#include "core/input_error.h"

namespace posviz {
namespace {

std::string hex(Rgb c) {
    char s[8];
    std::snprintf(s, sizeof s, "#%02x%02x%02x", int(std::lround(c.r * 255)),
                  int(std::lround(c.g * 255)), int(std::lround(c.b * 255)));
    return s;
}

TEST(FigureColormap, SequentialEndpointsArePublishedColours) {
    EXPECT_EQ(hex(colormap_lookup("viridis", 0.0)), "#440154");
    EXPECT_EQ(hex(colormap_lookup("viridis", 0.5)), "#21918c");
    EXPECT_EQ(hex(colormap_lookup("viridis", 1.0)), "#fde725");
    EXPECT_EQ(hex(colormap_lookup("magma", 0.0)), "#000004");
    EXPECT_EQ(hex(colormap_lookup("magma", 1.0)), "#fcfdbf");
    EXPECT_EQ(hex(colormap_lookup("cividis", 0.0)), "#00224e");
    EXPECT_EQ(hex(colormap_lookup("cividis", 1.0)), "#fee838");
}

TEST(FigureColormap, DivergingIsBlueWhiteRedAroundTheCentre) {
    EXPECT_EQ(hex(colormap_lookup("RdBu_r", 0.0)), "#053061");
    EXPECT_EQ(hex(colormap_lookup("RdBu_r", 0.5)), "#f7f7f7");
    EXPECT_EQ(hex(colormap_lookup("RdBu_r", 1.0)), "#67001f");
    // Halfway between the nodes #f7f7f7 (0.5) and #fddbc7 (0.6): the average of the two.
    const Rgb mid = colormap_lookup("RdBu_r", 0.55);
    EXPECT_NEAR(mid.r * 255, (0xf7 + 0xfd) / 2.0, 1e-9);
    EXPECT_NEAR(mid.g * 255, (0xf7 + 0xdb) / 2.0, 1e-9);
    EXPECT_NEAR(mid.b * 255, (0xf7 + 0xc7) / 2.0, 1e-9);
    EXPECT_TRUE(find_colormap("RdBu_r").diverging);
    EXPECT_FALSE(find_colormap("viridis").diverging);
}

TEST(FigureColormap, OutOfRangeClampsToTheEnds) {
    EXPECT_EQ(colormap_lookup("viridis", -3.0), colormap_lookup("viridis", 0.0));
    EXPECT_EQ(colormap_lookup("viridis", 7.0), colormap_lookup("viridis", 1.0));
}

TEST(FigureColormap, ListedLookupPicksFloorOfT256LikeMatplotlib) {
    // Entry 1 of viridis is [0.268510, 0.009605, 0.335427]: t in [1/256, 2/256) selects it.
    const Rgb c = colormap_lookup("viridis", 1.5 / 256.0);
    EXPECT_DOUBLE_EQ(c.r, 0.268510);
    EXPECT_DOUBLE_EQ(c.g, 0.009605);
    EXPECT_DOUBLE_EQ(c.b, 0.335427);
}

TEST(FigureColormap, UnknownNameIsAnInputErrorNamingTheOption) {
    try {
        colormap_lookup("jet", 0.5);
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(e.option, "--colormap");
        const std::string what = e.what();
        EXPECT_NE(what.find("jet"), std::string::npos);
        EXPECT_NE(what.find("viridis"), std::string::npos);
        EXPECT_NE(what.find("RdBu_r"), std::string::npos);
    }
}

// matplotlib's _cm.py: gray runs from black to white; Greys and Blues are ColorBrewer's 9-class
// sequential schemes (colorbrewer2.org: Greys #ffffff … #000000, Blues #f7fbff … #08306b), their
// nine colours evenly spaced on [0, 1] and interpolated linearly (LinearSegmentedColormap).
TEST(FigureColormap, GrayGreysAndBluesAreMatplotlibsDefinitions) {
    EXPECT_EQ(hex(colormap_lookup("gray", 0.0)), "#000000");
    EXPECT_EQ(hex(colormap_lookup("gray", 1.0)), "#ffffff");
    const Rgb quarter = colormap_lookup("gray", 0.25);
    EXPECT_NEAR(quarter.r, 0.25, 1e-12);
    EXPECT_EQ(quarter.r, quarter.g);
    EXPECT_EQ(quarter.g, quarter.b);
    EXPECT_EQ(hex(colormap_lookup("Greys", 0.0)), "#ffffff");
    EXPECT_EQ(hex(colormap_lookup("Greys", 0.375)), "#bdbdbd");  // node 3 of 0 … 8
    EXPECT_EQ(hex(colormap_lookup("Greys", 1.0)), "#000000");
    EXPECT_EQ(hex(colormap_lookup("Blues", 0.0)), "#f7fbff");
    EXPECT_EQ(hex(colormap_lookup("Blues", 0.5)), "#6baed6");  // node 4
    EXPECT_EQ(hex(colormap_lookup("Blues", 1.0)), "#08306b");
    // Halfway between nodes 0 (#f7fbff) and 1 (#deebf7), at t = 1/16.
    const Rgb between = colormap_lookup("Blues", 1.0 / 16.0);
    EXPECT_NEAR(between.r * 255, (0xf7 + 0xde) / 2.0, 1e-9);
    EXPECT_NEAR(between.g * 255, (0xfb + 0xeb) / 2.0, 1e-9);
    EXPECT_NEAR(between.b * 255, (0xff + 0xf7) / 2.0, 1e-9);
    // Sequential maps darken monotonically (Greys, Blues) or lighten (gray).
    for (int i = 0; i < 64; ++i) {
        const double t0 = i / 64.0, t1 = (i + 1) / 64.0;
        auto luma = [](Rgb c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; };
        EXPECT_LT(luma(colormap_lookup("gray", t0)), luma(colormap_lookup("gray", t1)));
        EXPECT_GT(luma(colormap_lookup("Greys", t0)), luma(colormap_lookup("Greys", t1)));
        EXPECT_GT(luma(colormap_lookup("Blues", t0)), luma(colormap_lookup("Blues", t1)));
    }
}

// A masked cell (NaN, ±inf: the causal mask) never reads as a value: its colour lies at least
// 0.15 (sRGB distance) from every colour of the map, on both themes — the theme's grey where the
// map holds nothing near it, another hue under gray and Greys, whose middle is that grey.
TEST(FigureColormap, TheMaskedColourIsNoColourOfTheMap) {
    for (const char* theme_name : {"light", "dark"}) {
        const Theme& theme = find_theme(theme_name);
        for (const std::string& name : colormap_names()) {
            const Colormap& map = find_colormap(name);
            const Rgb masked = masked_colour(theme, map);
            for (int i = 0; i <= 1000; ++i) {
                const Rgb c = map.at(i / 1000.0);
                EXPECT_GE(std::hypot(c.r - masked.r, c.g - masked.g, c.b - masked.b), 0.15)
                    << theme_name << " " << name << " at " << i / 1000.0;
            }
        }
        EXPECT_EQ(masked_colour(theme, find_colormap("viridis")), theme.masked);
        EXPECT_NE(masked_colour(theme, find_colormap("Greys")), theme.masked);
    }
}

}  // namespace
}  // namespace posviz
