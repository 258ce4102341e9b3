// Analyses of a learned absolute position table (rows = positions, columns = model dims), e.g.
// GPT-2's wpe.weight: principal components (does the table trace a low-dimensional curve, such as
// a helix?) and the cosine similarity of every pair of positions.
#pragma once

#include "core/types.h"

namespace posviz {

struct TablePca {
    Matrix projection;                // (L, k): centred rows on each component
    Matrix components;                // (k, D): unit principal directions, largest variance first
    Vector explained_variance_ratio;  // (k): each component's share of the total variance
};

// PCA of the rows, centred on their mean: the top-k eigenvectors of the D×D covariance (Eigen's
// SelfAdjointEigenSolver). Each component's sign is fixed so that its largest-|loading| entry
// (the first, on ties) is positive, so the output is deterministic. Throws InputError("--table")
// for fewer than 2 rows, non-finite entries or rows that are all equal, and
// InputError("--components") for k outside [1, D].
TablePca table_pca(const Matrix& table, int k);

// (L, L): cos of the angle between rows i and j. A zero row (RoBERTa's padding position) has no
// direction; its similarities are 0, including with itself.
Matrix cosine_similarity(const Matrix& table);

}  // namespace posviz
