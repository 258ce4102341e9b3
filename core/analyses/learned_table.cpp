#include "core/analyses/learned_table.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <string>

#include "core/cancellation.h"
#include "core/input_error.h"
#include "core/limits.h"

namespace posviz {

namespace {

void check_finite(const Matrix& table) {
    for (Eigen::Index r = 0; r < table.rows(); ++r)
        for (Eigen::Index c = 0; c < table.cols(); ++c)
            if (!std::isfinite(table(r, c)))
                throw InputError("--table",
                                 "a non-finite entry at row " + std::to_string(r) + ", column " +
                                     std::to_string(c),
                                 "finite numbers");
}

}  // namespace

TablePca table_pca(const Matrix& table, int k) {
    if (table.rows() < 2 || table.cols() < 1)
        throw InputError("--table",
                         std::to_string(table.rows()) + "×" + std::to_string(table.cols()),
                         "at least 2 positions and 1 dim");
    check_finite(table);
    // The eigendecomposition below cannot stop halfway and takes O(D³): D is bounded so that it
    // ends within seconds (a build cancelled meanwhile stops right after it).
    if (table.cols() > limits::kMaxPcaDim)
        throw InputError("--dim", std::to_string(table.cols()),
                         "at most " + std::to_string(limits::kMaxPcaDim) +
                             " dims for the pca figure (its eigendecomposition takes O(D³))");
    if (k < 1 || k > table.cols())
        throw InputError(
            "--components", std::to_string(k),
            "an integer in [1, " + std::to_string(table.cols()) + "] (the table's dims)");

    const Matrix centred = table.rowwise() - table.colwise().mean();
    // centredᵀ · centred, in tiles a cancelled build stops between.
    const Matrix columns = centred.transpose();
    const Matrix covariance = product_with_transpose(columns, columns) / double(table.rows() - 1);
    const double total_variance = covariance.trace();
    if (!(total_variance > 0.0))
        throw InputError("--table", "rows that are all equal", "positions that differ");

    // Eigenvalues come in increasing order; the principal components are the last k.
    throw_if_cancelled();
    Eigen::SelfAdjointEigenSolver<Matrix> solver(covariance);
    throw_if_cancelled();
    const Eigen::Index dims = table.cols();
    TablePca out;
    out.components.resize(k, dims);
    out.explained_variance_ratio.resize(k);
    for (int j = 0; j < k; ++j) {
        Vector direction = solver.eigenvectors().col(dims - 1 - j);
        Eigen::Index largest = 0;
        direction.cwiseAbs().maxCoeff(&largest);  // first index on ties
        if (direction[largest] < 0.0) direction = -direction;
        out.components.row(j) = direction.transpose();
        // Rounding can leave a tiny negative eigenvalue where the variance is zero.
        out.explained_variance_ratio[j] =
            std::max(solver.eigenvalues()[dims - 1 - j], 0.0) / total_variance;
    }
    out.projection = centred * out.components.transpose();
    return out;
}

Matrix cosine_similarity(const Matrix& table) {
    check_finite(table);
    Vector inverse_norms = table.rowwise().norm();
    for (Eigen::Index i = 0; i < inverse_norms.size(); ++i)
        inverse_norms[i] = inverse_norms[i] > 0.0 ? 1.0 / inverse_norms[i] : 0.0;
    const Matrix unit = inverse_norms.asDiagonal() * table;
    return product_with_transpose(unit, unit);
}

}  // namespace posviz
