// The cells a figure's panels are laid out in (app/gui/plot/panel_grid.h): a short last row keeps
// the others' cell width, or with wide_last_row shares the whole width (RoPE's qₘ·k₀ curve under
// its three circles).
#include <gtest/gtest.h>

#include "app/gui/plot/panel_grid.h"

namespace posviz::gui {
namespace {

TEST(GuiPanelGrid, AShortLastRowKeepsTheColumnsOrSharesTheWidth) {
    const ImRect area(ImVec2(10.0f, 20.0f), ImVec2(910.0f, 620.0f));  // 900 × 600
    for (const bool wide : {false, true}) {
        const std::vector<ImRect> cells = grid_cells(area, {2, 3, wide}, 5);
        ASSERT_EQ(cells.size(), 5u);
        for (int i = 0; i < 3; ++i) {
            EXPECT_FLOAT_EQ(cells[size_t(i)].Min.x, 10.0f + 300.0f * float(i));
            EXPECT_FLOAT_EQ(cells[size_t(i)].GetWidth(), 300.0f);
            EXPECT_FLOAT_EQ(cells[size_t(i)].Min.y, 20.0f);
            EXPECT_FLOAT_EQ(cells[size_t(i)].GetHeight(), 300.0f);
        }
        const float last_width = wide ? 450.0f : 300.0f;
        for (int i = 3; i < 5; ++i) {
            EXPECT_FLOAT_EQ(cells[size_t(i)].Min.x, 10.0f + last_width * float(i - 3)) << wide;
            EXPECT_FLOAT_EQ(cells[size_t(i)].GetWidth(), last_width) << wide;
            EXPECT_FLOAT_EQ(cells[size_t(i)].Min.y, 320.0f);
        }
    }
}

TEST(GuiPanelGrid, AFullLastRowIsTheSameEitherWay) {
    const ImRect area(ImVec2(0.0f, 0.0f), ImVec2(800.0f, 400.0f));
    const std::vector<ImRect> plain = grid_cells(area, {2, 2, false}, 4);
    const std::vector<ImRect> wide = grid_cells(area, {2, 2, true}, 4);
    ASSERT_EQ(plain.size(), wide.size());
    for (size_t i = 0; i < plain.size(); ++i) {
        EXPECT_EQ(plain[i].Min.x, wide[i].Min.x);
        EXPECT_EQ(plain[i].Max.x, wide[i].Max.x);
        EXPECT_EQ(plain[i].Min.y, wide[i].Min.y);
    }
}

}  // namespace
}  // namespace posviz::gui
