// The hover formulas of the learned-shape biases, KERPLE and FIRE (core/figures/formula_text.h,
// curve_formula.h): the numbers substituted into them are worked out here from the papers'
// formulas — FIRE's MLP as a matrix product over the seeded weights — and the final number is
// checked against the map and the curve the bias figure drew.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/figure/ticks.h"
#include "core/figures/curve_formula.h"
#include "core/figures/figures.h"
#include "core/figures/formula_text.h"
#include "core/scene.h"
#include "formula_expectations.h"

namespace posviz {
namespace {

using testing::contains;

std::string four(double v) {
    return format_number(v, 4);
}

double map_value(const Scene& s, int m, int n) {
    return build_figure(s, {}).panels[0].heatmap->values(m, n);
}

TEST(FormulaKernels, KerpleLogAndPowerKernels) {
    Scene s = testing::formula_scene("bias", "kerple");
    s.kerple_r1 = 2.0;
    s.kerple_r2 = 0.5;
    // Chi et al. 2022, eq. 7: b = −r₁·log(1 + r₂·|m − n|) = −2·log(1 + 0.5·6) = −2·log 4.
    const std::string log = cell_formula(s, {}, 0, 9, 3);
    EXPECT_HAS(log, "b = −2·log(1 + 0.5·6) = " + four(-2.0 * std::log(4.0)));
    EXPECT_NEAR(map_value(s, 9, 3), -2.0 * std::log(4.0), 1e-12);
    // Eq. 8: b = −r₁·|m − n|^r₂ = −2·√6.
    s.kerple_kind = "power";
    EXPECT_HAS(cell_formula(s, {}, 0, 9, 3), "b = −2·6^0.5 = " + four(-2.0 * std::sqrt(6.0)));
    EXPECT_NEAR(map_value(s, 9, 3), -2.0 * std::sqrt(6.0), 1e-12);
}

// Li et al. 2024, eq. 3–4, with posviz's c = 1 and L_thr = 512: b(m, n) = f(ψ(|m − n|)/ψ(max(512,
// m))), ψ(x) = log(x + 1), f(x) = w₂·ReLU(w₁x + b₁) + b₂ on the scene's seeded weights.
struct FireExpectation {
    double psi_distance, psi_normaliser, input, output;
    int active;
};

FireExpectation fire_expectation(const Scene& s, int m, int n) {
    const FireBias fire = std::get<FireBias>(make_encoding(s, "fire"));
    FireExpectation e;
    e.psi_distance = std::log(std::abs(m - n) + 1.0);
    e.psi_normaliser = std::log(std::max(512.0, double(m)) + 1.0);
    e.input = e.psi_distance / e.psi_normaliser;
    const Vector hidden = (fire.w1.col(0) * e.input + fire.b1).cwiseMax(0.0);
    e.output = fire.w2.row(0).dot(hidden) + fire.b2;
    e.active = int((hidden.array() > 0.0).count());
    return e;
}

TEST(FormulaKernels, FireNormalisedLogDistanceThroughTheMlp) {
    Scene s = testing::formula_scene("bias", "fire");
    const FireExpectation e = fire_expectation(s, 7, 3);
    const std::string f = cell_formula(s, {}, 0, 7, 3);
    EXPECT_HAS(f, "m = 7, n = 3, c = 1, L_thr = 512");
    EXPECT_HAS(f, "ψ(|m − n|) = log(1·4 + 1) = " + four(e.psi_distance));
    EXPECT_HAS(f, "ψ(max(512, 7)) = log(1·512 + 1) = " + four(e.psi_normaliser));
    EXPECT_HAS(
        f, "x = " + four(e.psi_distance) + "/" + four(e.psi_normaliser) + " = " + four(e.input));
    EXPECT_HAS(f, std::to_string(e.active) + " of 32 hidden units active");
    EXPECT_HAS(f, "b = f_θ(" + four(e.input) + ") = " + four(e.output));
    EXPECT_NEAR(map_value(s, 7, 3), e.output, 1e-12);
    // Past L_thr the query's own position normalises: ψ(max(512, 599)) = log 600.
    s.seq_len = 600;
    const FireExpectation late = fire_expectation(s, 599, 20);
    const std::string g = cell_formula(s, {}, 0, 599, 20);
    EXPECT_HAS(g, "ψ(max(512, 599)) = log(1·599 + 1) = " + four(late.psi_normaliser));
    EXPECT_HAS(g, "= " + four(late.output));
    FigureOptions zh;
    zh.lang = "zh";
    EXPECT_HAS(cell_formula(s, zh, 0, 599, 20), "归一化输入 x = ");
}

TEST(FormulaKernels, FireCausalCellsAndTheCurve) {
    Scene s = testing::formula_scene("bias", "fire");
    s.causal = true;
    EXPECT_HAS(cell_formula(s, {}, 0, 2, 9), "masked");
    // Compared with KERPLE, FIRE's curve is line 1 of panel 2; r = 5 is read at m = 47, n = 42.
    s.causal = false;
    s.compare = {"kerple", "fire"};
    const FireExpectation e = fire_expectation(s, 47, 42);
    const Figure figure = build_figure(s, {});
    const LineSeries& curve = figure.panels[2].lines[1];
    const size_t at = size_t(47 + 5);  // x runs from −47
    ASSERT_EQ(curve.x[at], 5.0);
    EXPECT_NEAR(curve.y[at], e.output, 1e-12);
    const std::string f = curve_formula(s, {}, 2, 1, 5.0);
    EXPECT_HAS(f, "read at m = 47, n = 42");
    EXPECT_HAS(f, "b = f_θ(" + four(e.input) + ") = " + four(e.output));
}

}  // namespace
}  // namespace posviz
