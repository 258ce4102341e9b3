// FIRE (Li et al. 2024, "Functional Interpolation for Relative Positions Improves Long Context
// Transformers", eq. 3-4): b(i, j) = f_theta( psi(i - j) / psi(max(L_thr, i)) ), psi(x) = log(c·x +
// 1), f_theta a small MLP (1 -> hidden -> 1, ReLU). The max(L_thr, i) normaliser is the paper's
// progressive interpolation. FIRE is causal: for j > i we use psi(|i - j|) so that the symmetric
// picture is still defined, and the causal mask removes those entries when asked.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace posviz {

struct FireBias {
    double c = 1.0;            // psi's scale (learned in the paper; fixed here)
    double threshold = 512.0;  // L_thr of progressive interpolation
    Matrix w1;                 // (hidden, 1)
    Vector b1;                 // (hidden)
    Matrix w2;                 // (1, hidden)
    double b2 = 0.0;

    static FireBias seeded(int hidden, uint64_t seed);
    void validate() const;  // c, threshold finite and > 0; MLP shapes agree
    double mlp(double x) const;
    Matrix bias(int seq_len) const;
};

}  // namespace posviz
