// xPos (Sun et al. 2023; torchscale XPOS) against a naive loop and its relative property.
#include <gtest/gtest.h>

#include <cmath>

#include "core/encodings/xpos.h"
#include "core/random.h"
#include "expect_input_error.h"
#include "naive_reference.h"

namespace posviz {
namespace {

XPosEncoding make_xpos(int dim, double scale_base) {
    XPosEncoding xpos;
    xpos.rope.dim = dim;
    xpos.scale_base = scale_base;
    return xpos;
}

TEST(XPos, PairScalesByHand) {
    // D = 8, gamma = 0.4: zeta_i = (2i/8 + 0.4) / 1.4 = 0.4/1.4, 0.65/1.4, 0.9/1.4, 1.15/1.4.
    Vector zeta = make_xpos(8, 512.0).pair_scales();
    ASSERT_EQ(zeta.size(), 4);
    EXPECT_NEAR(zeta[0], 0.4 / 1.4, 1e-15);
    EXPECT_NEAR(zeta[1], 0.65 / 1.4, 1e-15);
    EXPECT_NEAR(zeta[2], 0.9 / 1.4, 1e-15);
    EXPECT_NEAR(zeta[3], 1.15 / 1.4, 1e-15);
}

TEST(XPos, QueriesAndKeysMatchNaiveLoop) {
    // Query at m: RoPE then zeta_i^(p / scale_base) on both dims of pair i; key: zeta_i^(-p/sb),
    // with torchscale's centred position p = m - ceil(L/2): arange(-(21 // 2) in Python = -11, 10).
    const int dim = 8, seq_len = 21;
    const double scale_base = 16.0;
    Matrix x = random_normal_matrix(seq_len, dim, 1.0, 31);
    XPosEncoding xpos = make_xpos(dim, scale_base);
    Matrix rotated = naive::rotate_interleaved(x, 10000.0, dim);
    Matrix q = xpos.rotate_queries(x), k = xpos.rotate_keys(x);
    for (int m = 0; m < seq_len; ++m) {
        for (int d = 0; d < dim; ++d) {
            double zeta = (2.0 * (d / 2) / dim + 0.4) / 1.4;
            const double p = m - 11;
            EXPECT_NEAR(q(m, d), rotated(m, d) * std::pow(zeta, p / scale_base), 1e-12);
            EXPECT_NEAR(k(m, d), rotated(m, d) * std::pow(zeta, -p / scale_base), 1e-12);
        }
    }
}

TEST(XPos, LogitsDependOnlyOnTheOffset) {
    // The same content at every position: q_m · k_n must be a function of m - n.
    const int dim = 8, seq_len = 24;
    Matrix q = random_normal_matrix(1, dim, 1.0, 41).replicate(seq_len, 1);
    Matrix k = random_normal_matrix(1, dim, 1.0, 42).replicate(seq_len, 1);
    XPosEncoding xpos = make_xpos(dim, 8.0);
    Matrix logits = xpos.rotate_queries(q) * xpos.rotate_keys(k).transpose();
    for (int m = 1; m < seq_len; ++m)
        for (int n = 1; n < seq_len; ++n)
            EXPECT_NEAR(logits(m, n), logits(m - 1, n - 1), 1e-12 * (1.0 + std::abs(logits(m, n))));
}

TEST(XPos, PartialRotaryScalesOnlyTheRotatedPairs) {
    XPosEncoding xpos = make_xpos(8, 4.0);
    xpos.rope.rotary_fraction = 0.5;  // rotary_dim 4: zeta over 4 dims = 0.4/1.4, 0.9/1.4
    Vector zeta = xpos.pair_scales();
    ASSERT_EQ(zeta.size(), 2);
    EXPECT_NEAR(zeta[1], 0.9 / 1.4, 1e-15);
    Matrix x = random_normal_matrix(6, 8, 1.0, 5);
    EXPECT_EQ(xpos.rotate_queries(x).rightCols(4), x.rightCols(4));
}

TEST(XPos, RejectsBadInput) {
    XPosEncoding xpos = make_xpos(8, 512.0);
    xpos.gamma = 0.0;
    EXPECT_INPUT_ERROR(xpos.validate(), "--xpos-gamma");
    xpos.gamma = 0.4;
    xpos.scale_base = -1.0;
    EXPECT_INPUT_ERROR(xpos.pair_scales(), "--xpos-scale-base");
    EXPECT_INPUT_ERROR(make_xpos(7, 512.0).validate(), "--dim");
    // zeta_0^(ceil(L/2)/scale_base) with zeta_0 = 0.4/1.4 (ln = -1.2528) and scale_base 1
    // overflows double past ceil(L/2) ~ 700/1.2528 = 558.7, L = 1118.
    EXPECT_NO_THROW(make_xpos(8, 1.0).rotate_keys(Matrix::Ones(1116, 8)));
    EXPECT_INPUT_ERROR(make_xpos(8, 1.0).rotate_keys(Matrix::Ones(1120, 8)), "--seq-len");
}

}  // namespace
}  // namespace posviz
