// Sinusoidal absolute positional encoding (Vaswani et al. 2017, "Attention Is All You Need", §3.5):
//   PE(pos, 2i) = sin(pos / base^(2i/D)),  PE(pos, 2i+1) = cos(pos / base^(2i/D)).
// Layout Interleaved is the paper's and the seeds' (sin, cos, sin, cos, ...); layout Halves is
// Tensor2Tensor's get_timing_signal_1d: [sin of every frequency | cos of every frequency], with
// its frequencies base^(-i/(D/2 - 1)) (see frequencies()).
#pragma once

#include "core/types.h"

namespace posviz {

enum class SinusoidalLayout { Interleaved, Halves };

struct SinusoidalEncoding {
    int dim = 64;  // D, must be even and > 0
    double base = 10000.0;
    SinusoidalLayout layout = SinusoidalLayout::Interleaved;

    void validate() const;  // throws InputError
    // D/2 values: omega_i = base^(-2i/D) (Interleaved), base^(-i/(D/2 - 1)) (Halves).
    Vector frequencies() const;
    Matrix table(int seq_len) const;  // (seq_len, D), row = position 0..seq_len-1
    // One row per entry of `positions`, which may be any real numbers (Transformer-XL encodes
    // negative offsets).
    Matrix table_at(const Vector& positions) const;
    // The dims of pair i's sine and cosine in the layout.
    int sin_dim(int i) const { return layout == SinusoidalLayout::Interleaved ? 2 * i : i; }
    int cos_dim(int i) const {
        return layout == SinusoidalLayout::Interleaved ? 2 * i + 1 : dim / 2 + i;
    }
};

}  // namespace posviz
