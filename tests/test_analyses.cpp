// Analyses of the core, each against an expectation worked by hand or a naive second computation.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "core/analyses/decay.h"
#include "core/analyses/frequencies.h"
#include "core/analyses/logit_terms.h"
#include "core/analyses/pe_analysis.h"
#include "core/analyses/permutation.h"
#include "core/analyses/rope_properties.h"
#include "core/random.h"
#include "expect_input_error.h"

namespace posviz {
namespace {

TEST(Analyses, WavelengthTableByHand) {
    // D = 4, base 10000: theta_0 = 1, theta_1 = 10000^(-2/4) = 0.01; wavelengths 2π and 200π.
    Vector inv(2);
    inv << 1.0, 0.01;
    const Matrix t = wavelength_table(inv);
    ASSERT_EQ(t.rows(), 2);
    EXPECT_EQ(t(1, 0), 1.0);
    EXPECT_DOUBLE_EQ(t(1, 1), 0.01);
    EXPECT_NEAR(t(0, 2), 2 * std::numbers::pi, 1e-12);
    EXPECT_NEAR(t(1, 2), 200 * std::numbers::pi, 1e-9);
}

TEST(Analyses, CurvesPickColumnsAndRejectBadDims) {
    const Matrix pe = SinusoidalEncoding{16, 10000.0}.table(128);
    const Matrix c = pe_curves(pe, {2, 6, 12});
    ASSERT_EQ(c.cols(), 3);
    // dim 6 = 2i with i = 3: sin(pos / 10000^(6/16)).
    EXPECT_NEAR(c(50, 1), std::sin(50 / std::pow(10000.0, 6.0 / 16)), 1e-12);
    EXPECT_INPUT_ERROR(pe_curves(pe, {16}), "--dims");
    EXPECT_INPUT_ERROR(pe_curves(pe, {-1}), "--dims");
}

TEST(Analyses, SinusoidalSimilarityDependsOnOffsetOnly) {
    // PE(i)·PE(j) = Σ_k sin(ω_k i) sin(ω_k j) + cos(ω_k i) cos(ω_k j) = Σ_k cos(ω_k (i − j)).
    const int d = 8;
    const Matrix s = pe_similarity(SinusoidalEncoding{d, 10000.0}.table(20));
    for (int i = 0; i < 20; ++i)
        for (int j = 0; j < 20; ++j) {
            double expected = 0.0;
            for (int k = 0; k < d / 2; ++k)
                expected += std::cos(std::pow(10000.0, -2.0 * k / d) * (i - j));
            EXPECT_NEAR(s(i, j), expected, 1e-12);
        }
    EXPECT_NEAR(s(7, 7), d / 2.0, 1e-12);
}

TEST(Analyses, FixedOffsetMapIsExactRotation) {
    for (auto layout : {SinusoidalLayout::Interleaved, SinusoidalLayout::Halves}) {
        const SinusoidalEncoding enc{32, 10000.0, layout};
        const OffsetMap map = fixed_offset_map(enc, 5, 100);
        EXPECT_LT(map.residual, 1e-12);
        // A rotation: T_k T_kᵀ = I.
        EXPECT_LT((map.t_k * map.t_k.transpose() - Matrix::Identity(32, 32)).cwiseAbs().maxCoeff(),
                  1e-12);
        const OffsetMap zero = fixed_offset_map(enc, 0, 10);
        EXPECT_LT((zero.t_k - Matrix::Identity(32, 32)).cwiseAbs().maxCoeff(), 1e-15);
    }
    // Spot check one block by hand: dims (0, 1), ω_0 = 1, k = 5 -> [[cos 5, sin 5], [−sin 5, cos
    // 5]].
    const OffsetMap map = fixed_offset_map(SinusoidalEncoding{4, 10000.0}, 5, 3);
    EXPECT_NEAR(map.t_k(0, 0), std::cos(5.0), 1e-15);
    EXPECT_NEAR(map.t_k(0, 1), std::sin(5.0), 1e-15);
    EXPECT_NEAR(map.t_k(1, 0), -std::sin(5.0), 1e-15);
}

TEST(Analyses, AdditiveTermsSumToTheFullLogit) {
    const Matrix q = random_normal_matrix(6, 4, 1.0, 3), k = random_normal_matrix(6, 4, 1.0, 4);
    const Matrix pe = SinusoidalEncoding{4, 10000.0}.table(6);
    const auto terms = additive_logit_terms(q, k, pe);
    for (int m = 0; m < 6; ++m)
        for (int n = 0; n < 6; ++n) {
            double full = 0.0, content = 0.0, position = 0.0;
            for (int d = 0; d < 4; ++d) {
                full += (q(m, d) + pe(m, d)) * (k(n, d) + pe(n, d));
                content += q(m, d) * k(n, d);
                position += pe(m, d) * pe(n, d);
            }
            EXPECT_NEAR(terms[0](m, n) + terms[1](m, n) + terms[2](m, n) + terms[3](m, n),
                        full / 2.0, 1e-12);
            EXPECT_NEAR(terms[0](m, n), content / 2.0, 1e-12);
            EXPECT_NEAR(terms[3](m, n), position / 2.0, 1e-12);
        }
}

TEST(Analyses, PermutationEquivarianceHoldsOnlyWithoutPe) {
    const Matrix x = random_normal_matrix(10, 8, 1.0, 11);
    const PermutationStudy with_pe = permutation_study(SinusoidalEncoding{8, 10000.0}, x, 5);
    EXPECT_LT(with_pe.residual_without_pe, 1e-12);
    EXPECT_GT(with_pe.residual_with_pe, 1e-3);
    // The permutation is a real permutation, not the identity.
    std::vector<int> sorted = with_pe.permutation;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < 10; ++i) EXPECT_EQ(sorted[i], i);
    EXPECT_NE(with_pe.permutation, sorted);
    const PermutationStudy blind = permutation_study(NoPE{}, x, 5);
    EXPECT_LT(blind.residual_with_pe, 1e-12);
}

TEST(Analyses, RopePropertiesHoldForBothStylesAndPartialRotary) {
    const Vector q = random_normal_matrix(1, 16, 1.0, 1).row(0).transpose();
    const Vector k = random_normal_matrix(1, 16, 1.0, 2).row(0).transpose();
    for (auto style : {RopeStyle::Interleaved, RopeStyle::Half})
        for (double fraction : {1.0, 0.5}) {
            RopeEncoding rope;
            rope.dim = 16;
            rope.style = style;
            rope.rotary_fraction = fraction;
            const RopeProperties p = measure_rope_properties(rope, q, k, 64);
            EXPECT_LT(p.max_norm_deviation, 1e-12);
            EXPECT_LT(p.max_relative_deviation, 1e-10);
        }
}

TEST(Analyses, DecayBoundAgainstDirectSums) {
    const int d = 64;
    Vector inv(d / 2);
    for (int i = 0; i < d / 2; ++i) inv[i] = std::pow(10000.0, -2.0 * i / d);
    const Matrix curve = rope_decay_bound(inv, 200);
    // r = 0: |S_j| = j, so (1/32)·Σ_{j=1..32} j = 16.5.
    EXPECT_NEAR(curve(0, 1), 16.5, 1e-12);
    for (int r : {1, 10, 57, 199}) {
        double total = 0.0;
        for (int j = 1; j <= d / 2; ++j) {
            double re = 0.0, im = 0.0;
            for (int k = 0; k < j; ++k) {
                re += std::cos(r * inv[k]);
                im += std::sin(r * inv[k]);
            }
            total += std::hypot(re, im);
        }
        EXPECT_NEAR(curve(r, 1), total / (d / 2), 1e-9) << r;
        EXPECT_EQ(curve(r, 0), r);
    }
    // The RoFormer figure's shape: it decays — far below the r = 0 value by r = 199.
    EXPECT_LT(curve(199, 1), 0.5 * curve(0, 1));
}

}  // namespace
}  // namespace posviz
