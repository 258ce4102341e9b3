#include "core/attention.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <optional>

#include "core/encodings/checks.h"
#include "core/overloaded.h"
#include "core/toeplitz.h"

namespace posviz {

namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// bias + (q / sqrt(D)) k^T with the scale applied to the (L, D) operand, not the (L, L) product,
// and the product written straight into the bias's storage: one L×L matrix in all.
Matrix add_scaled_dot(Matrix bias, const Matrix& queries, const Matrix& keys) {
    Matrix scaled = queries * (1.0 / std::sqrt(double(queries.cols())));
    bias.noalias() += scaled * keys.transpose();
    return bias;
}

// q k^T / sqrt(D) for vectors already encoded. In place of the bias the result starts from
// uninitialised storage that the product overwrites.
Matrix scaled_dot(Matrix scaled_queries, const Matrix& keys) {
    scaled_queries *= 1.0 / std::sqrt(double(scaled_queries.cols()));
    Matrix out(scaled_queries.rows(), keys.rows());
    out.noalias() = scaled_queries * keys.transpose();
    return out;
}

}  // namespace

std::string encoding_name(const Encoding& encoding) {
    static const char* const names[] = {"nope", "sinusoidal", "learned", "shaw", "xl",  "t5",
                                        "rope", "alibi",      "kerple",  "fire", "xpos"};
    static_assert(std::size(names) == std::variant_size_v<Encoding>);
    return names[encoding.index()];
}

Matrix attention_logits(const Encoding& encoding, const Matrix& queries, const Matrix& keys,
                        bool causal) {
    check_queries_keys(queries, keys);
    const int seq_len = int(queries.rows());
    // Position-independent content under a relative encoding: the 2L-1 logits per offset fill the
    // L×L matrix (core/toeplitz.h).
    if (rows_identical(queries) && rows_identical(keys)) {
        if (std::optional<Vector> of_offsets = offset_logits(encoding, queries.row(0).transpose(),
                                                             keys.row(0).transpose(), seq_len)) {
            Matrix logits = toeplitz_matrix(*of_offsets, seq_len);
            if (causal) apply_causal_mask(logits);
            return logits;
        }
    }
    auto check_dim = [&](Eigen::Index encoding_dim) {
        check_encoding_dim(encoding_dim, queries.cols());
    };
    // Additive absolute encodings (Vaswani et al. 2017 §3.5; BERT/GPT-2): the position vector
    // is added to the content on both sides, (q + p_m) · (k + p_n) / sqrt(D).
    auto additive = [&](const Matrix& positions) {
        check_dim(positions.cols());
        return scaled_dot(queries + positions, keys + positions);
    };
    Matrix logits = std::visit(
        Overloaded{
            [&](const NoPE&) { return scaled_dot(queries, keys); },
            [&](const SinusoidalEncoding& e) {
                e.validate();
                check_dim(e.dim);
                return additive(e.table(seq_len));
            },
            [&](const LearnedEncoding& e) { return additive(e.positions(seq_len)); },
            [&](const ShawRelative& e) {
                check_dim(e.rel_table.cols());
                return e.logits(queries, keys);
            },
            [&](const TransformerXL& e) {
                check_dim(e.u.size());
                return e.logits(queries, keys);
            },
            // Bias encodings: q·k / sqrt(D) + b(m, n).
            [&](const T5Bias& e) { return add_scaled_dot(e.bias(seq_len), queries, keys); },
            [&](const AlibiBias& e) { return add_scaled_dot(e.bias(seq_len), queries, keys); },
            [&](const KerpleBias& e) { return add_scaled_dot(e.bias(seq_len), queries, keys); },
            [&](const FireBias& e) { return add_scaled_dot(e.bias(seq_len), queries, keys); },
            // Rotary encodings: q and k rotated (and for xPos scaled) before the dot product.
            [&](const RopeEncoding& e) {
                check_dim(e.dim);
                return scaled_dot(e.rotate(queries), e.rotate(keys));
            },
            [&](const XPosEncoding& e) {
                check_dim(e.rope.dim);
                return scaled_dot(e.rotate_queries(queries), e.rotate_keys(keys));
            },
        },
        encoding);
    if (causal) apply_causal_mask(logits);
    return logits;
}

void apply_causal_mask(Matrix& logits) {
    for (Eigen::Index m = 0; m < logits.rows(); ++m) {
        Eigen::Index first_future = std::min(m + 1, logits.cols());
        logits.row(m).tail(logits.cols() - first_future).setConstant(kNegInf);
    }
}

void softmax_rows_inplace(Matrix& logits) {
#pragma omp parallel for schedule(static)
    for (Eigen::Index m = 0; m < logits.rows(); ++m) {
        auto row = logits.row(m).array();
        const double max = row.maxCoeff();
        if (max == kNegInf) {
            row.setZero();
            continue;
        }
        // Subtracting the row max keeps exp() from overflowing. Eigen's vectorised exp returns
        // a denormal, not 0, for -inf, so masked entries are set to exactly 0 explicitly.
        row = (row == kNegInf).select(0.0, (row - max).exp());
        row /= row.sum();
    }
}

Matrix softmax_rows(const Matrix& logits) {
    Matrix probabilities = logits;
    softmax_rows_inplace(probabilities);
    return probabilities;
}

}  // namespace posviz
