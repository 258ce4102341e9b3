// Transformer-XL relative attention (Dai et al. 2019, §3.3, the four-term score):
//   A_ij = (a) q_i·k_j + (b) q_i·W_R R_{i-j} + (c) u·k_j + (d) v·W_R R_{i-j}
// R_{i-j} is the sinusoidal encoding of the offset i-j (interleaved layout, base 10000), and
// W_R = identity here unless a matrix is given. Every term is divided by sqrt(D) like the sum.
#pragma once

#include <array>
#include <cstdint>

#include "core/types.h"

namespace posviz {

struct TransformerXL {
    Vector u;    // global content bias (D)
    Vector v;    // global position bias (D)
    Matrix w_r;  // (D, D); empty means identity
    double base = 10000.0;

    static TransformerXL seeded(int dim, uint64_t seed);
    // terms[0..3] = (a), (b), (c), (d), each (L, L) and already divided by sqrt(D).
    std::array<Matrix, 4> terms(const Matrix& queries, const Matrix& keys) const;
    Matrix logits(const Matrix& queries, const Matrix& keys) const;  // sum of the four
    // The logits when every query is `query` and every key is `key`: they depend on i - j only,
    // 2L-1 values at index (j - i) + L - 1 (key j, query i).
    Vector logits_of_offsets(const Vector& query, const Vector& key, int seq_len) const;
};

}  // namespace posviz
