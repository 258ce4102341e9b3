#include "core/attention_rows.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/cancellation.h"
#include "core/encodings/checks.h"
#include "core/overloaded.h"
#include "core/stage_times.h"

namespace posviz {

namespace {

using MatrixF = AttentionRows::MatrixF;

// a · bᵀ in float32, written into a double matrix a tile at a time: the result is written once,
// never zero-filled first (Eigen zero-fills a product's destination: a pass over 32 MiB at
// L = 2048), each tile converted while in cache. The tiles are shared out between the cores one
// at a time, each a product on one core: Eigen's own split of one product between the cores is
// static, so that a core taken away (the GUI's frame drawn on Mesa's llvmpipe, beside the build)
// could hold the other at the end of a product. Alone, L = 2048, D = 128: 4.5 → 4.0 ms on two
// cores. A cancelled build stops within a tile.
Matrix product_in_float(const Eigen::Ref<const MatrixF>& a, const Eigen::Ref<const MatrixF>& b) {
    constexpr Eigen::Index k_side = 256;  // 64 tiles at L = 2048; 256² floats, 256 KiB, in cache
    const Eigen::Index tiles_down = (a.rows() + k_side - 1) / k_side,
                       tiles_across = (b.rows() + k_side - 1) / k_side;
    Matrix out(a.rows(), b.rows());
    const CancellationCheck cancellation;
#pragma omp parallel if (tiles_down * tiles_across > 1)
    {
        MatrixF tile;
#pragma omp for schedule(dynamic) collapse(2)
        for (Eigen::Index tr = 0; tr < tiles_down; ++tr)
            for (Eigen::Index tc = 0; tc < tiles_across; ++tc) {
                if (cancellation.stop()) continue;
                const Eigen::Index r = tr * k_side, c = tc * k_side;
                const Eigen::Index rows = std::min(k_side, a.rows() - r),
                                   cols = std::min(k_side, b.rows() - c);
                tile.noalias() = a.middleRows(r, rows) * b.middleRows(c, cols).transpose();
                out.block(r, c, rows, cols) = tile.cast<double>();
            }
    }
    throw_if_cancelled();
    return out;
}

// Rows [first, first + out.rows()) of the bias per offset and the causal mask, added to the
// products in `out` (double or float32), row by row, shared between the cores (the whole matrix
// at L = 4096 is 16M entries; inside another parallel loop, serial).
template <class Rows>
void add_bias_and_mask(Rows& out, long first, const std::optional<Vector>& bias_of_offsets,
                       bool causal) {
    using Scalar = typename Rows::Scalar;
    const long seq_len = long(out.cols()), count = long(out.rows());
#pragma omp parallel for schedule(static) if (count * seq_len > (1L << 16))
    for (long i = 0; i < count; ++i) {
        const long m = first + i;
        if (bias_of_offsets)
            out.row(i) +=
                bias_of_offsets->segment(seq_len - 1 - m, seq_len).transpose().cast<Scalar>();
        if (causal && m + 1 < seq_len)
            out.row(i).tail(seq_len - 1 - m).setConstant(-std::numeric_limits<Scalar>::infinity());
    }
}

}  // namespace

std::optional<AttentionRows> AttentionRows::prepare(const Encoding& encoding, const Matrix& queries,
                                                    const Matrix& keys, bool causal,
                                                    bool single_precision) {
    check_queries_keys(queries, keys);
    const int seq_len = int(queries.rows());
    auto check_dim = [&](Eigen::Index encoding_dim) {
        check_encoding_dim(encoding_dim, queries.cols());
    };
    const stage_times::Scope timed(stage_times::Stage::Encoding);
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
                           auto [q, k] = e.rotate_both(queries, keys);
                           return set(std::move(q), std::move(k));
                       },
                       [&](const XPosEncoding& e) {
                           check_dim(e.rope.dim);
                           return set(e.rotate_queries(queries), e.rotate_keys(keys));
                       },
                   },
                   encoding);
    if (!supported) return std::nullopt;
    if (single_precision) {
        r.single_precision_ = true;
        r.scaled_queries_f_ = r.scaled_queries_.cast<float>();
        r.keys_f_ = r.keys_.cast<float>();
    }
    return r;
}

Matrix AttentionRows::rows(long first, long count) const {
    const stage_times::Scope timed(stage_times::Stage::Logits);
    // In tiles, so that a cancelled build stops within one.
    Matrix out = single_precision_
                     ? product_in_float(scaled_queries_f_.middleRows(first, count), keys_f_)
                     : product_with_transpose(scaled_queries_.middleRows(first, count), keys_);
    add_bias_and_mask(out, first, bias_of_offsets_, causal_);
    return out;
}

AttentionRows::MatrixF AttentionRows::rows_single(long first, long count) const {
    const stage_times::Scope timed(stage_times::Stage::Logits);
    MatrixF out = scaled_queries_f_.middleRows(first, count) * keys_f_.transpose();
    add_bias_and_mask(out, first, bias_of_offsets_, causal_);
    return out;
}

Matrix AttentionRows::sampled(long stride) const {
    const stage_times::Scope timed(stage_times::Stage::Logits);
    const long seq_len = keys_.rows(), count = (seq_len + stride - 1) / stride;
    const auto every = Eigen::seqN(0, count, stride);
    const Matrix queries = scaled_queries_(every, Eigen::all), keys = keys_(every, Eigen::all);
    Matrix out = queries * keys.transpose();
    for (long i = 0; i < count; ++i)
        for (long j = 0; j < count; ++j) {
            const long m = i * stride, n = j * stride;
            if (bias_of_offsets_) out(i, j) += (*bias_of_offsets_)[seq_len - 1 - m + n];
            if (causal_ && n > m) out(i, j) = -std::numeric_limits<double>::infinity();
        }
    return out;
}

}  // namespace posviz
