#include "gpu/gpu_problem.h"

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "core/encodings/checks.h"
#include "core/input_error.h"
#include "core/overloaded.h"
#include "core/toeplitz.h"
#include "gpu/gpu_error.h"

namespace posviz::gpu {

namespace {

std::vector<float> to_float(const Matrix& m) {
    std::vector<float> out(size_t(m.size()));
    for (Eigen::Index i = 0; i < m.size(); ++i) {
        const double v = m.data()[i];
        if (std::isfinite(v) && std::abs(v) > std::numeric_limits<float>::max())
            throw GpuError("a value (" + std::to_string(v) + ") is beyond float32 range");
        out[size_t(i)] = float(v);
    }
    return out;
}

}  // namespace

// Each case mirrors the matching case of core's attention_logits (core/attention.cpp), with the
// same checks, so that bad input fails the same way on either path.
GpuProblem prepare_gpu_problem(const Encoding& encoding, const Matrix& queries, const Matrix& keys,
                               bool causal) {
    check_queries_keys(queries, keys);
    GpuProblem p;
    p.seq_len = int(queries.rows());
    p.dim = int(queries.cols());
    p.causal = causal;
    const int seq_len = p.seq_len;
    // As in attention_logits: position-independent content under a relative encoding has one
    // logit per offset n - m (core/toeplitz.h), formed in double here.
    if (rows_identical(queries) && rows_identical(keys)) {
        if (std::optional<Vector> of_offsets = offset_logits(encoding, queries.row(0).transpose(),
                                                             keys.row(0).transpose(), seq_len)) {
            p.bias = BiasKind::OffsetLogits;
            p.table = to_float(*of_offsets);
            return p;
        }
    }
    auto check_dim = [&](Eigen::Index encoding_dim) { check_encoding_dim(encoding_dim, p.dim); };
    auto set_content = [&](const Matrix& q, const Matrix& k) {
        p.queries = to_float(q);
        p.keys = to_float(k);
    };
    auto additive = [&](const Matrix& positions) {
        check_dim(positions.cols());
        set_content(queries + positions, keys + positions);
    };
    std::visit(Overloaded{
                   [&](const NoPE&) { set_content(queries, keys); },
                   [&](const SinusoidalEncoding& e) {
                       e.validate();
                       check_dim(e.dim);
                       additive(e.table(seq_len));
                   },
                   [&](const LearnedEncoding& e) { additive(e.positions(seq_len)); },
                   [&](const ShawRelative& e) {
                       check_dim(e.rel_table.cols());
                       e.check_table(seq_len, queries.cols());
                       set_content(queries, keys);
                       p.bias = BiasKind::Shaw;
                       p.int_param = e.clip;
                       p.table = to_float(e.rel_table);
                   },
                   [&](const TransformerXL&) -> void {
                       throw GpuError(
                           "the GPU path covers Transformer-XL (xl) only for position-independent "
                           "content");
                   },
                   [&](const T5Bias& e) {
                       e.validate();
                       set_content(queries, keys);
                       p.bias = BiasKind::OffsetTable;
                       p.table.resize(size_t(2 * seq_len - 1));
                       for (int k = 0; k < 2 * seq_len - 1; ++k) {
                           int bucket = t5_relative_position_bucket(
                               k - (seq_len - 1), e.bidirectional, e.num_buckets, e.max_distance);
                           p.table[size_t(k)] = float(e.bucket_bias[bucket]);
                       }
                   },
                   [&](const AlibiBias& e) {
                       set_content(queries, keys);
                       p.bias = BiasKind::Alibi;
                       p.params[0] = float(e.slope());  // slope() validates
                       p.causal = causal || e.causal;
                   },
                   [&](const KerpleBias& e) {
                       e.validate();
                       set_content(queries, keys);
                       p.bias =
                           e.kind == KerpleKind::Log ? BiasKind::KerpleLog : BiasKind::KerplePower;
                       p.params[0] = float(e.r1);
                       p.params[1] = float(e.r2);
                   },
                   [&](const FireBias& e) {
                       e.validate();
                       set_content(queries, keys);
                       p.bias = BiasKind::Fire;
                       p.params[0] = float(e.c);
                       p.params[1] = float(e.threshold);
                       p.params[2] = float(e.b2);
                       p.int_param = int(e.w1.rows());
                       Matrix weights(3, e.w1.rows());
                       weights.row(0) = e.w1.col(0).transpose();
                       weights.row(1) = e.b1.transpose();
                       weights.row(2) = e.w2.row(0);
                       p.table = to_float(weights);
                   },
                   [&](const RopeEncoding& e) {
                       check_dim(e.dim);
                       const auto [q, k] = e.rotate_both(queries, keys);
                       set_content(q, k);
                   },
                   [&](const XPosEncoding& e) {
                       check_dim(e.rope.dim);
                       // A key n > m after its query carries zeta_0^((m - n)/scale_base), which
                       // grows with n - m: without the causal mask, past ln(FLT_MAX) = 88.7 the
                       // logit itself leaves float32.
                       const double largest_power = double(seq_len - 1) / e.scale_base *
                                                    std::abs(std::log(e.pair_scales()[0]));
                       if (!causal && largest_power > 88.0)
                           throw GpuError(
                               "xPos logits of keys far after their query exceed "
                               "float32 at L = " +
                               std::to_string(seq_len) + " without the causal mask");
                       set_content(e.rotate_queries(queries), e.rotate_keys(keys));
                   },
               },
               encoding);
    return p;
}

}  // namespace posviz::gpu
