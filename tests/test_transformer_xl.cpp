// Transformer-XL's four terms (Dai et al. 2019 §3.3), each against a naive loop.
#include <gtest/gtest.h>

#include <cmath>

#include "core/encodings/transformer_xl.h"
#include "core/random.h"
#include "expect_input_error.h"
#include "naive_reference.h"

namespace posviz {
namespace {

struct XLCase {
    static constexpr int kLen = 11, kDim = 6;
    Matrix q = random_normal_matrix(kLen, kDim, 1.0, 21);
    Matrix k = random_normal_matrix(kLen, kDim, 1.0, 22);
    TransformerXL xl = TransformerXL::seeded(kDim, 23);
};

// terms[t](i, j) for one (i, j), with R_{i-j} = W_R · sinusoid(i - j).
std::array<double, 4> naive_terms(const XLCase& c, int i, int j) {
    const int dim = XLCase::kDim;
    std::vector<double> sinusoid = naive::sinusoid(i - j, dim, c.xl.base);
    std::vector<double> r(dim, 0.0);
    for (int a = 0; a < dim; ++a)
        for (int b = 0; b < dim; ++b)
            r[a] += (c.xl.w_r.size() ? c.xl.w_r(a, b) : double(a == b)) * sinusoid[b];
    std::array<double, 4> t{};
    for (int d = 0; d < dim; ++d) {
        t[0] += c.q(i, d) * c.k(j, d);  // (a) q_i · k_j
        t[1] += c.q(i, d) * r[d];       // (b) q_i · W_R R_{i-j}
        t[2] += c.xl.u[d] * c.k(j, d);  // (c) u · k_j
        t[3] += c.xl.v[d] * r[d];       // (d) v · W_R R_{i-j}
    }
    for (double& term : t) term /= std::sqrt(double(dim));
    return t;
}

void expect_terms_match(const XLCase& c) {
    std::array<Matrix, 4> terms = c.xl.terms(c.q, c.k);
    Matrix logits = c.xl.logits(c.q, c.k);
    for (int i = 0; i < XLCase::kLen; ++i) {
        for (int j = 0; j < XLCase::kLen; ++j) {
            std::array<double, 4> want = naive_terms(c, i, j);
            for (int t = 0; t < 4; ++t)
                EXPECT_NEAR(terms[t](i, j), want[t], 1e-12)
                    << "term " << t << " at " << i << ", " << j;
            EXPECT_NEAR(logits(i, j), want[0] + want[1] + want[2] + want[3], 1e-12);
        }
    }
}

TEST(TransformerXL, EachTermMatchesNaiveLoop) {
    expect_terms_match(XLCase{});
}

TEST(TransformerXL, WithAPositionProjection) {
    XLCase c;
    c.xl.w_r = random_normal_matrix(XLCase::kDim, XLCase::kDim, 1.0, 24);
    expect_terms_match(c);
}

TEST(TransformerXL, PositionTermsDependOnlyOnTheOffset) {
    // (d) has no content at all: constant along each diagonal i - j.
    XLCase c;
    Matrix d = c.xl.terms(c.q, c.k)[3];
    for (int i = 1; i < XLCase::kLen; ++i)
        for (int j = 1; j < XLCase::kLen; ++j) EXPECT_NEAR(d(i, j), d(i - 1, j - 1), 1e-14);
}

TEST(TransformerXL, RejectsMismatchedSizes) {
    XLCase c;
    EXPECT_INPUT_ERROR(TransformerXL::seeded(4, 1).logits(c.q, c.k), "--dim");
    EXPECT_INPUT_ERROR(TransformerXL::seeded(5, 1), "--dim");
    c.xl.w_r = Matrix::Identity(3, 3);
    EXPECT_INPUT_ERROR(c.xl.terms(c.q, c.k), "--w-r");
    c.xl.w_r.resize(0, 0);
    EXPECT_INPUT_ERROR(c.xl.logits(c.q, c.k.topRows(3)), "--keys");
    c.xl.base = 0.0;
    EXPECT_INPUT_ERROR(c.xl.logits(c.q, c.k), "--base");
}

}  // namespace
}  // namespace posviz
