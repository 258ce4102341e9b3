// RoPE against the RoFormer formulas (Su et al. 2021, eq. 13-16) worked by hand, and against a
// naive implementation that multiplies explicit 2x2 rotation matrices (naive_reference.h).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/encodings/rope.h"
#include "core/random.h"
#include "expect_input_error.h"
#include "naive_reference.h"

namespace posviz {
namespace {

RopeEncoding make_rope(int dim, RopeStyle style = RopeStyle::Interleaved, double fraction = 1.0) {
    RopeEncoding rope;
    rope.dim = dim;
    rope.style = style;
    rope.rotary_fraction = fraction;
    return rope;
}

TEST(Rope, SeedWorkedExampleCorrected) {
    // Seed 001: q = [2, 3] at m = 1, pair 0 (theta_0 = 1):
    // [2 cos 1 - 3 sin 1, 2 sin 1 + 3 cos 1] = [1.080605 - 2.524413, 1.682942 + 1.620907]
    //                                        = [-1.443808, 3.303849].
    // (The seed's [-1.6245, 3.0252] is an arithmetic slip.)
    Matrix x(2, 2);
    x << 2.0, 3.0,  // position 0: angle 0, unchanged
        2.0, 3.0;   // position 1
    Matrix out = make_rope(2).rotate(x);
    EXPECT_EQ(out(0, 0), 2.0);
    EXPECT_EQ(out(0, 1), 3.0);
    EXPECT_NEAR(out(1, 0), -1.443808, 1e-6);
    EXPECT_NEAR(out(1, 1), 3.303849, 1e-6);
}

TEST(Rope, FrequenciesOfTheSeedExample) {
    // D = 512: theta_1 = 10000^(-2/512) = 0.964662; theta_255 = 10000^(-510/512) = 1.03663e-4
    // (the seed's 1.58e-5 is a slip).
    Vector theta = make_rope(512).frequencies(1).inverse_frequencies;
    ASSERT_EQ(theta.size(), 256);
    EXPECT_EQ(theta[0], 1.0);
    EXPECT_NEAR(theta[1], 0.964662, 1e-6);
    EXPECT_NEAR(theta[255], 1.03663e-4, 1e-9);
}

TEST(Rope, MatchesExplicitRotationMatrices) {
    Matrix x = random_normal_matrix(40, 16, 1.0, 7);
    Matrix expected = naive::rotate_interleaved(x, 10000.0, 16);
    Matrix out = make_rope(16).rotate(x);
    EXPECT_LT((out - expected).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(Rope, AnglesAreFormedInDoubleAtLargePositions) {
    // D = 4: theta_1 = 10000^(-1/2) = 0.01. At m = 65535 the angle is 655.35; a float theta or
    // float product would be off by ~1e-5 rad. Rotating [0, 0, 1, 0] gives [.., .., cos, sin].
    const int seq_len = 65536;
    Matrix x = Matrix::Zero(seq_len, 4);
    x.col(2).setOnes();
    Matrix out = make_rope(4).rotate(x);
    long double angle = 655.35L;
    EXPECT_NEAR(out(seq_len - 1, 2), double(std::cos(angle)), 1e-10);
    EXPECT_NEAR(out(seq_len - 1, 3), double(std::sin(angle)), 1e-10);
    Matrix angles = make_rope(4).angles(seq_len);
    EXPECT_NEAR(angles(seq_len - 1, 0), 65535.0, 1e-9);
    EXPECT_NEAR(angles(seq_len - 1, 1), 655.35, 1e-9);
}

TEST(Rope, PreservesNorms) {
    Matrix x = random_normal_matrix(64, 32, 1.0, 11);
    Matrix out = make_rope(32, RopeStyle::Half).rotate(x);
    for (int m = 0; m < x.rows(); ++m) EXPECT_NEAR(out.row(m).norm(), x.row(m).norm(), 1e-12);
}

TEST(Rope, DotProductsDependOnlyOnTheOffset) {
    // The same content q and k at every position: q_m · k_n = q^T R_{n-m} k (RoFormer eq. 16),
    // with R_{n-m} built here from explicit 2x2 blocks of angle (n - m) theta_i.
    const int dim = 8, seq_len = 30;
    Matrix q1 = random_normal_matrix(1, dim, 1.0, 3);
    Matrix k1 = random_normal_matrix(1, dim, 1.0, 4);
    Matrix q = q1.replicate(seq_len, 1), k = k1.replicate(seq_len, 1);
    RopeEncoding rope = make_rope(dim);
    Matrix qr = rope.rotate(q), kr = rope.rotate(k);
    for (int m = 0; m < seq_len; ++m) {
        for (int n = 0; n < seq_len; ++n) {
            double expected = 0.0;
            for (int i = 0; i < dim / 2; ++i) {
                double a = (n - m) * std::pow(10000.0, -2.0 * i / dim);
                double r[2][2] = {{std::cos(a), -std::sin(a)}, {std::sin(a), std::cos(a)}};
                for (int u = 0; u < 2; ++u)
                    for (int v = 0; v < 2; ++v)
                        expected += q1(0, 2 * i + u) * r[u][v] * k1(0, 2 * i + v);
            }
            EXPECT_NEAR(naive::dot(qr, m, kr, n), expected, 1e-10) << m << ", " << n;
        }
    }
}

TEST(Rope, HalfStyleIsInterleavedWithPermutedDims) {
    // Half pairs (i, i + D/2); interleaved pairs (2i, 2i+1). With P moving dim 2i to i and
    // 2i+1 to i + D/2: half.rotate(P x) = P interleaved.rotate(x).
    const int dim = 12, half = dim / 2;
    Matrix x = random_normal_matrix(25, dim, 1.0, 5);
    auto permute = [&](const Matrix& a) {
        Matrix p(a.rows(), dim);
        for (int i = 0; i < half; ++i) {
            p.col(i) = a.col(2 * i);
            p.col(i + half) = a.col(2 * i + 1);
        }
        return p;
    };
    Matrix from_half = make_rope(dim, RopeStyle::Half).rotate(permute(x));
    Matrix from_interleaved = permute(make_rope(dim, RopeStyle::Interleaved).rotate(x));
    EXPECT_LT((from_half - from_interleaved).cwiseAbs().maxCoeff(), 1e-14);
}

TEST(Rope, PartialRotaryLeavesTheTailUntouched) {
    // D = 10, fraction 0.4: rotary_dim = int(4.0) = 4; theta over 4 dims: 1, 10000^(-1/2) = 0.01.
    Matrix x = random_normal_matrix(20, 10, 1.0, 9);
    for (RopeStyle style : {RopeStyle::Interleaved, RopeStyle::Half}) {
        RopeEncoding rope = make_rope(10, style, 0.4);
        EXPECT_EQ(rope.rotary_dim(), 4);
        Matrix out = rope.rotate(x);
        EXPECT_EQ(out.rightCols(6), x.rightCols(6));
        EXPECT_NE(out.leftCols(4), x.leftCols(4));
    }
    Matrix out = make_rope(10, RopeStyle::Interleaved, 0.4).rotate(x);
    Matrix expected = naive::rotate_interleaved(x, 10000.0, 4);
    EXPECT_LT((out - expected).cwiseAbs().maxCoeff(), 1e-12);
    // Python's int() truncates: int(64 * 0.3) = int(19.2) = 19 is odd -> rejected; int(10 * 0.25)
    // = int(2.5) = 2 is fine.
    EXPECT_EQ(make_rope(10, RopeStyle::Half, 0.25).rotary_dim(), 2);
}

TEST(Rope, AttentionFactorMultipliesOnlyTheRotatedDims) {
    // transformers multiplies cos and sin by attention_scaling: rotated dims scale by it (norms
    // of the rotated part double for a factor 2), the pass-through tail does not.
    RopeEncoding rope = make_rope(8, RopeStyle::Half, 0.5);
    rope.scaling.type = RopeScalingType::Yarn;
    rope.scaling.factor = 4.0;
    rope.scaling.original_max_position_embeddings = 64;
    rope.scaling.attention_factor = 2.0;
    Matrix x = random_normal_matrix(30, 8, 1.0, 13);
    Matrix out = rope.rotate(x);
    for (int m = 0; m < 30; ++m)
        EXPECT_NEAR(out.row(m).head(4).norm(), 2.0 * x.row(m).head(4).norm(), 1e-12);
    EXPECT_EQ(out.rightCols(4), x.rightCols(4));
}

TEST(Rope, LinearScalingStretchesPositions) {
    // Linear (position interpolation): theta_i / 4, so position 4m turns like position m did.
    RopeEncoding plain = make_rope(8), linear = make_rope(8);
    linear.scaling.type = RopeScalingType::Linear;
    linear.scaling.factor = 4.0;
    Matrix x = random_normal_matrix(1, 8, 1.0, 14).replicate(40, 1);
    Matrix a = plain.rotate(x), b = linear.rotate(x);
    for (int m = 0; m < 10; ++m)
        EXPECT_LT((b.row(4 * m) - a.row(m)).cwiseAbs().maxCoeff(), 1e-12) << m;
}

TEST(Rope, RejectsBadInput) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_INPUT_ERROR(make_rope(64, RopeStyle::Half, 0.3).validate(), "--rotary-fraction");
    EXPECT_INPUT_ERROR(make_rope(64, RopeStyle::Half, 0.0).validate(), "--rotary-fraction");
    EXPECT_INPUT_ERROR(make_rope(64, RopeStyle::Half, 0.01).validate(), "--rotary-fraction");
    EXPECT_INPUT_ERROR(make_rope(64, RopeStyle::Half, 1.5).validate(), "--rotary-fraction");
    EXPECT_INPUT_ERROR(make_rope(64, RopeStyle::Half, nan).validate(), "--rotary-fraction");
    EXPECT_INPUT_ERROR(make_rope(0).validate(), "--dim");
    EXPECT_INPUT_ERROR(make_rope(5).validate(), "--dim");
    RopeEncoding bad_base = make_rope(8);
    bad_base.base = 1.0;
    EXPECT_INPUT_ERROR(bad_base.rotate(Matrix::Zero(2, 8)), "--base");
    EXPECT_INPUT_ERROR(make_rope(8).rotate(Matrix::Zero(3, 6)), "--dim");
    EXPECT_INPUT_ERROR(make_rope(8).rotate(Matrix::Zero(0, 8)), "--seq-len");
    EXPECT_INPUT_ERROR(make_rope(8).angles(0), "--seq-len");
}

}  // namespace
}  // namespace posviz
