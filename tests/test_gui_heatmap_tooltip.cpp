// What hovering a heatmap cell names (issue 23, minor defect 5): a token axis gives the word, not
// "query token = 0"; linked maps are named by their titles' first line and their colour bar's
// label, so a title's note ("largest: 0.14") never reads as the value's label.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/gui/plot/plot_widget.h"

namespace posviz::gui {
namespace {

// A 3 × 3 map over the tokens "dog bites man", as the permutation view draws them.
Panel token_map(const std::string& title, const std::string& value_label, double scale) {
    Panel panel;
    panel.title = title;
    panel.y.label = "query token";
    panel.x.label = "key token";
    for (Axis* axis : {&panel.x, &panel.y}) {
        axis->ticks = {0.0, 1.0, 2.0};
        axis->tick_labels = {"dog", "bites", "man"};
    }
    Heatmap map;
    map.values = Matrix(3, 3);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) map.values(r, c) = scale * double(10 * r + c);
    map.x1 = map.y1 = 2.5;
    map.colorbar_label = value_label;
    panel.heatmap = map;
    return panel;
}

TEST(HeatmapTooltip, TokenAxesGiveTheWord) {
    const Panel panel = token_map("attention", "attention probability", 1.0);
    const std::string text = heatmap_cell_text(panel, Cell{0, 2}, {&panel});
    EXPECT_NE(text.find("query token = dog (0)"), std::string::npos) << text;
    EXPECT_NE(text.find("key token = man (2)"), std::string::npos) << text;
    EXPECT_NE(text.find("attention probability = 2"), std::string::npos) << text;
}

TEST(HeatmapTooltip, LinkedMapsAreNamedByTitleAndColourBarLabel) {
    const Panel a = token_map("no PE: attention(dog bites man)", "attention probability", 1.0);
    const Panel b =
        token_map("attention(PX) − P·attention(X)·Pᵀ\nlargest: 0.14", "difference", 0.5);
    const std::string text = heatmap_cell_text(b, Cell{1, 1}, {&a, &b});
    // Cell (1, 1) holds 11 in a and 5.5 in b.
    EXPECT_NE(text.find("   no PE: attention(dog bites man): attention probability = 11"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("▸ attention(PX) − P·attention(X)·Pᵀ: difference = 5.5"), std::string::npos)
        << text;
    EXPECT_EQ(text.find("largest"), std::string::npos) << text;
}

}  // namespace
}  // namespace posviz::gui
