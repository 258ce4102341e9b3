// The Toeplitz shortcut of attention_logits (GPU issue "Toeplitz"): when the content is
// position-independent — the same query vector at every position and the same key vector, as
// content "ones" — a relative encoding's logit [m, n] depends on n - m only. Its 2L-1 values per
// offset (O(L·D) work) then give the whole L×L matrix instead of L² D-long dot products.
#pragma once

#include <optional>

#include "core/attention.h"
#include "core/encodings/offsets.h"

namespace posviz {

// True when every row of x equals its first (exactly).
bool rows_identical(const Matrix& x);

// The logits of query vector `query` at every position m and key vector `key` at every position n,
// as the 2L-1 values at index (n - m) + L - 1 (core/encodings/offsets.h): including 1/sqrt(D) and
// any bias, without the causal mask (ALiBi's own causal flag does make offsets n > m -inf).
// nullopt for the encodings whose logits then still depend on absolute position: sinusoidal and
// learned (the cross terms q·p_n and p_m·k), and FIRE (its normaliser psi(max(L_thr, m))).
// Throws InputError for the input attention_logits rejects.
std::optional<Vector> offset_logits(const Encoding& encoding, const Vector& query,
                                    const Vector& key, int seq_len);

}  // namespace posviz
