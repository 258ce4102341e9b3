// xPos (Sun et al. 2023, "A Length-Extrapolatable Transformer", eq. 9; torchscale's XPOS):
// RoPE plus a per-pair scale zeta_i = (2i/rotary_dim + gamma) / (1 + gamma); the query at position
// n is multiplied by zeta_i^(n / scale_base) and the key by zeta_i^(-n / scale_base), so the logit
// of (m, n) carries zeta_i^((m - n) / scale_base): relative, and decaying with distance. As
// torchscale does, the powers use positions centred on 0, n - ceil(L/2): logits are unchanged by
// that, and the powers stay bounded twice as far (float32 on the GPU reaches L = 72,000 instead of
// 36,000).
#pragma once

#include "core/encodings/rope.h"

namespace posviz {

struct XPosEncoding {
    RopeEncoding rope;
    double gamma = 0.4;
    double scale_base = 512.0;

    void validate() const;
    Vector pair_scales() const;  // zeta_i, rotary_dim/2 values
    Matrix rotate_queries(const Matrix& x) const;
    Matrix rotate_keys(const Matrix& x) const;
};

}  // namespace posviz
