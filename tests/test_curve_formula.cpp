// The formulas shown when hovering a curve (core/figures/curve_formula.h): the numbers
// substituted into them are checked against values worked out here from the papers' formulas,
// and the final number against the curve the figure builder drew at the same point.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <string>

#include "core/figure/ticks.h"
#include "core/figures/curve_formula.h"
#include "core/figures/figures.h"
#include "core/scene.h"
#include "formula_expectations.h"

namespace posviz {
namespace {

Scene scene_for(const std::string& figure, const std::string& encoding) {
    return testing::formula_scene(figure, encoding);
}
using testing::contains;

std::string four(double v) {
    return format_number(v, 4);
}

TEST(CurveFormula, SinusoidalWaveAtAPosition) {
    Scene s = scene_for("curves", "sinusoidal");
    s.dims = {2, 7};
    const Figure figure = build_figure(s, {});
    // dim 2 is sin of pair 1: ω₁ = 10000^(−2/8) = 0.1, so PE(5, 2) = sin(0.5).
    const std::string f = curve_formula(s, {}, 0, 0, 5.0);
    EXPECT_HAS(f, "pos = 5, i = 1");
    EXPECT_HAS(f, "= " + four(std::sin(0.5)));
    EXPECT_NEAR(figure.panels[0].lines[0].y[5], std::sin(0.5), 1e-12);
    // dim 7 is cos of pair 3: ω₃ = 10000^(−6/8); PE(11, 7) = cos(11·ω₃).
    EXPECT_HAS(curve_formula(s, {}, 0, 1, 11.0), "= " + four(std::cos(11 * std::pow(1e4, -0.75))));
    // --split: panel k plots dims[k].
    FigureOptions split;
    split.split = true;
    EXPECT_HAS(curve_formula(s, split, 1, 0, 11.0), "cos");
    EXPECT_EQ(curve_formula(s, {}, 0, 2, 5.0), "");   // no third line
    EXPECT_EQ(curve_formula(s, {}, 0, 0, 48.0), "");  // past L
}

TEST(CurveFormula, WavelengthOfAPair) {
    Scene s = scene_for("wavelengths", "rope");
    // θ₂ = 10000^(−4/8) = 0.01; λ₂ = 2π/0.01 = 628.3, in both panels.
    for (int panel : {0, 1}) {
        const std::string f = curve_formula(s, {}, panel, 0, 2.0);
        EXPECT_HAS(f, "θ₂ = 10000^(−4/8) = 0.01");
        EXPECT_HAS(f, "λ₂ = 2π·10000^(4/8) = " + four(2.0 * std::numbers::pi / 0.01));
    }
    const Figure figure = build_figure(s, {});
    EXPECT_NEAR(figure.panels[0].lines[0].y[2], 2.0 * std::numbers::pi / 0.01, 1e-9);
    // The context line has no formula.
    EXPECT_EQ(curve_formula(s, {}, 0, 1, 2.0), "");
    // Compared bases: line 1 is base 500000's.
    s.compare = {"10000", "500000"};
    EXPECT_HAS(curve_formula(s, {}, 0, 1, 1.0),
               "λ₁ = 2π·500000^(2/8) = " + four(2.0 * std::numbers::pi * std::pow(5e5, 0.25)));
    FigureOptions zh;
    zh.lang = "zh";
    EXPECT_HAS(curve_formula(s, zh, 0, 0, 1.0), "波长");
}

TEST(CurveFormula, DecayBoundAtADistance) {
    Scene s = scene_for("decay", "rope");
    // RoFormer §3.4.3: Sⱼ = Σ_{k<j} e^{i·r·θₖ}, bound = Σⱼ |Sⱼ| / (D/2), θₖ = 10000^(−2k/8).
    const int r = 3;
    std::complex<double> partial = 0.0;
    double total = 0.0, first = 0.0;
    for (int k = 0; k < 4; ++k) {
        partial += std::exp(std::complex<double>(0.0, r * std::pow(1e4, -2.0 * k / 8)));
        total += std::abs(partial);
        if (k == 1) first = std::abs(partial);
    }
    const std::string f = curve_formula(s, {}, 0, 0, double(r));
    EXPECT_HAS(f, "r = 3, D/2 = 4");
    EXPECT_HAS(f, "|S₂| = " + four(first));
    EXPECT_HAS(f, "= " + four(total / 4.0));
    EXPECT_NEAR(build_figure(s, {}).panels[0].lines[0].y[size_t(r)], total / 4.0, 1e-12);
    // xPos scales pair k's term by ζₖ^(r/B): its bound is the figure's xPos curve.
    s.encoding = "xpos";
    const std::string x = curve_formula(s, {}, 0, 0, 20.0);
    EXPECT_HAS(x, "ζ₀^(r/B)");
    EXPECT_HAS(x, "= " + four(build_figure(s, {}).panels[0].lines[0].y[20]));
    EXPECT_EQ(curve_formula(s, {}, 0, 1, 20.0), "");  // one curve only
}

TEST(CurveFormula, BiasAgainstDistance) {
    Scene s = scene_for("bias", "alibi");
    s.heads = 8;
    s.head = 0;
    // One map, then the curve (panel 1): r = 5 is read at m = 47, n = 42; slope 0.5.
    EXPECT_HAS(curve_formula(s, {}, 1, 0, 5.0), "b = −0.5·|47 − 42| = −2.5");
    EXPECT_HAS(curve_formula(s, {}, 1, 0, -3.0), "b = −0.5·|0 − 3| = −1.5");
    EXPECT_EQ(curve_formula(s, {}, 0, 0, 5.0), "");  // the map is not a curve
    // Compared with T5: the curve is panel 2, T5's line 1; its value is the curve's.
    s.compare = {"alibi", "t5"};
    const Figure figure = build_figure(s, {});
    const LineSeries& t5 = figure.panels[2].lines[1];
    const size_t at = size_t(47 + 6);  // r = 6: x runs from −47
    ASSERT_EQ(t5.x[at], 6.0);
    const std::string f = curve_formula(s, {}, 2, 1, 6.0);
    EXPECT_HAS(f, "bucket");
    EXPECT_HAS(f, "= " + four(t5.y[at]));
}

}  // namespace
}  // namespace posviz
