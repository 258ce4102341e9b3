// Analyses of an absolute PE matrix (rows = positions, columns = dimensions).
#pragma once

#include <vector>

#include "core/encodings/sinusoidal.h"
#include "core/types.h"

namespace posviz {

// (L, k): the columns `dims` of pe (the seeds plot dims 2, 6, 12 over 128 positions).
// Throws InputError("--dims", ...) for a dim outside [0, D).
Matrix pe_curves(const Matrix& pe, const std::vector<int>& dims);

// (L, L): PE(i)·PE(j).
Matrix pe_similarity(const Matrix& pe);

// The fixed-offset linear map of seed 001 §1.2: PE(pos + k) = T_k · PE(pos), T_k block-diagonal
// with one 2×2 rotation R(omega_i·k) per (sin, cos) pair, built from the formula (not fitted).
// residual = max |PE(pos + k) − T_k·PE(pos)| over pos = 0 .. seq_len-1.
struct OffsetMap {
    Matrix t_k;  // (D, D)
    double residual = 0.0;
};
OffsetMap fixed_offset_map(const SinusoidalEncoding& encoding, int k, int seq_len);

}  // namespace posviz
