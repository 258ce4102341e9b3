// Tick placement and labels for ranges whose right answer is known by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/figure/ticks.h"

namespace posviz {
namespace {

const std::string minus = "\u2212";

TEST(FigureTicks, LinearUnitRangeStepsByPointTwo) {
    const Ticks t = linear_ticks(0.0, 1.0, 6);
    EXPECT_EQ(t.labels, (std::vector<std::string>{"0", "0.2", "0.4", "0.6", "0.8", "1.0"}));
}

// An axis far from zero whose range is tiny beside its values: k·step with k past 2^53, where
// k + 1 == k, had stepped in place forever, filling memory (the GUI froze at ~300 MB/s). Now one
// tick where the values cannot be told apart, and a handful where they can.
TEST(FigureTicks, RangesTinyBesideTheirValuesEnd) {
    const Ticks same = linear_ticks(1e17, 1e17 + 64.0, 5);
    EXPECT_EQ(same.values.size(), 1u);
    const Ticks near = linear_ticks(1e9, 1e9 + 0.5, 5);
    EXPECT_GE(near.values.size(), 2u);
    EXPECT_LE(near.values.size(), 5u);
    for (double v : near.values) {
        EXPECT_GE(v, 1e9);
        EXPECT_LE(v, 1e9 + 0.5);
    }
    EXPECT_EQ(linear_ticks(-1e308, 1e308, 5).values.size(), 1u);  // hi − lo overflows
}

TEST(FigureTicks, LinearPositionsStepBy20) {
    // 0 .. 127 with at most 8 ticks: steps 10 would give 13, 20 gives 7.
    const Ticks t = linear_ticks(-0.5, 127.5, 8);
    EXPECT_EQ(t.labels, (std::vector<std::string>{"0", "20", "40", "60", "80", "100", "120"}));
}

TEST(FigureTicks, LinearSymmetricRangeUsesTrueMinus) {
    const Ticks t = linear_ticks(-1.0, 1.0, 5);
    EXPECT_EQ(t.labels,
              (std::vector<std::string>{minus + "1.0", minus + "0.5", "0", "0.5", "1.0"}));
}

TEST(FigureTicks, LinearNoFloatingPointNoise) {
    const Ticks t = linear_ticks(0.1, 0.4, 4);
    EXPECT_EQ(t.labels, (std::vector<std::string>{"0.1", "0.2", "0.3", "0.4"}));
}

TEST(FigureTicks, LinearHugeValuesUseExponentsOnTheWholeAxis) {
    const Ticks t = linear_ticks(0.0, 2e5, 5);
    EXPECT_EQ(t.labels, (std::vector<std::string>{"0", "5e4", "1e5", "1.5e5", "2e5"}));
}

TEST(FigureTicks, LinearTinyValuesUseNegativeExponents) {
    const Ticks t = linear_ticks(0.0, 4e-4, 5);
    EXPECT_EQ(t.labels, (std::vector<std::string>{"0", "1e" + minus + "4", "2e" + minus + "4",
                                                  "3e" + minus + "4", "4e" + minus + "4"}));
}

TEST(FigureTicks, LogDecadesPlainWhenShort) {
    // RoPE wavelengths at D = 64: 2π .. 2π·10000^(62/64).
    const Ticks t = log_ticks(6.28, 47000.0, 8);
    EXPECT_EQ(t.labels, (std::vector<std::string>{"10", "100", "1000", "10000"}));
    // Minor ticks 2..9 × each decade inside the range: 7, 8, 9 below 10, then 8 per decade up
    // to 40000 (20000, 30000, 40000 in the last).
    EXPECT_EQ(t.minor.size(), 3u + 8u + 8u + 8u + 3u);
}

TEST(FigureTicks, LogDecadesAsPowersOfTenWhenLong) {
    const Ticks t = log_ticks(1e-4, 1.0, 8);
    EXPECT_EQ(t.labels, (std::vector<std::string>{"10⁻⁴", "10⁻³", "10⁻²", "10⁻¹", "10⁰"}));
}

TEST(FigureTicks, LogManyDecadesKeepsEveryOther) {
    const Ticks t = log_ticks(1.0, 1e10, 6);
    EXPECT_EQ(t.values, (std::vector<double>{1.0, 1e2, 1e4, 1e6, 1e8, 1e10}));
    EXPECT_TRUE(t.minor.empty());
}

TEST(FigureTicks, LogNarrowRangeFallsBackToMantissas) {
    const Ticks t = log_ticks(1.5, 60.0, 8);
    EXPECT_EQ(t.labels, (std::vector<std::string>{"2", "5", "10", "20", "50"}));
}

TEST(FigureTicks, FormatNumberIsShort) {
    EXPECT_EQ(format_number(0.1 + 0.2), "0.3");
    EXPECT_EQ(format_number(-0.4217, 3), minus + "0.422");
    EXPECT_EQ(format_number(10000.0), "1e4");
    EXPECT_EQ(format_number(10000.0, 6), "10000");
    EXPECT_EQ(format_number(2.5e-7), "2.5e" + minus + "7");
    EXPECT_EQ(superscript(-12), "⁻¹²");
    EXPECT_EQ(subscript(305), "₃₀₅");
}

// Exponents as raised characters, written out here one code point at a time.
TEST(FigureTicks, ExponentsAreRaised) {
    // U+207B ⁻, U+00B2 ², U+2071 ⁱ, U+141F ᐟ, U+1D30 ᴰ
    EXPECT_EQ(superscript_text("−2i/D"), "\u207B\u00B2\u2071\u141F\u1D30");
    EXPECT_EQ(superscript_text("r / B"), "\u02B3\u141F\u1D2E");  // spaces dropped
    EXPECT_EQ(superscript_text("(D/2 − 1)"), "\u207D\u1D30\u141F\u00B2\u207B\u00B9\u207E");
    // q has no raised form: the exponent stays readable as ^(…).
    EXPECT_EQ(superscript_text("q/2"), "^(q/2)");
}

}  // namespace
}  // namespace posviz
