// PCA and cosine similarity of position tables whose answers are known by construction.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "core/analyses/learned_table.h"
#include "expect_input_error.h"

namespace posviz {
namespace {

// Row m = offset + 3·cos(2πm/L)·u1 + 2·sin(2πm/L)·u2 + 1·cos(4πm/L)·u3, with u1, u2, u3
// orthonormal. Over a whole period the three waves have zero mean and are mutually orthogonal
// (discrete Fourier orthogonality, L > 4), each with sum of squares L/2, so the centred covariance
// has eigenvalues (9, 4, 1)·L/(2(L−1)) along u1, u2, u3 and 0 elsewhere.
constexpr int kPositions = 64;
const Vector kU1{{0.6, 0.8, 0.0, 0.0, 0.0}};
const Vector kU2{{0.8, -0.6, 0.0, 0.0, 0.0}};
const Vector kU3{{0.0, 0.0, 0.28, 0.96, 0.0}};

double wave(int j, int m) {
    const double phase = 2.0 * std::numbers::pi * m / kPositions;
    return j == 0 ? 3.0 * std::cos(phase) : j == 1 ? 2.0 * std::sin(phase) : std::cos(2.0 * phase);
}

Matrix helix_table() {
    const Vector offset{{5.0, -1.0, 2.0, 0.0, 7.0}};
    Matrix table(kPositions, 5);
    for (int m = 0; m < kPositions; ++m)
        table.row(m) =
            (offset + wave(0, m) * kU1 + wave(1, m) * kU2 + wave(2, m) * kU3).transpose();
    return table;
}

TEST(LearnedTable, PcaRecoversAKnownHelix) {
    TablePca pca = table_pca(helix_table(), 3);
    ASSERT_EQ(pca.projection.rows(), kPositions);
    ASSERT_EQ(pca.projection.cols(), 3);
    ASSERT_EQ(pca.components.rows(), 3);
    ASSERT_EQ(pca.components.cols(), 5);
    // Each u's largest entry is positive, so the sign convention keeps them as they are.
    const Vector* directions[] = {&kU1, &kU2, &kU3};
    for (int j = 0; j < 3; ++j)
        for (int d = 0; d < 5; ++d)
            EXPECT_NEAR(pca.components(j, d), (*directions[j])[d], 1e-12) << j << "," << d;
    EXPECT_NEAR(pca.explained_variance_ratio[0], 9.0 / 14.0, 1e-12);
    EXPECT_NEAR(pca.explained_variance_ratio[1], 4.0 / 14.0, 1e-12);
    EXPECT_NEAR(pca.explained_variance_ratio[2], 1.0 / 14.0, 1e-12);
    for (int m = 0; m < kPositions; ++m)
        for (int j = 0; j < 3; ++j) EXPECT_NEAR(pca.projection(m, j), wave(j, m), 1e-12);
}

TEST(LearnedTable, SignConventionMakesLargestLoadingPositive) {
    // The same helix with every direction negated has the same components after the sign fix;
    // the projections flip instead.
    Matrix flipped = -helix_table();
    TablePca pca = table_pca(flipped, 2);
    for (int d = 0; d < 5; ++d) EXPECT_NEAR(pca.components(0, d), kU1[d], 1e-12);
    for (int m = 0; m < kPositions; ++m) EXPECT_NEAR(pca.projection(m, 0), -wave(0, m), 1e-12);
    // A zero-variance direction asked for: ratio 0 (not a tiny negative number).
    TablePca all = table_pca(helix_table(), 5);
    EXPECT_GE(all.explained_variance_ratio[3], 0.0);
    EXPECT_NEAR(all.explained_variance_ratio.sum(), 1.0, 1e-12);
}

TEST(LearnedTable, CosineSimilarityByHand) {
    Matrix table{{1.0, 0.0}, {1.0, 1.0}, {0.0, -2.0}, {0.0, 0.0}};
    Matrix s = cosine_similarity(table);
    const double h = 1.0 / std::sqrt(2.0);
    Matrix expected{{1.0, h, 0.0, 0.0},
                    {h, 1.0, -h, 0.0},
                    {0.0, -h, 1.0, 0.0},
                    {0.0, 0.0, 0.0, 0.0}};  // the zero row: 0 everywhere
    ASSERT_EQ(s.rows(), 4);
    ASSERT_EQ(s.cols(), 4);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) EXPECT_NEAR(s(i, j), expected(i, j), 1e-15) << i << "," << j;
}

TEST(LearnedTable, RejectsBadInput) {
    EXPECT_INPUT_ERROR(table_pca(helix_table(), 0), "--components");
    EXPECT_INPUT_ERROR(table_pca(helix_table(), 6), "--components");
    EXPECT_INPUT_ERROR(table_pca(Matrix::Ones(1, 5), 1), "--table");
    EXPECT_INPUT_ERROR(table_pca(Matrix::Ones(4, 5), 1), "--table");  // no variance
    Matrix with_nan = helix_table();
    with_nan(3, 2) = std::numeric_limits<double>::quiet_NaN();
    EXPECT_INPUT_ERROR(table_pca(with_nan, 2), "--table");
    EXPECT_INPUT_ERROR(cosine_similarity(with_nan), "--table");
}

}  // namespace
}  // namespace posviz
