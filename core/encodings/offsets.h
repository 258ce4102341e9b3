// Matrices whose entry [m, n] (query m, key n) depends on the offset n - m only — Toeplitz
// matrices, like every relative bias — are kept as their 2L-1 values per offset, at index
// (n - m) + (L - 1): first the offset -(L-1) (m = L-1, n = 0), last L-1 (m = 0, n = L-1).
#pragma once

#include <cassert>

#include "core/types.h"

namespace posviz {

// The (L, L) matrix [m, n] = of_offsets[(n - m) + L - 1].
template <class Scalar>
Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> toeplitz_matrix(
    const Eigen::Matrix<Scalar, Eigen::Dynamic, 1>& of_offsets, int seq_len) {
    assert(of_offsets.size() == 2 * Eigen::Index(seq_len) - 1);
    Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> out(seq_len, seq_len);
    // Row m meets the offsets -m ... L-1-m: a contiguous run of the table. Filling (and first
    // touching) the L² entries is all the work left, so the rows are shared between the cores.
#pragma omp parallel for schedule(static)
    for (int m = 0; m < seq_len; ++m)
        out.row(m) = of_offsets.segment(seq_len - 1 - m, seq_len).transpose();
    return out;
}

}  // namespace posviz
