// attention_logits for every encoding against per-(m, n) loops written from the papers' formulas
// (naive_reference.h), plus the causal mask and the row softmax worked by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "core/attention.h"
#include "core/random.h"
#include "expect_input_error.h"
#include "naive_reference.h"

namespace posviz {
namespace {

constexpr int kLen = 13;
constexpr int kDim = 8;

struct Content {
    Matrix q = random_normal_matrix(kLen, kDim, 1.0, 101);
    Matrix k = random_normal_matrix(kLen, kDim, 1.0, 202);
    double inv_sqrt_d = 1.0 / std::sqrt(double(kDim));
    double content(int m, int n) const { return naive::dot(q, m, k, n) * inv_sqrt_d; }
};

// Checks the logits with and without the causal mask against `expected(m, n)`.
template <class F>
void expect_logits(const Encoding& encoding, const Content& c, F expected) {
    Matrix full = attention_logits(encoding, c.q, c.k, false);
    Matrix masked = attention_logits(encoding, c.q, c.k, true);
    ASSERT_EQ(full.rows(), kLen);
    ASSERT_EQ(full.cols(), kLen);
    for (int m = 0; m < kLen; ++m) {
        for (int n = 0; n < kLen; ++n) {
            double want = expected(m, n);
            EXPECT_NEAR(full(m, n), want, 1e-12 * (1.0 + std::abs(want))) << m << ", " << n;
            if (n > m)
                EXPECT_EQ(masked(m, n), naive::kNegInf) << m << ", " << n;
            else
                EXPECT_EQ(masked(m, n), full(m, n)) << m << ", " << n;
        }
    }
}

TEST(Attention, NoPEIsScaledDotProduct) {
    Content c;
    expect_logits(NoPE{}, c, [&](int m, int n) { return c.content(m, n); });
}

TEST(Attention, SinusoidalIsAddedToBothSides) {
    Content c;
    SinusoidalEncoding enc{kDim, 100.0, SinusoidalLayout::Interleaved};
    expect_logits(enc, c, [&](int m, int n) {
        std::vector<double> pm = naive::sinusoid(m, kDim, 100.0),
                            pn = naive::sinusoid(n, kDim, 100.0);
        double sum = 0.0;
        for (int d = 0; d < kDim; ++d) sum += (c.q(m, d) + pm[d]) * (c.k(n, d) + pn[d]);
        return sum * c.inv_sqrt_d;
    });
}

TEST(Attention, LearnedIsAddedToBothSides) {
    Content c;
    LearnedEncoding enc = LearnedEncoding::seeded(20, kDim, 5);
    expect_logits(enc, c, [&](int m, int n) {
        double sum = 0.0;
        for (int d = 0; d < kDim; ++d)
            sum += (c.q(m, d) + enc.table(m, d)) * (c.k(n, d) + enc.table(n, d));
        return sum * c.inv_sqrt_d;
    });
}

TEST(Attention, ShawAddsQueryDotRelativeRow) {
    Content c;
    ShawRelative enc = ShawRelative::seeded(kLen, kDim, 6, 3);
    expect_logits(enc, c, [&](int m, int n) {
        int clipped = std::max(-3, std::min(3, m - n));
        return c.content(m, n) +
               naive::dot(c.q, m, enc.rel_table, clipped + kLen - 1) * c.inv_sqrt_d;
    });
}

TEST(Attention, TransformerXLHasFourTerms) {
    Content c;
    TransformerXL enc = TransformerXL::seeded(kDim, 7);
    expect_logits(enc, c, [&](int m, int n) {
        std::vector<double> r = naive::sinusoid(m - n, kDim, 10000.0);
        double sum = 0.0;
        for (int d = 0; d < kDim; ++d)
            sum +=
                c.q(m, d) * c.k(n, d) + c.q(m, d) * r[d] + enc.u[d] * c.k(n, d) + enc.v[d] * r[d];
        return sum * c.inv_sqrt_d;
    });
}

TEST(Attention, T5AddsTheBucketBias) {
    Content c;
    T5Bias enc = T5Bias::seeded(8, 10, true, 8);
    expect_logits(enc, c, [&](int m, int n) {
        int bucket = t5_relative_position_bucket(n - m, true, 8, 10);
        return c.content(m, n) + enc.bucket_bias[bucket];
    });
}

TEST(Attention, AlibiAddsMinusSlopeTimesDistance) {
    Content c;
    AlibiBias enc{4, 1, false};
    // 4 heads: start = 2^(-8/4) = 1/4, slopes 1/4, 1/16, 1/64, 1/256; head 1 -> 1/16.
    expect_logits(enc, c, [&](int m, int n) { return c.content(m, n) - std::abs(m - n) / 16.0; });
}

TEST(Attention, AlibiOwnCausalFlagMasksToo) {
    Content c;
    Matrix logits = attention_logits(AlibiBias{4, 0, true}, c.q, c.k, false);
    EXPECT_EQ(logits(0, 1), naive::kNegInf);
    EXPECT_NEAR(logits(5, 2), c.content(5, 2) - 3 * 0.25, 1e-12);
}

TEST(Attention, KerpleAddsTheKernel) {
    Content c;
    expect_logits(KerpleBias{KerpleKind::Log, 2.0, 0.5}, c, [&](int m, int n) {
        return c.content(m, n) - 2.0 * std::log(1.0 + 0.5 * std::abs(m - n));
    });
    expect_logits(KerpleBias{KerpleKind::Power, 0.7, 1.5}, c, [&](int m, int n) {
        return c.content(m, n) - 0.7 * std::pow(std::abs(m - n), 1.5);
    });
}

TEST(Attention, FireAddsTheMlpOfTheNormalisedDistance) {
    Content c;
    FireBias enc = FireBias::seeded(6, 9);
    enc.threshold = 4.0;
    enc.c = 2.0;
    expect_logits(enc, c, [&](int m, int n) {
        double x = std::log(2.0 * std::abs(m - n) + 1.0) / std::log(2.0 * std::max(4, m) + 1.0);
        double mlp = enc.b2;
        for (int h = 0; h < 6; ++h)
            mlp += enc.w2(0, h) * std::max(0.0, enc.w1(h, 0) * x + enc.b1[h]);
        return c.content(m, n) + mlp;
    });
}

TEST(Attention, RopeRotatesBothSides) {
    Content c;
    RopeEncoding enc;
    enc.dim = kDim;
    Matrix qr = naive::rotate_interleaved(c.q, 10000.0, kDim);
    Matrix kr = naive::rotate_interleaved(c.k, 10000.0, kDim);
    expect_logits(enc, c, [&](int m, int n) { return naive::dot(qr, m, kr, n) * c.inv_sqrt_d; });
}

TEST(Attention, XPosScalesByZetaToTheOffset) {
    Content c;
    XPosEncoding enc;
    enc.rope.dim = kDim;
    enc.scale_base = 8.0;
    Matrix qr = naive::rotate_interleaved(c.q, 10000.0, kDim);
    Matrix kr = naive::rotate_interleaved(c.k, 10000.0, kDim);
    expect_logits(enc, c, [&](int m, int n) {
        double sum = 0.0;
        for (int d = 0; d < kDim; ++d) {
            int i = d / 2;
            double zeta = (2.0 * i / kDim + 0.4) / 1.4;
            sum += qr(m, d) * kr(n, d) * std::pow(zeta, (m - n) / 8.0);
        }
        return sum * c.inv_sqrt_d;
    });
}

TEST(Attention, RejectsMismatchedShapes) {
    Content c;
    EXPECT_INPUT_ERROR(attention_logits(NoPE{}, c.q, c.k.topRows(5), false), "--keys");
    EXPECT_INPUT_ERROR(attention_logits(NoPE{}, c.q, c.k.leftCols(4), false), "--keys");
    EXPECT_INPUT_ERROR(attention_logits(NoPE{}, Matrix(), Matrix(), false), "--queries");
    RopeEncoding rope;
    rope.dim = 16;
    EXPECT_INPUT_ERROR(attention_logits(rope, c.q, c.k, false), "--dim");
    EXPECT_INPUT_ERROR(attention_logits(SinusoidalEncoding{16}, c.q, c.k, false), "--dim");
    EXPECT_INPUT_ERROR(attention_logits(LearnedEncoding::seeded(5, kDim, 1), c.q, c.k, false),
                       "--seq-len");
    EXPECT_INPUT_ERROR(attention_logits(ShawRelative::seeded(kLen - 1, kDim, 1), c.q, c.k, false),
                       "--rel-table");
}

TEST(Attention, EncodingNamesAsOnTheCommandLine) {
    EXPECT_EQ(encoding_name(NoPE{}), "nope");
    EXPECT_EQ(encoding_name(RopeEncoding{}), "rope");
    EXPECT_EQ(encoding_name(TransformerXL{}), "xl");
    EXPECT_EQ(encoding_name(XPosEncoding{}), "xpos");
}

TEST(Softmax, WorkedByHand) {
    // [0, ln 2, -inf]: exp -> [1, 2, 0] / 3.  [1000, 1001]: stabilised, [1, e] / (1 + e).
    Matrix logits(2, 3);
    logits << 0.0, std::log(2.0), naive::kNegInf, 1000.0, 1001.0, naive::kNegInf;
    Matrix p = softmax_rows(logits);
    EXPECT_NEAR(p(0, 0), 1.0 / 3.0, 1e-15);
    EXPECT_NEAR(p(0, 1), 2.0 / 3.0, 1e-15);
    EXPECT_EQ(p(0, 2), 0.0);
    EXPECT_NEAR(p(1, 0), 1.0 / (1.0 + std::exp(1.0)), 1e-15);
    EXPECT_NEAR(p(1, 1), std::exp(1.0) / (1.0 + std::exp(1.0)), 1e-15);
    EXPECT_EQ(p(1, 2), 0.0);
}

TEST(Softmax, MaskedEntriesAreExactlyZeroAndRowsSumToOne) {
    Content c;
    Matrix p = softmax_rows(attention_logits(NoPE{}, c.q, c.k, true));
    for (int m = 0; m < kLen; ++m) {
        EXPECT_NEAR(p.row(m).sum(), 1.0, 1e-14);
        for (int n = m + 1; n < kLen; ++n) EXPECT_EQ(p(m, n), 0.0);
    }
    EXPECT_EQ(p(0, 0), 1.0);  // the first query sees only itself
}

TEST(Softmax, RowWithoutFiniteEntriesBecomesZeros) {
    Matrix logits = Matrix::Constant(2, 3, naive::kNegInf);
    logits(1, 1) = 5.0;
    softmax_rows_inplace(logits);
    EXPECT_EQ(logits.row(0), Matrix::Zero(1, 3));
    EXPECT_EQ(logits(1, 1), 1.0);
}

TEST(CausalMask, WritesMinusInfinityAboveTheDiagonal) {
    Matrix logits = Matrix::Ones(3, 3);
    apply_causal_mask(logits);
    for (int m = 0; m < 3; ++m)
        for (int n = 0; n < 3; ++n) EXPECT_EQ(logits(m, n), n > m ? naive::kNegInf : 1.0);
}

}  // namespace
}  // namespace posviz
