// The similarity figure's two rows are drawn where they exist (issue 23, minor defect 7): with a
// learned table of max_len = 64 rows and L = 1526, the second row is i = 32, the middle of the
// rows that have an encoding, not i = 763, which is all missing and named a line not drawn.
#include <gtest/gtest.h>

#include <cmath>

#include "core/figures/builders.h"

namespace posviz {
namespace {

TEST(SimilarityRows, TheSecondRowHasAnEncoding) {
    Scene scene;
    scene.encoding = "learned";
    scene.seq_len = 1526;
    scene.max_len = 64;
    scene.dim = 16;
    const Figure figure = similarity_figure(scene, FigureOptions{});
    const Panel& rows = figure.panels.at(1);
    ASSERT_GE(rows.lines.size(), 2u);
    EXPECT_EQ(rows.lines[0].label, "i = 0");
    EXPECT_EQ(rows.lines[1].label, "i = 32");
    for (const LineSeries& line : {rows.lines[0], rows.lines[1]}) {  // then the max_len mark
        int finite = 0;
        for (double v : line.y) finite += std::isfinite(v) ? 1 : 0;
        EXPECT_EQ(finite, 64) << line.label;  // positions j past max_len have no encoding
    }
}

}  // namespace
}  // namespace posviz
