#include "core/encodings/shaw.h"

#include <algorithm>
#include <cmath>

#include "core/cancellation.h"
#include "core/encodings/checks.h"
#include "core/encodings/relative_term.h"
#include "core/input_error.h"
#include "core/random.h"

namespace posviz {

static void check_clip(int clip) {
    if (clip < 0)
        throw InputError("--shaw-clip", std::to_string(clip), "0 (no clipping) or a distance >= 1");
}

ShawRelative ShawRelative::seeded(int seq_len, int dim, uint64_t seed, int clip) {
    check_seq_len(seq_len);
    if (dim < 1) throw InputError("--dim", std::to_string(dim), "an integer >= 1");
    check_clip(clip);
    // Unit variance, like random content, so that the content and the position terms of the
    // score are of the same size and both visible.
    return {random_normal_matrix(2 * seq_len - 1, dim, 1.0, seed), clip};
}

// Shaw et al. 2018 §3.2: clip(x, k) = max(-k, min(k, x)); row (m - n) + (L - 1).
int ShawRelative::row_for_offset(int offset, int seq_len) const {
    int clipped = clip > 0 ? std::clamp(offset, -clip, clip) : offset;
    return clipped + seq_len - 1;
}

void ShawRelative::check_table(int seq_len, Eigen::Index dim) const {
    check_clip(clip);
    if (rel_table.rows() != 2 * seq_len - 1)
        throw InputError("--rel-table", std::to_string(rel_table.rows()) + " rows",
                         std::to_string(2 * seq_len - 1) +
                             " rows (2L-1 for L = " + std::to_string(seq_len) + ")");
    if (rel_table.cols() != dim)
        throw InputError("--rel-table", std::to_string(rel_table.cols()) + " columns",
                         std::to_string(dim) + " columns (the queries' D)");
}

Matrix ShawRelative::logits(const Matrix& queries, const Matrix& keys) const {
    check_queries_keys(queries, keys);
    const int seq_len = int(queries.rows());
    check_table(seq_len, queries.cols());
    // Shaw et al. 2018 eq. (5): e_mn = (q_m · k_n + q_m · a^K_mn) / sqrt(d_z). Scale the query
    // once, so both terms carry 1/sqrt(D).
    const Matrix scaled = queries * (1.0 / std::sqrt(double(queries.cols())));
    Matrix out = product_with_transpose(scaled, keys);
    add_relative_term(out, scaled, rel_table,
                      [&](int offset) { return row_for_offset(offset, seq_len); });
    return out;
}

Vector ShawRelative::logits_of_offsets(const Vector& query, const Vector& key, int seq_len) const {
    check_queries_keys(Matrix(query.transpose()), Matrix(key.transpose()));
    check_seq_len(seq_len);
    check_table(seq_len, query.size());
    // Eq. (5) as in logits(): the content term q · k is the same for every (m, n), the position
    // term q · a^K_mn picks the table row of m - n.
    const Vector scaled = query * (1.0 / std::sqrt(double(query.size())));
    const double content = scaled.dot(key);
    Vector out(2 * seq_len - 1);
    for (int k = 0; k < 2 * seq_len - 1; ++k) {
        const int offset = (seq_len - 1) - k;  // m - n
        out[k] = content + rel_table.row(row_for_offset(offset, seq_len)).dot(scaled);
    }
    return out;
}

}  // namespace posviz
