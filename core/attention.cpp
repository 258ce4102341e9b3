#include "core/attention.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <optional>

#include "core/attention_rows.h"
#include "core/cancellation.h"
#include "core/encodings/checks.h"
#include "core/toeplitz.h"

namespace posviz {

namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// bias + (q / sqrt(D)) k^T with the scale applied to the (L, D) operand, not the (L, L) product,
// and the product written straight into the bias's storage: one L×L matrix in all, in tiles that
// a cancelled build stops between.
Matrix add_scaled_dot(Matrix bias, const Matrix& queries, const Matrix& keys) {
    const Matrix scaled = queries * (1.0 / std::sqrt(double(queries.cols())));
    add_product_with_transpose(bias, scaled, keys);
    return bias;
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
    // Encodings whose content is encoded per position (NoPE, additive PEs, RoPE, xPos) or whose
    // bias is per offset (T5, ALiBi, KERPLE): one product of the encoded q and k, plus the bias
    // (core/attention_rows.h, all rows at once).
    if (std::optional<AttentionRows> rows = AttentionRows::prepare(encoding, queries, keys, causal))
        return rows->rows(0, seq_len);
    auto check_dim = [&](Eigen::Index encoding_dim) {
        check_encoding_dim(encoding_dim, queries.cols());
    };
    // What is left needs per-(m, n) work of the content (Shaw, Transformer-XL), or a bias that
    // depends on the query's position as well (FIRE's normaliser).
    Matrix logits;
    if (const auto* shaw = std::get_if<ShawRelative>(&encoding)) {
        check_dim(shaw->rel_table.cols());
        logits = shaw->logits(queries, keys);
    } else if (const auto* xl = std::get_if<TransformerXL>(&encoding)) {
        check_dim(xl->u.size());
        logits = xl->logits(queries, keys);
    } else {
        logits = add_scaled_dot(std::get<FireBias>(encoding).bias(seq_len), queries, keys);
    }
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
    const CancellationCheck cancellation;
#pragma omp parallel for schedule(static)
    for (Eigen::Index m = 0; m < logits.rows(); ++m) {
        if (cancellation.stop()) continue;
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
    throw_if_cancelled();
}

Matrix softmax_rows(const Matrix& logits) {
    Matrix probabilities = logits;
    softmax_rows_inplace(probabilities);
    return probabilities;
}

}  // namespace posviz
