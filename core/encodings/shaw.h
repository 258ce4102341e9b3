// Relative position representations, Shaw, Uszkoreit & Vaswani 2018, eq. (5) (key side only):
//   score(m, n) = (q_m · k_n + q_m · R_{m-n}) / sqrt(D)
// R has 2L-1 rows: row (m - n) + (L - 1). With clipping distance k (paper §3.2) the offset is
// clipped to [-k, k] first, so every |m - n| >= k shares the row of ±k.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace posviz {

struct ShawRelative {
    Matrix rel_table;  // (2L-1, D)
    int clip = 0;      // 0: no clipping; otherwise the paper's k

    static ShawRelative seeded(int seq_len, int dim, uint64_t seed, int clip = 0);
    int row_for_offset(int offset, int seq_len) const;  // offset = m - n
    // InputError unless clip >= 0 and the table has 2L-1 rows of the content's width D.
    void check_table(int seq_len, Eigen::Index dim) const;
    Matrix logits(const Matrix& queries, const Matrix& keys) const;  // (L, L), includes 1/sqrt(D)
    // The logits when every query is `query` and every key is `key`: they depend on n - m only,
    // 2L-1 values at index (n - m) + L - 1.
    Vector logits_of_offsets(const Vector& query, const Vector& key, int seq_len) const;
};

}  // namespace posviz
