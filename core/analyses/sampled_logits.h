// A preview of an attention map that takes seconds: the logits at every stride-th query and key
// position, (⌈L/stride⌉)² cells, in milliseconds — O(L·D) to encode the content plus one
// (1, D)·(D, L) product per sampled query. The GUI shows it while the full map is computed
// (progressive refinement, app/gui/views/figure_job.h); the values are exact logits of the
// sampled positions, not block maxima.
#pragma once

#include <optional>

#include "core/attention.h"

namespace posviz {

// nullopt where AttentionRows cannot stream the encoding (Shaw, Transformer-XL, FIRE).
std::optional<Matrix> sampled_logits(const Encoding& encoding, const Matrix& queries,
                                     const Matrix& keys, bool causal, long stride);

}  // namespace posviz
