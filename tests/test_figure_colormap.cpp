// Colormaps against their published endpoint colours (the hex codes matplotlib's documentation
// and the viridis/cividis papers list), and the diverging map's ColorBrewer nodes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "core/figure/colormap.h"
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

}  // namespace
}  // namespace posviz
