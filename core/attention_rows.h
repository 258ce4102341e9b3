// attention_logits one block of rows at a time, for maps too large to hold (L = 65536 is 32 GiB
// of doubles): the encoded queries and keys are prepared once, O(L·D), and rows [first,
// first + count) of the L×L logits come from one (count, D)·(D, L) product plus the relative bias
// per offset. The long-sequence reductions (core/analyses/block_reduction.h) stream through them.
#pragma once

#include <optional>

#include "core/attention.h"

namespace posviz {

class AttentionRows {
  public:
    using MatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

    // nullopt for the encodings whose logits need L×L work up front: Shaw and Transformer-XL
    // (per-(m, n) relative terms of the content) and FIRE (a bias that is not per offset).
    // Throws InputError for the input attention_logits rejects.
    // `single_precision`: rows() forms q·k in float32 from q and k encoded in double (pictures:
    // |error| ≤ (D + 2)·2⁻²⁴·|q_m||k_n|/√D, as the GPU's), twice as fast as double.
    static std::optional<AttentionRows> prepare(const Encoding& encoding, const Matrix& queries,
                                                const Matrix& keys, bool causal,
                                                bool single_precision = false);

    long seq_len() const { return keys_.rows(); }
    // Rows [first, first + count) of attention_logits(encoding, queries, keys, causal).
    Matrix rows(long first, long count) const;
    // attention_logits at every stride-th query and key position, ⌈L/stride⌉² cells from one
    // product of the sampled rows (in double): what a preview needs, without the rows' other keys.
    Matrix sampled(long stride) const;
    // Prepared in single precision: rows() as float32 throughout (bias added and mask set in
    // float, which adds at most 2⁻²³·|b| to rows()' error), for the long maps' reductions, which
    // need each logit only for a maximum: half the memory to write and read again, and no
    // conversion (L = 8192: 134 → 118 ms a map on two cores).
    bool single_precision() const { return single_precision_; }
    MatrixF rows_single(long first, long count) const;

  private:
    Matrix scaled_queries_;                  // encoded, times 1/sqrt(D)
    Matrix keys_;                            // encoded
    MatrixF scaled_queries_f_, keys_f_;      // the same in float32 when single precision
    std::optional<Vector> bias_of_offsets_;  // index (n - m) + L - 1
    bool causal_ = false;
    bool single_precision_ = false;
};

}  // namespace posviz
