#include "core/toeplitz.h"

#include <cmath>

#include "core/encodings/checks.h"
#include "core/overloaded.h"

namespace posviz {

namespace {

// (L, D): row p = v, the vector at every position p before encoding.
Matrix at_every_position(const Vector& v, int seq_len) {
    return v.transpose().replicate(seq_len, 1);
}

// queries, keys: (L, D) encoded rows (row p at position p) whose product row m · row n depends on
// n - m only. Offset r >= 0 is query row 0 with key row r, offset r < 0 is query row -r with key
// row 0: 2L-1 dot products instead of L². 1/sqrt(D) is applied to the queries first, as in
// attention_logits.
Vector offsets_of_encoded(Matrix queries, const Matrix& keys) {
    const Eigen::Index seq_len = keys.rows();
    queries *= 1.0 / std::sqrt(double(queries.cols()));
    Vector out(2 * seq_len - 1);
    // index (n - m) + L - 1: offsets -(L-1) ... 0 are the query rows L-1 ... 0 against key 0,
    // offsets 0 ... L-1 query 0 against the key rows 0 ... L-1 (offset 0 is written twice).
    out.head(seq_len) = Vector(queries * keys.row(0).transpose()).reverse();
    out.tail(seq_len) = keys * queries.row(0).transpose();
    return out;
}

}  // namespace

bool rows_identical(const Matrix& x) {
    for (Eigen::Index m = 1; m < x.rows(); ++m)
        if (x.row(m) != x.row(0)) return false;
    return true;
}

std::optional<Vector> offset_logits(const Encoding& encoding, const Vector& query,
                                    const Vector& key, int seq_len) {
    check_queries_keys(Matrix(query.transpose()), Matrix(key.transpose()));
    check_seq_len(seq_len);
    const Eigen::Index dim = query.size();
    // q · k / sqrt(D), the content logit every (m, n) shares under the bias encodings and NoPE.
    auto content = [&] { return (query * (1.0 / std::sqrt(double(dim)))).dot(key); };
    auto with_bias = [&](const Vector& bias_of_offsets) -> std::optional<Vector> {
        return Vector(bias_of_offsets.array() + content());
    };
    return std::visit(
        Overloaded{
            [&](const NoPE&) -> std::optional<Vector> {
                return Vector::Constant(2 * seq_len - 1, content());
            },
            // The cross terms q·p_n and p_m·k depend on the absolute positions.
            [&](const SinusoidalEncoding&) -> std::optional<Vector> { return std::nullopt; },
            [&](const LearnedEncoding&) -> std::optional<Vector> { return std::nullopt; },
            [&](const ShawRelative& e) -> std::optional<Vector> {
                check_encoding_dim(e.rel_table.cols(), dim);
                return e.logits_of_offsets(query, key, seq_len);
            },
            [&](const TransformerXL& e) -> std::optional<Vector> {
                check_encoding_dim(e.u.size(), dim);
                return e.logits_of_offsets(query, key, seq_len);
            },
            [&](const T5Bias& e) { return with_bias(e.bias_of_offsets(seq_len)); },
            [&](const AlibiBias& e) { return with_bias(e.bias_of_offsets(seq_len)); },
            [&](const KerpleBias& e) { return with_bias(e.bias_of_offsets(seq_len)); },
            // Li et al. 2024 eq. 3-4: the normaliser psi(max(L_thr, m)) depends on the query row.
            [&](const FireBias&) -> std::optional<Vector> { return std::nullopt; },
            // RoFormer eq. 16: R(m)q · R(n)k = q · R(n - m)k. Rotated at every position with the
            // scaling of a context of L, as attention_logits rotates (dynamic/longrope).
            [&](const RopeEncoding& e) -> std::optional<Vector> {
                check_encoding_dim(e.dim, dim);
                return offsets_of_encoded(e.rotate(at_every_position(query, seq_len)),
                                          e.rotate(at_every_position(key, seq_len)));
            },
            // Sun et al. 2023 eq. 9: the scales zeta^(m/s) and zeta^(-n/s) leave zeta^((m-n)/s).
            [&](const XPosEncoding& e) -> std::optional<Vector> {
                check_encoding_dim(e.rope.dim, dim);
                return offsets_of_encoded(e.rotate_queries(at_every_position(query, seq_len)),
                                          e.rotate_keys(at_every_position(key, seq_len)));
            },
        },
        encoding);
}

}  // namespace posviz
