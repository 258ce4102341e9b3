// The position term of relative encodings whose table is indexed by the offset m - n (Shaw's
// R_{m-n}, Transformer-XL's W_R R_{m-n}): out(m, n) += queries.row(m) · table.row(row_of(m - n)).
#pragma once

#include "core/cancellation.h"
#include "core/types.h"

namespace posviz {

// row_of must be non-decreasing in the offset, so that the rows one query row meets form the
// contiguous block [row_of(m - (L-1)), row_of(m)]; one matrix-vector product per query row then
// replaces an L × (2L-1) temporary.
template <class RowOfOffset>
void add_relative_term(Matrix& out, const Matrix& queries, const Matrix& table,
                       RowOfOffset row_of) {
    const int seq_len = int(queries.rows());
    for (int m = 0; m < seq_len; ++m) {
        throw_if_cancelled();  // a row is an (L × D) product: at L = 4096, D = 2^15 a tenth of a
                               // second
        int first = row_of(m - (seq_len - 1));
        int last = row_of(m);
        Vector dots = table.middleRows(first, last - first + 1) * queries.row(m).transpose();
        for (int n = 0; n < seq_len; ++n) out(m, n) += dots[row_of(m - n) - first];
    }
}

}  // namespace posviz
