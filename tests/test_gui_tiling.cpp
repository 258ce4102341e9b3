// Tiling the view windows: every window inside the area, none overlapping, the area covered, and
// cell shapes near the one figures like.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "app/gui/views/tiling.h"

namespace posviz::gui {
namespace {

float covered_area(const std::vector<Tile>& tiles) {
    float sum = 0.0f;
    for (const Tile& t : tiles) sum += t.width * t.height;
    return sum;
}

bool overlap(const Tile& a, const Tile& b) {
    return a.x < b.x + b.width - 0.01f && b.x < a.x + a.width - 0.01f &&
           a.y < b.y + b.height - 0.01f && b.y < a.y + a.height - 0.01f;
}

TEST(GuiTiling, CoversTheAreaWithoutOverlap) {
    const Tile area{100.0f, 50.0f, 1200.0f, 800.0f};
    for (int count = 1; count <= 8; ++count) {
        const std::vector<Tile> tiles = tile_area(count, area);
        ASSERT_EQ(int(tiles.size()), count);
        EXPECT_NEAR(covered_area(tiles), area.width * area.height, 1.0f) << count << " views";
        for (size_t i = 0; i < tiles.size(); ++i) {
            EXPECT_GE(tiles[i].x, area.x - 0.01f);
            EXPECT_GE(tiles[i].y, area.y - 0.01f);
            EXPECT_LE(tiles[i].x + tiles[i].width, area.x + area.width + 0.01f);
            EXPECT_LE(tiles[i].y + tiles[i].height, area.y + area.height + 0.01f);
            for (size_t j = i + 1; j < tiles.size(); ++j)
                EXPECT_FALSE(overlap(tiles[i], tiles[j])) << count << " views: " << i << ", " << j;
        }
    }
}

TEST(GuiTiling, ChoosesShapesNearTheFiguresAspect) {
    // Two views on a wide screen sit side by side only if that keeps them figure-shaped; on a
    // 1600×800 area stacking gives 1600×400 (4:1) and side by side 800×800 (1:1): side by side.
    const std::vector<Tile> wide = tile_area(2, {0.0f, 0.0f, 1600.0f, 800.0f});
    EXPECT_FLOAT_EQ(wide[0].width, 800.0f);
    EXPECT_FLOAT_EQ(wide[1].x, 800.0f);
    // On a tall area they stack.
    const std::vector<Tile> tall = tile_area(2, {0.0f, 0.0f, 1000.0f, 1200.0f});
    EXPECT_FLOAT_EQ(tall[0].width, 1000.0f);
    EXPECT_FLOAT_EQ(tall[1].y, 600.0f);
}

TEST(GuiTiling, LastRowWidensToFillIt) {
    // Three views in two rows on a square area: two on top, the third the full width below.
    const std::vector<Tile> tiles = tile_area(3, {0.0f, 0.0f, 1000.0f, 1000.0f});
    EXPECT_FLOAT_EQ(tiles[2].width, 1000.0f);
    EXPECT_FLOAT_EQ(tiles[0].width, 500.0f);
}

// Five views beside a 374 px Scene column on a 1280 × 680 area would tile 2 × 3, 227 px high;
// with the Scene window as the first cell of a 3 × 2 grid they are 340 px high.
TEST(GuiTiling, TheSceneWindowJoinsTheGridOfManyViews) {
    const Tile area{0.0f, 40.0f, 1280.0f, 680.0f};
    const Desk many = desk_layout(5, area, 374.0f);
    ASSERT_TRUE(many.scene);
    ASSERT_EQ(many.views.size(), 5u);
    EXPECT_FLOAT_EQ(many.scene->x, 0.0f);
    EXPECT_FLOAT_EQ(many.scene->height, 340.0f);
    for (const Tile& t : many.views) EXPECT_FLOAT_EQ(t.height, 340.0f);
    // One or two views keep the full area beside the column.
    for (int count : {1, 2}) {
        const Desk few = desk_layout(count, area, 374.0f);
        ASSERT_TRUE(few.scene);
        EXPECT_FLOAT_EQ(few.scene->height, 680.0f) << count;
        EXPECT_FLOAT_EQ(few.views[0].x, 374.0f) << count;
    }
    // Without the Scene window the views share the area.
    const Desk hidden = desk_layout(5, area, 0.0f);
    EXPECT_FALSE(hidden.scene);
    EXPECT_EQ(hidden.views.size(), 5u);
}

TEST(GuiTiling, NoViewsNoTiles) {
    EXPECT_TRUE(tile_area(0, {0.0f, 0.0f, 10.0f, 10.0f}).empty());
}

// Views that would be squeezed under `readable` share a tile as tabs: three views and the Scene
// window on a 1280 × 680 area tile 2 × 2, cells of 640 × 340 (a 340 px figure at 1.6 : 1);
// asking for 400 px, two tiles beside the Scene column would be 906 × 340 (340 px again), so one
// tile of 906 × 680 takes all three. Each view keeps its own tile in order, the rest share the
// last.
TEST(GuiTiling, ViewsThatWouldBeSqueezedShareATileAsTabs) {
    const Tile area{0.0f, 40.0f, 1280.0f, 680.0f};
    const Desk roomy = desk_layout(3, area, 374.0f);
    ASSERT_EQ(roomy.views.size(), 3u);
    EXPECT_EQ(roomy.tile_of_view, (std::vector<int>{0, 1, 2}));
    // Every tile keeps at least the readable figure, or only one tile is left.
    for (float readable : {200.0f, 340.0f, 400.0f, 10000.0f}) {
        const Desk desk = desk_layout(3, area, 374.0f, readable);
        ASSERT_EQ(desk.tile_of_view.size(), 3u) << readable;
        const int tiles = int(desk.views.size());
        for (const Tile& t : desk.views)
            if (tiles > 1) {
                EXPECT_GE(std::min(t.width / 1.6f, t.height), readable) << readable;
            }
        for (int i = 0; i < 3; ++i) EXPECT_EQ(desk.tile_of_view[size_t(i)], std::min(i, tiles - 1));
    }
    EXPECT_EQ(desk_layout(3, area, 374.0f, 340.0f).views.size(), 3u);
    const Desk one = desk_layout(3, area, 374.0f, 400.0f);
    ASSERT_EQ(one.views.size(), 1u);
    EXPECT_FLOAT_EQ(one.views[0].width, 906.0f);
    EXPECT_FLOAT_EQ(one.views[0].height, 680.0f);
    // The caller's limit (a figure of many panels came out small): two tiles, the last two
    // views sharing the second.
    const Desk limited = desk_layout(3, area, 374.0f, 0.0f, 2);
    EXPECT_EQ(limited.views.size(), 2u);
    EXPECT_EQ(limited.tile_of_view, (std::vector<int>{0, 1, 1}));
}

}  // namespace
}  // namespace posviz::gui
