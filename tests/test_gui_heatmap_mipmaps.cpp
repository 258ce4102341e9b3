// app/gui/plot/heatmap_mipmaps.h: the levels' sizes as OpenGL's, each texel the rounded mean of
// the texels it covers, odd sides averaged in rather than dropped.
#include <gtest/gtest.h>

#include <vector>

#include "app/gui/plot/heatmap_mipmaps.h"

namespace posviz::gui {
namespace {

// A picture whose channel c of texel (x, y) is `value(x, y) + c`.
std::vector<uint8_t> picture(int width, int height, int (*value)(int, int)) {
    std::vector<uint8_t> rgba;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (int c = 0; c < 4; ++c) rgba.push_back(uint8_t(value(x, y) + c));
    return rgba;
}

TEST(HeatmapMipmaps, EvenSidesHalveIntoMeansOfFour) {
    // 4×4 with value 10·x + y: level 1 texel (0, 0) is the mean of 0, 1, 10, 11 = 5.5 → 6 (half
    // up); (1, 1) of 22, 23, 32, 33 = 27.5 → 28; level 2 (1×1) is the mean of 6, 26, 8, 28 = 17.
    const std::vector<MipLevel> levels =
        rgba_mip_levels(picture(4, 4, [](int x, int y) { return 10 * x + y; }), 4, 4);
    ASSERT_EQ(levels.size(), 2u);
    EXPECT_EQ(levels[0].width, 2);
    EXPECT_EQ(levels[0].height, 2);
    EXPECT_EQ(levels[0].rgba[0], 6);
    EXPECT_EQ(levels[0].rgba[1], 7);  // channel 1 is one more everywhere
    EXPECT_EQ(levels[0].rgba[(1 * 2 + 1) * 4], 28);
    EXPECT_EQ(levels[0].rgba[(0 * 2 + 1) * 4], 26);  // (1, 0): 20, 21, 30, 31
    EXPECT_EQ(levels[0].rgba[(1 * 2 + 0) * 4], 8);   // (0, 1): 2, 3, 12, 13
    EXPECT_EQ(levels[1].width, 1);
    EXPECT_EQ(levels[1].rgba[0], 17);
}

TEST(HeatmapMipmaps, OddSidesKeepTheirLastRowAndColumn) {
    // 5×3 → 2×1 → 1×1 (OpenGL's sizes). Level 1 texel 1 covers columns 2, 3, 4 and rows 0, 1, 2:
    // with value 40 only in column 4 it is 40·3/9 = 13.3 → 13 — a dropped column would give 0.
    const std::vector<MipLevel> levels =
        rgba_mip_levels(picture(5, 3, [](int x, int) { return x == 4 ? 40 : 0; }), 5, 3);
    ASSERT_EQ(levels.size(), 2u);
    EXPECT_EQ(levels[0].width, 2);
    EXPECT_EQ(levels[0].height, 1);
    EXPECT_EQ(levels[0].rgba[0], 0);
    EXPECT_EQ(levels[0].rgba[4], 13);
    EXPECT_EQ(levels[1].width, 1);
    EXPECT_EQ(levels[1].height, 1);
    EXPECT_EQ(levels[1].rgba[0], 7);  // (0 + 13) / 2 = 6.5 → 7
    // A single texel has no smaller level.
    EXPECT_TRUE(rgba_mip_levels(picture(1, 1, [](int, int) { return 0; }), 1, 1).empty());
}

}  // namespace
}  // namespace posviz::gui
