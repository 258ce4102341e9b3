// What the compute shaders are given, prepared on the host (GL-free). Precision scheme:
//  - Every per-position transform runs here in double, exactly as core's attention_logits does:
//    RoPE/xPos rotation (angles m·theta_i formed in double, so they stay exact at any L), and the
//    additive sinusoidal/learned vectors. Only then are q and k rounded to float32 (relative error
//    u = 2^-24 per component). These transforms are O(L·D), negligible beside the O(L²·D) products.
//  - The shader forms q·k in float: |error| <= (D + 2)·u·|q|·|k| (rounding of the inputs plus
//    the D-term sum), i.e. ~1e-5 relative to |q||k|/sqrt(D) for D <= 128.
//  - Relative biases are evaluated per (m, n) in the shader in float from integer offsets (exact
//    below 2^24) and float parameters: a few ulps of the bias, ~1e-6 relative.
//  - T5's bias depends on n - m only: the 2L-1 per-offset values (bucket lookup done here with
//    core's t5_relative_position_bucket) are a table. FIRE depends on the query row too (its
//    normaliser psi(max(L_thr, m))), so its MLP runs in the shader from its float weights.
//  - Position-independent content (every query row equal, every key row equal: content "ones")
//    under a relative encoding: the whole logit depends on n - m only (core/toeplitz.h). Its 2L-1
//    values are computed here in double by core's offset_logits, bias included, and rounded once
//    to float; the shader only looks them up, so each logit is within u = 2^-24 of the double.
#pragma once

#include <vector>

#include "core/attention.h"

namespace posviz::gpu {

// Must match the BIAS_* constants of shaders/attention_common.glsl.
enum class BiasKind : int {
    None = 0,
    Alibi = 1,        // -p0·|m-n|, p0 = slope
    KerpleLog = 2,    // -p0·log(1 + p1·|m-n|)
    KerplePower = 3,  // -p0·|m-n|^p1
    OffsetTable = 4,  // table[(n - m) + L - 1] (T5)
    Fire =
        5,  // MLP(psi(|m-n|) / psi(max(p1, m))), psi(x) = log(p0·x + 1); p2 = b2; table = w1|b1|w2
    Shaw = 6,  // q_m · table.row(clip(m - n) + L - 1) / sqrt(D); int_param = clip (0: none)
    // The whole logit is table[(n - m) + L - 1], no dot product: queries and keys are empty.
    OffsetLogits = 7,
};

struct GpuProblem {
    int seq_len = 0;
    int dim = 0;
    std::vector<float> queries, keys;  // (L, D) row-major, already encoded
    BiasKind bias = BiasKind::None;
    float params[3] = {0.0f, 0.0f, 0.0f};
    int int_param = 0;  // Shaw: clip; FIRE: hidden width
    std::vector<float> table;
    bool causal = false;  // the causal flag, or ALiBi's own causal option
};

// Throws InputError for input the CPU path rejects too, GpuError for what the shaders do not cover
// (Transformer-XL, unless the content is position-independent) or values beyond float range.
GpuProblem prepare_gpu_problem(const Encoding& encoding, const Matrix& queries, const Matrix& keys,
                               bool causal);

}  // namespace posviz::gpu
