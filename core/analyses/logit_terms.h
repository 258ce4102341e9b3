// Seed 001 §3.1: with an additive PE, (x_i + p_i)·(x_j + p_j) splits into four terms —
// content·content, content·position, position·content, position·position — each / sqrt(D).
#pragma once

#include <array>

#include "core/types.h"

namespace posviz {

// queries, keys, pe: (L, D). Returns {x_i·x_j, x_i·p_j, p_i·x_j, p_i·p_j}, each (L, L) / sqrt(D).
std::array<Matrix, 4> additive_logit_terms(const Matrix& queries, const Matrix& keys,
                                           const Matrix& pe);

}  // namespace posviz
