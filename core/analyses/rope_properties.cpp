#include "core/analyses/rope_properties.h"

#include <algorithm>
#include <cmath>

#include "core/cancellation.h"

namespace posviz {

RopeProperties measure_rope_properties(const RopeEncoding& rope, const Vector& query,
                                       const Vector& key, int seq_len) {
    const Matrix q = rope.rotate(query.transpose().replicate(seq_len, 1), seq_len);
    const Matrix k = rope.rotate(key.transpose().replicate(seq_len, 1), seq_len);
    const double factor = rope.frequencies(seq_len).attention_factor;
    // The attention factor scales only the rotated dims; undo it before comparing norms.
    const int rd = rope.rotary_dim();
    RopeProperties p;
    for (int m = 0; m < seq_len; ++m) {
        const double rotated = q.row(m).head(rd).norm() / factor;
        const double expected = query.head(rd).norm();
        p.max_norm_deviation = std::max(p.max_norm_deviation, std::abs(rotated - expected));
    }
    // logit(m, n) must equal logit(m - n, 0) for m >= n and logit(0, n - m) for n > m.
    const Matrix logits = product_with_transpose(q, k);
    for (int m = 0; m < seq_len; ++m) {
        throw_if_cancelled();
        for (int n = 0; n < seq_len; ++n) {
            const double reference = m >= n ? logits(m - n, 0) : logits(0, n - m);
            p.max_relative_deviation =
                std::max(p.max_relative_deviation, std::abs(logits(m, n) - reference));
        }
    }
    return p;
}

}  // namespace posviz
