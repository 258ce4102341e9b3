// The R×R max |value| reduction of an L×L map: worked by hand on small matrices, and the Toeplitz
// route (from 2L-1 offset values) against the dense route on maps built here.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/analyses/block_reduction.h"
#include "core/random.h"
#include "expect_input_error.h"

namespace posviz {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

TEST(BlockReduction, TakesTheLargestMagnitudeOfEachBlock) {
    Matrix dense(4, 4);
    dense << 1, -2, 0, 0,  //
        0, 1, 3, -1,       //
        -5, 0, 0, 0.5,     //
        0, 4, 0, kNegInf;
    const Matrix reduced = block_max_abs(dense, 2);
    ASSERT_EQ(reduced.rows(), 2);
    EXPECT_DOUBLE_EQ(reduced(0, 0), 2.0);  // {1, -2, 0, 1}
    EXPECT_DOUBLE_EQ(reduced(0, 1), 3.0);  // {0, 0, 3, -1}
    EXPECT_DOUBLE_EQ(reduced(1, 0), 5.0);  // {-5, 0, 0, 4}
    EXPECT_DOUBLE_EQ(reduced(1, 1), 0.5);  // {0, 0.5, 0, -inf}: the masked entry is skipped
}

TEST(BlockReduction, UnevenBlocksFollowFloorOfIL_over_R) {
    // L = 5, R = 2: blocks [0, 2) and [2, 5).
    EXPECT_EQ(reduction_block_start(1, 5, 2), 2);
    Matrix dense = Matrix::Zero(5, 5);
    dense(1, 1) = 7;   // block (0, 0)
    dense(2, 1) = -8;  // block (1, 0): row 2 is in the second block
    dense(4, 4) = kNegInf;
    dense(0, 4) = 9;  // block (0, 1)
    const Matrix reduced = block_max_abs(dense, 2);
    EXPECT_DOUBLE_EQ(reduced(0, 0), 7.0);
    EXPECT_DOUBLE_EQ(reduced(1, 0), 8.0);
    EXPECT_DOUBLE_EQ(reduced(0, 1), 9.0);
    EXPECT_DOUBLE_EQ(reduced(1, 1), 0.0);
}

TEST(BlockReduction, AFullyMaskedBlockIsMinusInfinityAndRIsCappedAtL) {
    Matrix dense = Matrix::Constant(3, 3, kNegInf);
    const Matrix reduced = block_max_abs(dense, 10);
    ASSERT_EQ(reduced.rows(), 3);
    EXPECT_EQ(reduced(2, 1), kNegInf);
    EXPECT_INPUT_ERROR(block_max_abs(dense, 0), "--resolution");
}

TEST(BlockReduction, ToeplitzRouteEqualsTheDenseRoute) {
    for (int seq_len : {1, 7, 37, 64})
        for (int resolution : {1, 5, 8, 64})
            for (bool causal : {false, true}) {
                const Vector offsets = random_normal_matrix(2 * seq_len - 1, 1, 1.0, 11).col(0);
                Matrix dense(seq_len, seq_len);
                for (int m = 0; m < seq_len; ++m)
                    for (int n = 0; n < seq_len; ++n)
                        dense(m, n) = causal && n > m ? kNegInf : offsets[n - m + seq_len - 1];
                const Matrix expected = block_max_abs(dense, resolution);
                const Matrix got = block_max_abs_of_offsets(offsets, seq_len, resolution, causal);
                ASSERT_EQ(got.rows(), expected.rows());
                for (Eigen::Index i = 0; i < got.size(); ++i)
                    EXPECT_EQ(got.data()[i], expected.data()[i])
                        << "L " << seq_len << " R " << resolution << " causal " << causal;
            }
}

}  // namespace
}  // namespace posviz
