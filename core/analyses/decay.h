// RoFormer §3.4.3 long-term decay: with h_i = q_[2i:2i+1]·conj(k_[2i:2i+1]) bounded, the logit is
// bounded by (max_i |h_{i+1} − h_i|) · Σ_{j=1..d/2} |S_j|, S_j = Σ_{k=0..j-1} e^{i·r·theta_k};
// the curve plotted in the paper (Fig. 2) is (1/(d/2)) · Σ_j |S_j| against relative distance r.
//
// xPos (Sun et al. 2022, "A Length-Extrapolatable Transformer", arXiv:2212.10554; torchscale's
// XPOS, core/encodings/xpos.h) multiplies pair k of the logit at distance r = m − n
// by zeta_k^(r/B), zeta_k = (2k/d + gamma)/(1 + gamma), B = scale_base. The logit is then
// Re Σ_k h_k·a_k with a_k = zeta_k^(r/B)·e^{i·r·theta_k}, and RoFormer's Abel summation goes
// through unchanged with a_k in place of e^{i·r·theta_k}: Σ_k h_k·a_k = h_{d/2−1}·S_{d/2} −
// Σ_{k<d/2−1} S_{k+1}·(h_{k+1} − h_k), so with h_{d/2} = 0 the logit is bounded by (max_k |h_{k+1}
// − h_k|) · Σ_j |S_j| where now S_j = Σ_{k<j} zeta_k^(r/B)·e^{i·r·theta_k}.
#pragma once

#include "core/scene.h"
#include "core/types.h"

namespace posviz {

// (N, 2): columns r = 0 .. max_distance-1 and the normalised bound (1/(d/2))·Σ_j |S_j| at r.
Matrix rope_decay_bound(const Vector& inverse_frequencies, int max_distance);
// The same with xPos's per-pair scale: pair_scales are zeta_k (XPosEncoding::pair_scales), as
// many as the frequencies.
Matrix xpos_decay_bound(const Vector& inverse_frequencies, const Vector& pair_scales,
                        double scale_base, int max_distance);

// The scene's curve over r = 0 .. L-1: xPos's for --encoding xpos, else RoPE's bound at the
// scene's frequencies (rope, or sinusoidal's omega_i). InputError for encodings without
// frequencies.
Matrix scene_decay_bound(const Scene& scene);

}  // namespace posviz
