// Long lines reduced to what the plot's pixel columns show: compared with a plain per-column
// envelope computed here, point by point.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

#include "app/gui/plot/polyline_decimation.h"

namespace posviz::gui {
namespace {

std::vector<PixelPoint> decimate(const std::vector<PixelPoint>& points, float x_min, float x_max) {
    PolylineDecimator decimator(x_min, x_max);
    for (const PixelPoint& p : points) decimator.add(p);
    return decimator.finish();
}

// The lowest and highest y per pixel column inside [x_min, x_max], over all points.
std::map<int, std::pair<float, float>> envelope(const std::vector<PixelPoint>& points, float x_min,
                                                float x_max) {
    std::map<int, std::pair<float, float>> columns;
    for (const PixelPoint& p : points) {
        if (p.x < x_min || p.x >= x_max) continue;
        const int c = int(std::floor(p.x));
        auto [it, fresh] = columns.try_emplace(c, p.y, p.y);
        it->second.first = std::min(it->second.first, p.y);
        it->second.second = std::max(it->second.second, p.y);
    }
    return columns;
}

// Every kept point is one of the line's, in the line's order.
bool is_subsequence(const std::vector<PixelPoint>& kept, const std::vector<PixelPoint>& line) {
    size_t at = 0;
    for (const PixelPoint& k : kept) {
        while (at < line.size() && !(line[at].x == k.x && line[at].y == k.y)) ++at;
        if (at == line.size()) return false;
        ++at;
    }
    return true;
}

// n points across [x0, x1) at equal steps, y a random walk: every column a jagged run.
std::vector<PixelPoint> random_walk(int n, float x0, float x1, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> step(0.0f, 3.0f);
    std::vector<PixelPoint> points;
    float y = 300.0f;
    for (int i = 0; i < n; ++i) {
        y += step(rng);
        points.push_back({x0 + (x1 - x0) * float(i) / float(n), y});
    }
    return points;
}

TEST(GuiPolylineDecimation, AMillionPointsKeepTheirColumnEnvelopeInFourPerColumn) {
    const float x_min = 100.5f, x_max = 900.5f;  // an 800-pixel box
    const std::vector<PixelPoint> line = random_walk(1000000, x_min, x_max, 1);
    const std::vector<PixelPoint> kept = decimate(line, x_min, x_max);
    EXPECT_LE(kept.size(), size_t(4 * (800 + 3)));
    EXPECT_GE(kept.size(), size_t(2 * 800));  // every column has a low and a high point
    EXPECT_EQ(envelope(kept, x_min, x_max), envelope(line, x_min, x_max));
    EXPECT_TRUE(is_subsequence(kept, line));
    EXPECT_EQ(kept.front().x, line.front().x);
    EXPECT_EQ(kept.back().y, line.back().y);
}

TEST(GuiPolylineDecimation, ShortLinesPassUnchanged) {
    // Fewer points than columns, and runs of up to four points in one column.
    for (int n : {1, 2, 5, 300, 3200}) {
        const std::vector<PixelPoint> line = random_walk(n, 0.0f, 800.0f, unsigned(n));
        const std::vector<PixelPoint> kept = decimate(line, 0.0f, 800.0f);
        ASSERT_EQ(kept.size(), line.size()) << n;
        for (size_t i = 0; i < line.size(); ++i) {
            EXPECT_EQ(kept[i].x, line[i].x) << n << " " << i;
            EXPECT_EQ(kept[i].y, line[i].y) << n << " " << i;
        }
    }
}

TEST(GuiPolylineDecimation, AnyPathKeepsItsEnvelopeAndEnds) {
    // Not monotone in x: a helix-like path crossing the same columns many times (PCA of a long
    // table), and a zoomed-in line most of which lies outside the box.
    std::vector<PixelPoint> spiral;
    for (int i = 0; i < 200000; ++i) {
        const float t = float(i) * 0.001f;
        spiral.push_back(
            {400.0f + (100.0f + 0.001f * float(i)) * std::cos(t), 300.0f + 150.0f * std::sin(t)});
    }
    const std::vector<PixelPoint> kept_spiral = decimate(spiral, 0.0f, 800.0f);
    // At most four points per crossing of a column: its 32 turns cross ~40000 columns, at 0.1 to
    // 0.3 pixels a point.
    EXPECT_LT(kept_spiral.size(), spiral.size() / 2);
    EXPECT_EQ(envelope(kept_spiral, 0.0f, 800.0f), envelope(spiral, 0.0f, 800.0f));
    EXPECT_TRUE(is_subsequence(kept_spiral, spiral));

    const std::vector<PixelPoint> wide = random_walk(500000, -100000.0f, 100000.0f, 2);
    const std::vector<PixelPoint> kept_wide = decimate(wide, 0.0f, 800.0f);
    // 800 columns of 2.5 points in the box, one column each side of it for the rest.
    EXPECT_LE(kept_wide.size(), size_t(2000 + 4 * 3));
    EXPECT_EQ(envelope(kept_wide, 0.0f, 800.0f), envelope(wide, 0.0f, 800.0f));
    EXPECT_EQ(kept_wide.front().x, wide.front().x);
    EXPECT_EQ(kept_wide.back().x, wide.back().x);
}

TEST(GuiPolylineDecimation, FinishStartsAfresh) {
    PolylineDecimator decimator(0.0f, 100.0f);
    decimator.add({1.0f, 1.0f});
    decimator.add({2.0f, 2.0f});
    EXPECT_EQ(decimator.finish().size(), 2u);
    decimator.add({3.0f, 3.0f});
    const std::vector<PixelPoint> second = decimator.finish();
    ASSERT_EQ(second.size(), 1u);
    EXPECT_EQ(second[0].x, 3.0f);
}

}  // namespace
}  // namespace posviz::gui
