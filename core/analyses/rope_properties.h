// RoPE's two defining properties, measured: rotation preserves norms, and the logit of
// (m, n) depends on m − n only (RoFormer eq. 16).
#pragma once

#include "core/encodings/rope.h"

namespace posviz {

struct RopeProperties {
    double max_norm_deviation =
        0.0;  // max over rows | |R_m x_m| − |x_m| |, scaled by 1/attention factor
    double max_relative_deviation = 0.0;  // max over (m, n) |logit(m, n) − logit(m − n + n0, n0)|
};

// Uses the same content vector at every position (a position-independent q and k) so that any
// dependence of the logits on absolute position would show.
RopeProperties measure_rope_properties(const RopeEncoding& rope, const Vector& query,
                                       const Vector& key, int seq_len);

}  // namespace posviz
