// app/gui/plot/heatmap_mipmaps.h: the levels' sizes as OpenGL's, each texel the rounded mean of
// the texels it covers, odd sides averaged in rather than dropped.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <utility>
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

// The finest level a drawn size needs: ⌊log2⌋ of the smaller texels-per-pixel ratio, 0 when not
// minified twice or when the size is not known.
TEST(HeatmapMipmaps, TheFinestLevelNeededFollowsTheSizeDrawn) {
    EXPECT_EQ(finest_level_needed(2048, 2048, 600.0f, 600.0f), 1);  // 3.4 texels a pixel
    EXPECT_EQ(finest_level_needed(2048, 2048, 500.0f, 500.0f), 2);  // 4.1
    EXPECT_EQ(finest_level_needed(2048, 2048, 1100.0f, 1100.0f), 0);
    EXPECT_EQ(finest_level_needed(2048, 2048, 4000.0f, 4000.0f), 0);  // zoomed in: magnified
    // A map stretched 2:1 is read at the level of its less minified side.
    EXPECT_EQ(finest_level_needed(2048, 2048, 1000.0f, 250.0f), 1);
    EXPECT_EQ(finest_level_needed(2048, 2048, 0.0f, 0.0f), 0);  // never drawn
    EXPECT_EQ(finest_level_needed(3, 3, 300.0f, 300.0f), 0);
}

// Every level of pictures of even, odd and one-texel sides against the header's rule written out
// simply here: texel (x, y) is the rounded mean of columns [⌊x·W/w⌋, ⌊(x+1)·W/w⌋) and rows
// likewise, channel by channel.
TEST(HeatmapMipmaps, EveryLevelIsTheRoundedMeanOfWhatItCovers) {
    uint32_t state = 12345;
    auto next_byte = [&state] {
        state = state * 1664525u + 1013904223u;
        return uint8_t(state >> 24);
    };
    for (const auto& [w, h] : std::vector<std::pair<int, int>>{
             {8, 8}, {7, 5}, {6, 9}, {33, 34}, {1, 8}, {8, 1}, {2, 3}, {513, 257}}) {
        std::vector<uint8_t> rgba(size_t(w) * size_t(h) * 4);
        for (uint8_t& b : rgba) b = next_byte();
        const std::vector<MipLevel> levels = rgba_mip_levels(rgba, w, h);
        const uint8_t* above = rgba.data();
        int width = w, height = h;
        for (const MipLevel& level : levels) {
            ASSERT_EQ(level.width, std::max(1, width / 2));
            ASSERT_EQ(level.height, std::max(1, height / 2));
            for (int y = 0; y < level.height; ++y)
                for (int x = 0; x < level.width; ++x) {
                    const int x0 = x * width / level.width, x1 = (x + 1) * width / level.width;
                    const int y0 = y * height / level.height, y1 = (y + 1) * height / level.height;
                    for (int c = 0; c < 4; ++c) {
                        unsigned sum = 0;
                        for (int sy = y0; sy < y1; ++sy)
                            for (int sx = x0; sx < x1; ++sx)
                                sum += above[(size_t(sy) * size_t(width) + size_t(sx)) * 4 +
                                             size_t(c)];
                        const unsigned count = unsigned((x1 - x0) * (y1 - y0));
                        ASSERT_EQ(level.rgba[(size_t(y) * size_t(level.width) + size_t(x)) * 4 +
                                             size_t(c)],
                                  (sum + count / 2) / count)
                            << w << "×" << h << " level " << level.width << "×" << level.height
                            << " texel " << x << ", " << y << " channel " << c;
                    }
                }
            above = level.rgba.data();
            width = level.width;
            height = level.height;
        }
    }
}

}  // namespace
}  // namespace posviz::gui
