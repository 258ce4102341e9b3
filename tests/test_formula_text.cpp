// The formulas shown when hovering a cell (core/figures/formula_text.h): the numbers substituted
// into them are checked against values worked out here from the papers' formulas, and the final
// number against the map the figure builder computed for the same cell.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/figure/ticks.h"
#include "core/figures/figures.h"
#include "core/figures/formula_text.h"
#include "core/scene.h"
#include "formula_expectations.h"

namespace posviz {
namespace {

Scene scene_for(const std::string& figure, const std::string& encoding) {
    return testing::formula_scene(figure, encoding);
}
using testing::contains;

TEST(FormulaText, AlibiSlopeAndBiasAtACell) {
    Scene s = scene_for("bias", "alibi");
    s.heads = 8;
    s.head = 0;
    // Head 0 of 8: slope 2^(−8·1/8) = 2⁻¹ = 0.5; b(5, 2) = −0.5·|5 − 2| = −1.5.
    const std::string f = cell_formula(s, {}, 0, 5, 2);
    EXPECT_HAS(f, "2^(−8·1/8) = 2⁻¹ = 0.5");
    EXPECT_HAS(f, "b = −0.5·|5 − 2| = −1.5");
    // Head 2 of 8: 2^(−3) = 0.125; b(2, 9) = −0.125·7 = −0.875.
    s.head = 2;
    EXPECT_HAS(cell_formula(s, {}, 0, 2, 9), "= 2⁻³ = 0.125");
    EXPECT_HAS(cell_formula(s, {}, 0, 2, 9), "= −0.875");
    // H = 16, head 0: 2^(−0.5) = 0.7071…; the all-heads figure's panel 1 is head 1: 2⁻¹.
    s.heads = 16;
    s.head = 0;
    EXPECT_HAS(cell_formula(s, {}, 0, 5, 2), format_number(std::pow(2.0, -0.5), 4));
    FigureOptions all;
    all.all_heads = true;
    EXPECT_HAS(cell_formula(s, all, 1, 5, 2), "2⁻¹ = 0.5");
    // Causal: n > m is masked, and says so.
    s.causal = true;
    EXPECT_HAS(cell_formula(s, {}, 0, 2, 5), "n > m");
    FigureOptions zh;
    zh.lang = "zh";
    EXPECT_HAS(cell_formula(s, zh, 0, 2, 5), "因果掩码");
}

TEST(FormulaText, AlibiLogitAddsTheContentTermAndMatchesTheMap) {
    Scene s = scene_for("scores", "alibi");
    s.compare = {"rope", "alibi"};
    const Figure figure = build_figure(s, {});
    const std::string f = cell_formula(s, {}, 1, 7, 3);
    EXPECT_HAS(f, "b = −0.5·|7 − 3| = −2");
    EXPECT_HAS(f, "= " + format_number(figure.panels[1].heatmap->values(7, 3), 4));
}

TEST(FormulaText, RopePartialSumsOfAllOnesContent) {
    Scene s = scene_for("scores", "rope");
    s.content = "ones";
    // q = k = 1: every pair adds (1 + 1)·cos((m − n)θᵢ) + 0·sin(…), over √D; θᵢ = 10000^(−2i/8).
    const int m = 9, n = 2, D = 8;
    std::vector<double> sums;
    double sum = 0.0;
    for (int i = 0; i < D / 2; ++i) {
        sum += 2.0 * std::cos((m - n) * std::pow(10000.0, -2.0 * i / D)) / std::sqrt(double(D));
        sums.push_back(sum);
    }
    const std::string f = cell_formula(s, {}, 0, m, n);
    EXPECT_HAS(f, "m − n = 7");
    EXPECT_HAS(f, "θ₁ = " + format_number(std::pow(10000.0, -0.25), 4));
    for (double partial : sums) EXPECT_HAS(f, "Σ = " + format_number(partial, 4));
    EXPECT_HAS(f, "qₘ·kₙ/√D = " + format_number(sum, 4));
    // The same number as the figure's map (random content this time).
    s.content = "random";
    const Figure figure = build_figure(s, {});
    EXPECT_HAS(cell_formula(s, {}, 0, m, n),
               "qₘ·kₙ/√D = " + format_number(figure.panels[0].heatmap->values(m, n), 4));
}

TEST(FormulaText, T5BucketsExactAndLogarithmic) {
    Scene s = scene_for("buckets", "t5");
    s.num_buckets = 32;
    s.max_distance = 128;
    s.bidirectional = false;
    // Causal buckets: all 32 for keys at or before the query, exact below 16: d = m − n = 3 is
    // bucket 3.
    std::string f = cell_formula(s, {}, 0, 5, 2);
    EXPECT_HAS(f, "n − m = 2 − 5 = −3");
    EXPECT_HAS(f, "bucket = 3");
    // d = 40 is logarithmic:
    // 16 + ⌊log(40/16)/log(128/16)·16⌋ = 16 + ⌊7.05⌋ = 23.
    const int expected = 16 + int(std::log(40.0 / 16.0) / std::log(128.0 / 16.0) * 16.0);
    EXPECT_EQ(expected, 23);
    f = cell_formula(s, {}, 0, 40, 0);
    EXPECT_HAS(f, "bucket = 23");
    EXPECT_HAS(f, "⌊" + format_number(std::log(40.0 / 16.0) / std::log(8.0) * 16.0, 4) + "⌋");
    // Bidirectional: 16 buckets each way, exact below 8; n − m = +3 lands in 16 + 3.
    s.bidirectional = true;
    EXPECT_HAS(cell_formula(s, {}, 0, 0, 3), "bucket = 19");
    // The bias figure adds β of that bucket.
    s.figure = "bias";
    EXPECT_HAS(cell_formula(s, {}, 0, 0, 3), "β₁₉ = ");
}

TEST(FormulaText, SinusoidalPeCell) {
    Scene s = scene_for("pe", "sinusoidal");
    s.dim = 64;
    // PE(5, 4) = sin(5/10000^(4/64)); PE(5, 5) = cos of the same angle.
    const double angle = 5.0 / std::pow(10000.0, 4.0 / 64.0);
    EXPECT_HAS(cell_formula(s, {}, 0, 5, 4), "= " + format_number(std::sin(angle), 4));
    EXPECT_HAS(cell_formula(s, {}, 0, 5, 4), "sin(" + format_number(angle, 4) + ")");
    EXPECT_HAS(cell_formula(s, {}, 0, 5, 5), "cos(" + format_number(angle, 4) + ")");
    EXPECT_HAS(cell_formula(s, {}, 0, 5, 5), "= " + format_number(std::cos(angle), 4));
}

TEST(FormulaText, NoFormulaWhereACellHasNone) {
    Scene s = scene_for("scores", "rope");
    s.compare = {"rope", "alibi"};
    FigureOptions difference;
    difference.difference = true;
    EXPECT_EQ(cell_formula(s, difference, 2, 3, 1), "");  // the A − B panel
    s.seq_len = 4096;
    s.resolution = 64;  // reduced: a texel is a block of cells
    EXPECT_EQ(cell_formula(s, {}, 0, 3, 1), "");
    EXPECT_EQ(cell_formula(scene_for("curves", "sinusoidal"), {}, 0, 1, 1), "");
}

}  // namespace
}  // namespace posviz
