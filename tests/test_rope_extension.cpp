// RoPE extension analyses against hand values and a naive rotate-then-dot computation written
// here, sharing no code with core/analyses/rope_extension.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "core/analyses/rope_extension.h"
#include "core/figure_data.h"
#include "core/figures/figures.h"
#include "expect_input_error.h"

namespace posviz {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

RopeEncoding half_rope(int dim, double fraction, RopeScalingType type, double factor) {
    RopeEncoding rope;
    rope.dim = dim;
    rope.base = 10000.0;
    rope.style = RopeStyle::Half;
    rope.rotary_fraction = fraction;
    rope.scaling.type = type;
    rope.scaling.factor = factor;
    rope.scaling.max_position_embeddings = 2048;
    rope.scaling.original_max_position_embeddings = 2048;
    return rope;
}

TEST(RopeExtension, TurnsUnderLinearInterpolation) {
    // base 10000, D = 8: theta = 1, 0.1, 0.01, 0.001; linear factor 4 divides them by 4.
    Matrix t = rope_turns_table(half_rope(8, 1.0, RopeScalingType::Linear, 4.0), 2048, 8192);
    ASSERT_EQ(t.rows(), 4);
    ASSERT_EQ(t.cols(), 8);
    const double theta[] = {1.0, 0.1, 0.01, 0.001};
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(t(i, 0), i);
        EXPECT_NEAR(t(i, 1), theta[i], 1e-15);
        EXPECT_NEAR(t(i, 2), kTwoPi / theta[i], 1e-9);
        EXPECT_NEAR(t(i, 3), theta[i] / 4.0, 1e-15);
        EXPECT_NEAR(t(i, 4), 4.0 * kTwoPi / theta[i], 1e-9);
        EXPECT_NEAR(t(i, 5), 2048.0 * theta[i] / kTwoPi, 1e-9);
        EXPECT_NEAR(t(i, 6), 512.0 * theta[i] / kTwoPi, 1e-9);
        // Interpolation by exactly the extension factor: the target covers the trained angles.
        EXPECT_NEAR(t(i, 7), t(i, 5), 1e-9);
    }
    // Pair 3 (wavelength 6283 > 2048) does not complete one turn in training.
    EXPECT_LT(t(3, 5), 1.0);
}

TEST(RopeExtension, FamilyAndWavelengthOverlay) {
    RopeEncoding base = half_rope(4, 1.0, RopeScalingType::None, 1.0);
    std::vector<RopeEncoding> family = scaling_family(base, 4.0, 1024);
    ASSERT_EQ(family.size(), 6u);
    EXPECT_EQ(family[4].scaling.type, RopeScalingType::Yarn);
    EXPECT_EQ(family[4].scaling.original_max_position_embeddings, 1024);
    EXPECT_EQ(family[5].scaling.type, RopeScalingType::Llama3);
    EXPECT_EQ(family[5].scaling.high_freq_factor, 4.0);

    // D = 4: theta = (1, 0.01). none: wavelengths 2π, 200π; linear ×4: 8π, 800π;
    // ntk: base' = 10000·4^(4/2) = 160000, theta_1 = 1/400: 2π, 800π;
    // dynamic at seq 1024 = max positions: unchanged.
    Matrix w = scaling_wavelengths(family, 1024);
    ASSERT_EQ(w.rows(), 2);
    ASSERT_EQ(w.cols(), 7);
    const double pi = std::numbers::pi;
    const double expected[2][5] = {{0, 2 * pi, 8 * pi, 2 * pi, 2 * pi},
                                   {1, 200 * pi, 800 * pi, 800 * pi, 200 * pi}};
    for (int i = 0; i < 2; ++i)
        for (int c = 0; c < 5; ++c) EXPECT_NEAR(w(i, c), expected[i][c], 1e-9) << i << "," << c;
    // dynamic at seq 4096: base' = 10000·(4·4096/1024 − 3)^2 = 10000·169, theta_1 = 1/1300.
    EXPECT_NEAR(scaling_wavelengths(family, 4096)(1, 4), 2600 * pi, 1e-9);

    RopeEncoding other = half_rope(8, 1.0, RopeScalingType::None, 1.0);
    EXPECT_INPUT_ERROR(scaling_wavelengths({base, other}, 10), "--dim");
}

// Naive: rotate q at position m = r + 3 and k at position 3 pair by pair (pairs (i, i + rd/2),
// RoFormer's [x cos − y sin, x sin + y cos], both scaled by the attention factor), then dot/√D.
double naive_logit(const RopeEncoding& rope, const Vector& q, const Vector& k, int r, long seq) {
    RopeFrequencies f = rope_frequencies(rope.base, rope.rotary_dim(), rope.scaling, seq);
    const int half = rope.rotary_dim() / 2;
    auto rotate = [&](Vector x, int position) {
        Vector out = x;
        for (int i = 0; i < half; ++i) {
            double c = std::cos(position * f.inverse_frequencies[i]) * f.attention_factor;
            double s = std::sin(position * f.inverse_frequencies[i]) * f.attention_factor;
            out[i] = x[i] * c - x[i + half] * s;
            out[i + half] = x[i] * s + x[i + half] * c;
        }
        return out;
    };
    return rotate(q, r + 3).dot(rotate(k, 3)) / std::sqrt(double(rope.dim));
}

TEST(RopeExtension, LogitEnvelopeMatchesNaiveRotation) {
    // Partial rotary (8 dims, 4 rotated) so the pass-through term counts; yarn so the attention
    // factor's square shows.
    RopeEncoding plain = half_rope(8, 0.5, RopeScalingType::None, 1.0);
    RopeEncoding yarn = half_rope(8, 0.5, RopeScalingType::Yarn, 8.0);
    Matrix q{{0.3, -1.2, 0.5, 2.0, 0.7, -0.4, 1.1, 0.2},
             {-0.9, 0.1, 1.4, -0.6, 0.3, 0.8, -1.5, 0.9},
             {1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0}};
    Matrix k{{1.1, 0.4, -0.7, 0.2, -0.5, 1.3, 0.6, -0.8},
             {0.2, -1.0, 0.9, 1.2, -0.3, 0.4, 0.7, 0.5},
             {1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0}};
    const int distances = 300;
    Matrix env = logit_envelopes({plain, yarn}, q, k, distances);
    ASSERT_EQ(env.rows(), distances);
    ASSERT_EQ(env.cols(), 3);
    const RopeEncoding* ropes[] = {&plain, &yarn};
    for (int r = 0; r < distances; ++r) {
        EXPECT_EQ(env(r, 0), r);
        for (int s = 0; s < 2; ++s) {
            double largest = 0.0;
            for (int n = 0; n < 3; ++n)
                largest =
                    std::max(largest, std::abs(naive_logit(*ropes[s], q.row(n).transpose(),
                                                           k.row(n).transpose(), r, distances)));
            EXPECT_NEAR(env(r, 1 + s), largest, 1e-12) << "r " << r << " rope " << s;
        }
    }
}

TEST(RopeExtension, OnesContentClosedForm) {
    // q = k = ones(8), full rotary, plain: (2·Σ_i cos(r·theta_i)) / √8, theta = 1, .1, .01, .001.
    RopeEncoding plain = half_rope(8, 1.0, RopeScalingType::None, 1.0);
    Matrix ones = Matrix::Ones(1, 8);
    Matrix env = logit_envelopes({plain}, ones, ones, 50);
    EXPECT_NEAR(env(0, 1), 8.0 / std::sqrt(8.0), 1e-12);
    for (int r : {1, 7, 49}) {
        double sum =
            std::cos(r * 1.0) + std::cos(r * 0.1) + std::cos(r * 0.01) + std::cos(r * 0.001);
        EXPECT_NEAR(env(r, 1), std::abs(2.0 * sum) / std::sqrt(8.0), 1e-12) << r;
    }
}

// `posviz export extrapolation` without a training length drew six identical curves (every
// scaling ×1 at L itself): it assumes L/4 now, and says so. Linear interpolation by 4 turns at a
// quarter of the angle, so at distance r its envelope is the unscaled one at r/4.
TEST(RopeExtension, ExtrapolationWithoutATrainingLengthAssumesAQuarterOfL) {
    Scene s;
    s.figure = "extrapolation";
    s.encoding = "rope";
    s.seq_len = 128;
    s.dim = 16;
    ASSERT_FALSE(states_training_length(s));
    EXPECT_EQ(training_length(extrapolation_scene(s)), 32);
    EXPECT_EQ(comparison_factor(extrapolation_scene(s)), 4.0);
    const DataTable t = compute_figure_data(s);
    ASSERT_EQ(t.columns.at(1), "none");
    ASSERT_EQ(t.columns.at(2), "linear");
    for (Eigen::Index r = 0; r < 128; r += 4)
        EXPECT_NEAR(t.values(r, 2), t.values(r / 4, 1), 1e-9) << "r = " << r;
    const Figure figure = build_figure(s, {"en", "", false});
    EXPECT_NE(figure.subtitle.find("no training length given: L/4 = 32"), std::string::npos)
        << figure.subtitle;
    // A stated training length is the scene's own.
    s.rope_scaling.original_max_position_embeddings = 64;
    EXPECT_EQ(training_length(extrapolation_scene(s)), 64);
    EXPECT_EQ(build_figure(s, {"en", "", false}).subtitle.find("L/4"), std::string::npos);
}

TEST(RopeExtension, RejectsBadInput) {
    RopeEncoding rope = half_rope(8, 1.0, RopeScalingType::None, 1.0);
    EXPECT_INPUT_ERROR(rope_turns_table(rope, 0, 10), "--original-max-pos");
    EXPECT_INPUT_ERROR(rope_turns_table(rope, 10, 0), "--seq-len");
    EXPECT_INPUT_ERROR(scaling_family(rope, 0.5, 10), "--factor");
    EXPECT_INPUT_ERROR(scaling_family(rope, std::nan(""), 10), "--factor");
    Matrix ones = Matrix::Ones(2, 8);
    EXPECT_INPUT_ERROR(logit_envelopes({rope}, ones, ones, 0), "--seq-len");
    EXPECT_INPUT_ERROR(logit_envelopes({rope}, Matrix::Ones(2, 6), ones, 5), "--queries");
    EXPECT_INPUT_ERROR(logit_envelopes({rope}, ones, Matrix::Ones(3, 8), 5), "--keys");
    Matrix bad = ones;
    bad(1, 1) = std::nan("");
    EXPECT_INPUT_ERROR(logit_envelopes({rope}, ones, bad, 5), "--keys");
}

}  // namespace
}  // namespace posviz
