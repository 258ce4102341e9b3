#include "core/analyses/sampled_logits.h"

#include "core/attention_rows.h"

namespace posviz {

std::optional<Matrix> sampled_logits(const Encoding& encoding, const Matrix& queries,
                                     const Matrix& keys, bool causal, long stride) {
    const std::optional<AttentionRows> rows =
        AttentionRows::prepare(encoding, queries, keys, causal);
    if (!rows) return std::nullopt;
    return rows->sampled(stride);
}

}  // namespace posviz
