#include "core/attention_rows.h"

#include <cmath>
#include <limits>

#include "core/encodings/checks.h"
#include "core/overloaded.h"

namespace posviz {

std::optional<AttentionRows> AttentionRows::prepare(const Encoding& encoding, const Matrix& queries,
                                                    const Matrix& keys, bool causal) {
    check_queries_keys(queries, keys);
    const int seq_len = int(queries.rows());
    auto check_dim = [&](Eigen::Index encoding_dim) {
        check_encoding_dim(encoding_dim, queries.cols());
    };
    AttentionRows r;
    r.causal_ = causal;
    // The same encodings of the content as attention_logits (core/attention.cpp).
    auto set = [&](Matrix q, Matrix k) {
        r.scaled_queries_ = std::move(q) * (1.0 / std::sqrt(double(queries.cols())));
        r.keys_ = std::move(k);
        return true;
    };
    auto with_bias = [&](Vector bias) {
        r.bias_of_offsets_ = std::move(bias);
        return set(queries, keys);
    };
    const bool supported =
        std::visit(Overloaded{
                       [&](const NoPE&) { return set(queries, keys); },
                       [&](const SinusoidalEncoding& e) {
                           e.validate();
                           check_dim(e.dim);
                           const Matrix p = e.table(seq_len);
                           return set(queries + p, keys + p);
                       },
                       [&](const LearnedEncoding& e) {
                           const Matrix p = e.positions(seq_len);
                           check_dim(p.cols());
                           return set(queries + p, keys + p);
                       },
                       [&](const ShawRelative&) { return false; },
                       [&](const TransformerXL&) { return false; },
                       [&](const FireBias&) { return false; },
                       [&](const T5Bias& e) { return with_bias(e.bias_of_offsets(seq_len)); },
                       [&](const AlibiBias& e) { return with_bias(e.bias_of_offsets(seq_len)); },
                       [&](const KerpleBias& e) { return with_bias(e.bias_of_offsets(seq_len)); },
                       [&](const RopeEncoding& e) {
                           check_dim(e.dim);
                           return set(e.rotate(queries), e.rotate(keys));
                       },
                       [&](const XPosEncoding& e) {
                           check_dim(e.rope.dim);
                           return set(e.rotate_queries(queries), e.rotate_keys(keys));
                       },
                   },
                   encoding);
    if (!supported) return std::nullopt;
    return r;
}

Matrix AttentionRows::rows(long first, long count) const {
    const long seq_len = keys_.rows();
    Matrix out(count, seq_len);
    out.noalias() = scaled_queries_.middleRows(first, count) * keys_.transpose();
    // Bias and mask row by row, shared between the cores (the whole matrix at L = 4096 is 16M
    // entries).
#pragma omp parallel for schedule(static) if (count * seq_len > (1L << 16))
    for (long i = 0; i < count; ++i) {
        const long m = first + i;
        if (bias_of_offsets_)
            out.row(i) += bias_of_offsets_->segment(seq_len - 1 - m, seq_len).transpose();
        if (causal_ && m + 1 < seq_len)
            out.row(i).tail(seq_len - 1 - m).setConstant(-std::numeric_limits<double>::infinity());
    }
    return out;
}

}  // namespace posviz
