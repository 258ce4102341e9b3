// KERPLE (Chi et al. 2022, "Kernelized Relative Positional Embedding for Length Extrapolation"),
// the two conditionally positive definite kernels of §4, as a bias on the logits:
//   log:   b(m, n) = -r1 · log(1 + r2 · |m - n|)      (r1, r2 > 0)
//   power: b(m, n) = -r1 · |m - n|^r2                 (r1 > 0, 0 < r2 <= 2)
#pragma once

#include "core/types.h"

namespace posviz {

enum class KerpleKind { Log, Power };

struct KerpleBias {
    KerpleKind kind = KerpleKind::Log;
    double r1 = 1.0;
    double r2 = 1.0;

    void validate() const;
    Vector bias_of_offsets(int seq_len) const;  // 2L-1 values, index (n - m) + L - 1
    Matrix bias(int seq_len) const;             // [m, n]
};

}  // namespace posviz
