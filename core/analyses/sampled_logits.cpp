#include "core/analyses/sampled_logits.h"

#include "core/attention_rows.h"
#include "core/cancellation.h"

namespace posviz {

std::optional<Matrix> sampled_logits(const Encoding& encoding, const Matrix& queries,
                                     const Matrix& keys, bool causal, long stride,
                                     bool single_precision) {
    const std::optional<AttentionRows> rows =
        AttentionRows::prepare(encoding, queries, keys, causal, single_precision);
    if (!rows) return std::nullopt;
    const long length = rows->seq_len();
    const long count = (length + stride - 1) / stride;
    Matrix sampled(count, count);
    for (long i = 0; i < count; ++i) {
        throw_if_cancelled();
        const Matrix row = rows->rows(i * stride, 1);
        for (long j = 0; j < count; ++j) sampled(i, j) = row(0, j * stride);
    }
    return sampled;
}

}  // namespace posviz
