// Sinusoidal encoding against values worked out by hand from Vaswani et al. 2017 §3.5.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/encodings/sinusoidal.h"
#include "expect_input_error.h"
#include "naive_reference.h"

namespace posviz {
namespace {

TEST(Sinusoidal, InterleavedTableByHand) {
    // D = 4, base 10000: omega_0 = 1, omega_1 = 10000^(-2/4) = 0.01.
    // Position 1: [sin 1, cos 1, sin 0.01, cos 0.01].
    Matrix pe = SinusoidalEncoding{4, 10000.0, SinusoidalLayout::Interleaved}.table(3);
    ASSERT_EQ(pe.rows(), 3);
    ASSERT_EQ(pe.cols(), 4);
    EXPECT_NEAR(pe(1, 0), 0.8414709848078965, 1e-15);
    EXPECT_NEAR(pe(1, 1), 0.5403023058681398, 1e-15);
    EXPECT_NEAR(pe(1, 2), 0.009999833334166664, 1e-15);
    EXPECT_NEAR(pe(1, 3), 0.9999500004166653, 1e-15);
    // Position 0: sin 0 = 0, cos 0 = 1 in every pair.
    EXPECT_EQ(pe(0, 0), 0.0);
    EXPECT_EQ(pe(0, 1), 1.0);
    EXPECT_EQ(pe(0, 2), 0.0);
    EXPECT_EQ(pe(0, 3), 1.0);
    // Position 2, pair 0: sin 2 = 0.9092974268256817.
    EXPECT_NEAR(pe(2, 0), 0.9092974268256817, 1e-15);
}

TEST(Sinusoidal, HalvesLayoutIsAllSinesThenAllCosines) {
    // D = 4 at position 1, with Tensor2Tensor's frequencies 10000^(-i/(D/2 - 1)) = 1, 1e-4:
    // [sin 1, sin 1e-4 | cos 1, cos 1e-4].
    Matrix pe = SinusoidalEncoding{4, 10000.0, SinusoidalLayout::Halves}.table(2);
    EXPECT_NEAR(pe(1, 0), 0.8414709848078965, 1e-15);
    EXPECT_NEAR(pe(1, 1), 9.999999983333334e-05, 1e-15);
    EXPECT_NEAR(pe(1, 2), 0.5403023058681398, 1e-15);
    EXPECT_NEAR(pe(1, 3), 0.999999995, 1e-15);
}

TEST(Sinusoidal, MatchesNaiveFormulaForALargerTable) {
    const int dim = 64, seq_len = 300;
    Matrix pe = SinusoidalEncoding{dim, 500.0, SinusoidalLayout::Interleaved}.table(seq_len);
    for (int pos = 0; pos < seq_len; ++pos) {
        std::vector<double> expected = naive::sinusoid(pos, dim, 500.0);
        for (int d = 0; d < dim; ++d) EXPECT_NEAR(pe(pos, d), expected[d], 1e-12);
    }
}

TEST(Sinusoidal, FrequenciesOfTheSeedExample) {
    // D = 512: omega_1 = 10000^(-2/512) = exp(-ln(10000)/256) = 0.964662...;
    // omega_255 = 10000^(-510/512) = 10^(-3.984375) = 1.03663e-4.
    Vector omega = SinusoidalEncoding{512, 10000.0, SinusoidalLayout::Interleaved}.frequencies();
    ASSERT_EQ(omega.size(), 256);
    EXPECT_EQ(omega[0], 1.0);
    EXPECT_NEAR(omega[1], 0.964662, 1e-6);
    EXPECT_NEAR(omega[255], 1.03663e-4, 1e-9);
}

TEST(Sinusoidal, ShiftIsARotationOfEachPair) {
    // Seed 001: PE(pos + k) = T_k PE(pos) with T_k = [[cos wk, sin wk], [-sin wk, cos wk]] acting
    // on each (sin, cos) pair.
    const int dim = 16, k = 7;
    SinusoidalEncoding enc{dim, 10000.0, SinusoidalLayout::Interleaved};
    Matrix pe = enc.table(40);
    Vector omega = enc.frequencies();
    for (int pos = 0; pos + k < 40; ++pos) {
        for (int i = 0; i < dim / 2; ++i) {
            double c = std::cos(omega[i] * k), s = std::sin(omega[i] * k);
            double sin_p = pe(pos, 2 * i), cos_p = pe(pos, 2 * i + 1);
            EXPECT_NEAR(pe(pos + k, 2 * i), c * sin_p + s * cos_p, 1e-12);
            EXPECT_NEAR(pe(pos + k, 2 * i + 1), -s * sin_p + c * cos_p, 1e-12);
        }
    }
}

TEST(Sinusoidal, NegativePositionsFlipTheSines) {
    // sin(-x) = -sin(x), cos(-x) = cos(x).
    SinusoidalEncoding enc{8, 10000.0, SinusoidalLayout::Interleaved};
    Vector positions(2);
    positions << 5.0, -5.0;
    Matrix pe = enc.table_at(positions);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(pe(1, 2 * i), -pe(0, 2 * i));
        EXPECT_EQ(pe(1, 2 * i + 1), pe(0, 2 * i + 1));
    }
}

TEST(Sinusoidal, RejectsBadInput) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    using L = SinusoidalLayout;
    EXPECT_INPUT_ERROR(SinusoidalEncoding({0, 10000.0, L::Interleaved}).validate(), "--dim");
    EXPECT_INPUT_ERROR(SinusoidalEncoding({7, 10000.0, L::Interleaved}).validate(), "--dim");
    EXPECT_INPUT_ERROR(SinusoidalEncoding({-4, 10000.0, L::Interleaved}).table(3), "--dim");
    EXPECT_INPUT_ERROR(SinusoidalEncoding({8, 1.0, L::Interleaved}).table(3), "--base");
    EXPECT_INPUT_ERROR(SinusoidalEncoding({8, 0.5, L::Interleaved}).frequencies(), "--base");
    EXPECT_INPUT_ERROR(SinusoidalEncoding({8, nan, L::Interleaved}).validate(), "--base");
    EXPECT_INPUT_ERROR(SinusoidalEncoding({8, inf, L::Interleaved}).validate(), "--base");
    EXPECT_INPUT_ERROR(SinusoidalEncoding({8, 10000.0, L::Interleaved}).table(0), "--seq-len");
}

}  // namespace
}  // namespace posviz
