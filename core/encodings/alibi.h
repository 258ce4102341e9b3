// ALiBi (Press, Smith & Lewis 2022, "Train Short, Test Long"): no positional vectors, a bias
// -slope_h · |m - n| added to the logits. Slopes follow the paper's reference get_slopes(): for H a
// power of two, the geometric sequence starting at 2^(-8/H) with that ratio; otherwise the slopes
// of the closest lower power of two followed by every other slope of twice that power.
#pragma once

#include "core/types.h"

namespace posviz {

Vector alibi_slopes(int heads);

struct AlibiBias {
    int heads = 8;
    int head = 0;         // counts from 0; head 0 has the largest slope
    bool causal = false;  // causal: entries n > m are -inf; else the symmetric -slope·|m-n|

    void validate() const;
    double slope() const;
    Vector bias_of_offsets(int seq_len) const;  // 2L-1 values, index (n - m) + L - 1
    Matrix bias(int seq_len) const;             // [m, n]
};

}  // namespace posviz
