// Dense L×L logits computed without the Toeplitz shortcut of core/toeplitz.h, as the reference for
// its tests (test_toeplitz.cpp, test_gpu_attention.cpp): the encodings' own L×L methods (rotate,
// ShawRelative::logits, TransformerXL::logits) followed by per-(m, n) dot products, and the papers'
// per-(m, n) formulas for the biases. Whether the rows of the content are identical plays no part.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "core/attention.h"
#include "naive_reference.h"

namespace posviz::dense {

// [m, n] = queries.row(m) · keys.row(n) / sqrt(D), one (m, n) at a time.
inline Matrix dot_logits(const Matrix& queries, const Matrix& keys) {
    const double scale = 1.0 / std::sqrt(double(queries.cols()));
    return naive::matrix_of(int(queries.rows()), int(keys.rows()),
                            [&](int m, int n) { return naive::dot(queries, m, keys, n) * scale; });
}

// The logits of attention_logits without the causal mask, for content whose rows may well be
// identical. Covers NoPE, RoPE, xPos, Shaw, Transformer-XL, ALiBi, KERPLE and T5.
inline Matrix logits(const Encoding& encoding, const Matrix& queries, const Matrix& keys) {
    const int seq_len = int(queries.rows());
    const Matrix content = dot_logits(queries, keys);
    auto plus_bias = [&](auto bias) {
        return naive::matrix_of(seq_len, seq_len,
                                [&](int m, int n) { return content(m, n) + bias(m, n); });
    };
    if (std::holds_alternative<NoPE>(encoding)) return content;
    if (const auto* e = std::get_if<RopeEncoding>(&encoding))
        return dot_logits(e->rotate(queries), e->rotate(keys));
    if (const auto* e = std::get_if<XPosEncoding>(&encoding))
        return dot_logits(e->rotate_queries(queries), e->rotate_keys(keys));
    if (const auto* e = std::get_if<ShawRelative>(&encoding)) return e->logits(queries, keys);
    if (const auto* e = std::get_if<TransformerXL>(&encoding)) return e->logits(queries, keys);
    // Press et al. 2022 §3: -slope·|m - n|, -inf for n > m when causal.
    if (const auto* e = std::get_if<AlibiBias>(&encoding))
        return plus_bias([&](int m, int n) {
            return e->causal && n > m ? naive::kNegInf : -e->slope() * std::abs(m - n);
        });
    // Chi et al. 2022 §4.
    if (const auto* e = std::get_if<KerpleBias>(&encoding))
        return plus_bias([&](int m, int n) {
            const double d = std::abs(m - n);
            return e->kind == KerpleKind::Log ? -e->r1 * std::log(1.0 + e->r2 * d)
                                              : -e->r1 * std::pow(d, e->r2);
        });
    if (const auto* e = std::get_if<T5Bias>(&encoding))
        return plus_bias([&](int m, int n) {
            return e->bucket_bias[t5_relative_position_bucket(n - m, e->bidirectional,
                                                              e->num_buckets, e->max_distance)];
        });
    ADD_FAILURE() << "no dense reference for " << encoding_name(encoding);
    return Matrix();
}

}  // namespace posviz::dense
