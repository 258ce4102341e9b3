// An L×L attention map reduced to an R×R picture, R = min(resolution, L): texel (i, j) covers the
// rows [floor(i·L/R), floor((i+1)·L/R)) and the same columns, and holds the largest |value| over
// its unmasked (finite) entries, or -inf when every entry is masked. A picture of R pixels cannot
// show more than R columns; max |logit| keeps every peak (a sampled or averaged picture would lose
// ALiBi's thin diagonal). The same blocks and rule as shaders/reduce_max_abs.comp, so CPU and GPU
// pictures agree.
#pragma once

#include "core/attention_rows.h"
#include "core/types.h"

namespace posviz {

// First row (or column) of block i of R over L.
long reduction_block_start(long i, long seq_len, long resolution);

// From the dense matrix.
Matrix block_max_abs(const Matrix& dense, int resolution);

// From the 2L-1 values of a Toeplitz map (value[(n - m) + L - 1], see core/toeplitz.h), without
// the L×L matrix: a block's entries take every offset between its corners, so each texel is the
// largest |value| over one range of offsets (n > m masked when causal). O(L + R²·L/R) time.
Matrix block_max_abs_of_offsets(const Vector& offset_values, int seq_len, int resolution,
                                bool causal);

// From logits computed one block of rows at a time (core/attention_rows.h), without the L×L
// matrix: O(L·D + R² + threads·L·L/R) memory. With `softmax` the rows become probabilities first
// (whole rows, exactly as softmax_rows), and masked entries count as the 0 they then are.
Matrix block_max_abs_of_rows(const AttentionRows& rows, int resolution, bool softmax);

}  // namespace posviz
