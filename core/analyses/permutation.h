// Self-attention without position information is permutation-equivariant:
// attention(P·X) = P·attention(X)·Pᵀ for the (L, L) probabilities. With a PE it is not.
#pragma once

#include <cstdint>
#include <vector>

#include "core/attention.h"

namespace posviz {

struct PermutationStudy {
    std::vector<int> permutation;  // token at new position r was at permutation[r]
    Matrix attention_x;            // probabilities of X under the encoding
    Matrix attention_px;           // probabilities of P·X under the encoding
    Matrix permuted_attention_x;   // P·attention(X)·Pᵀ: what attention(P·X) would be if blind
    double residual_without_pe = 0.0;  // max |attn_nope(PX) − P attn_nope(X) Pᵀ| (≈ 0)
    double residual_with_pe = 0.0;     // the same under `encoding` (> 0 for a real PE)
};

// content: (L, D) token vectors used as both queries and keys; seed picks the permutation.
PermutationStudy permutation_study(const Encoding& encoding, const Matrix& content, uint64_t seed);
// The same with the permutation given: the token at new position r was at permutation[r].
PermutationStudy permutation_study(const Encoding& encoding, const Matrix& content,
                                   std::vector<int> permutation);

}  // namespace posviz
