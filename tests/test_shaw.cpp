// Shaw et al. 2018 relative positions against a naive triple loop over (m, n, d), with and
// without clipping.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/encodings/shaw.h"
#include "core/random.h"
#include "expect_input_error.h"

namespace posviz {
namespace {

// eq. (5): e_mn = (q_m · k_n + q_m · R_{clip(m - n, k)}) / sqrt(D), R row (offset) + (L - 1).
Matrix naive_shaw(const Matrix& q, const Matrix& k, const Matrix& table, int clip) {
    const int seq_len = int(q.rows()), dim = int(q.cols());
    Matrix out(seq_len, seq_len);
    for (int m = 0; m < seq_len; ++m) {
        for (int n = 0; n < seq_len; ++n) {
            int offset = m - n;
            if (clip > 0) offset = std::max(-clip, std::min(clip, offset));
            double sum = 0.0;
            for (int d = 0; d < dim; ++d)
                sum += q(m, d) * k(n, d) + q(m, d) * table(offset + seq_len - 1, d);
            out(m, n) = sum / std::sqrt(double(dim));
        }
    }
    return out;
}

TEST(Shaw, RowsForOffsets) {
    ShawRelative shaw = ShawRelative::seeded(5, 2, 1);
    EXPECT_EQ(shaw.row_for_offset(-4, 5), 0);
    EXPECT_EQ(shaw.row_for_offset(0, 5), 4);
    EXPECT_EQ(shaw.row_for_offset(4, 5), 8);
    shaw.clip = 2;  // offsets clip to [-2, 2]: rows 2 .. 6
    EXPECT_EQ(shaw.row_for_offset(-4, 5), 2);
    EXPECT_EQ(shaw.row_for_offset(-2, 5), 2);
    EXPECT_EQ(shaw.row_for_offset(1, 5), 5);
    EXPECT_EQ(shaw.row_for_offset(3, 5), 6);
}

TEST(Shaw, LogitsMatchNaiveLoopWithAndWithoutClipping) {
    const int seq_len = 17, dim = 6;
    Matrix q = random_normal_matrix(seq_len, dim, 1.0, 1);
    Matrix k = random_normal_matrix(seq_len, dim, 1.0, 2);
    for (int clip : {0, 1, 4, 16, 40}) {
        ShawRelative shaw = ShawRelative::seeded(seq_len, dim, 3, clip);
        Matrix expected = naive_shaw(q, k, shaw.rel_table, clip);
        EXPECT_LT((shaw.logits(q, k) - expected).cwiseAbs().maxCoeff(), 1e-12) << "clip " << clip;
    }
}

TEST(Shaw, ClippingMakesFarOffsetsShareOneRow) {
    // With k = 2, every key at distance >= 2 on the same side contributes the same position term:
    // logits minus the content term are constant along those offsets.
    const int seq_len = 9, dim = 4;
    Matrix q = random_normal_matrix(seq_len, dim, 1.0, 4);
    Matrix k = Matrix::Zero(seq_len, dim);  // no content term
    ShawRelative shaw = ShawRelative::seeded(seq_len, dim, 5, 2);
    Matrix logits = shaw.logits(q, k);
    for (int m = 0; m < seq_len; ++m)
        for (int n = 0; n + 2 <= m; ++n) EXPECT_NEAR(logits(m, n), logits(m, m - 2), 1e-15);
}

TEST(Shaw, RejectsTablesOfTheWrongSize) {
    Matrix q = Matrix::Ones(5, 4);
    EXPECT_INPUT_ERROR(ShawRelative::seeded(4, 4, 1).logits(q, q), "--rel-table");
    EXPECT_INPUT_ERROR(ShawRelative::seeded(5, 3, 1).logits(q, q), "--rel-table");
    EXPECT_INPUT_ERROR(ShawRelative::seeded(5, 4, 1).logits(q, Matrix::Ones(4, 4)), "--keys");
    EXPECT_INPUT_ERROR(ShawRelative::seeded(5, 4, 1, -1), "--shaw-clip");
    EXPECT_INPUT_ERROR(ShawRelative::seeded(0, 4, 1), "--seq-len");
}

}  // namespace
}  // namespace posviz
