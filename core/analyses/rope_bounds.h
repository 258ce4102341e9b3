// Two bounds that tie RoPE's base to the context length.
//
// Critical dimension (Liu et al. 2023, "Scaling Laws of RoPE-based Extrapolation",
// arXiv:2310.05209, §3): pair i turns once every 2π/θᵢ positions, so within the training length
// T only the pairs with 2π/θᵢ ≤ T complete a full period. For unscaled RoPE, θᵢ = b^(−2i/d),
// those are the pairs below d_extra/2 with d_extra = 2⌈(d/2)·log_b(T/2π)⌉; the dims past it
// never saw a whole period in training and are the ones that fail to extrapolate. Llama 2 7B
// (d = 128, b = 10000, T = 4096): d_extra = 92, pairs 0–45.
//
// Base bound (Men et al. 2024, "Base of RoPE Bounds Context Length", arXiv:2405.14591, §4,
// Table 1): the long-term ability to attend to similar tokens needs
// f_b(m) = Σ_{i<d/2} cos(m·b^(−2i/d)) ≥ 0 for every distance m < L; the paper's lower bound b*
// of the base for a context L is the smallest base meeting it (≈ 2.7·10⁴ for L = 4k and
// ≈ 6.4·10⁵ for 32k at d = 128). f_b is not monotone in b: the bases that meet it form many
// intervals (at d = 128, L = 4096 the first is 26952–26975, then 28629–29082, …, and every base
// from 58790 on passes), so both numbers are found by scans over the base, not by bisection.
#pragma once

#include "core/scene.h"
#include "core/types.h"

namespace posviz {

// Liu et al. 2023. pair = the number of pairs whose wavelength 2π/θᵢ is at most training_length
// (those that complete a period; for frequencies falling with i, as every RoPE's do, also the
// first pair whose wavelength exceeds it); dims = 2·pair. A zero frequency (a pair that does not
// turn) never counts. Any frequency table: scaled, partial or plain RoPE.
struct CriticalDimension {
    int pair = 0;
    int dims = 0;
};
CriticalDimension critical_dimension(const Vector& inverse_frequencies, double training_length);
// Liu et al.'s closed form for unscaled RoPE, 2⌈(d/2)·log_b(T/2π)⌉, clamped to 0 … rotary_dim.
// Equals critical_dimension(rope_inverse_frequencies(base, rotary_dim), T).dims unless
// (d/2)·log_b(T/2π) is a whole number (a wavelength exactly T).
int critical_dimension_formula(double base, int rotary_dim, double training_length);
// The critical dimension the turns and wavelengths figures label: the scene's RoPE (or xPos)
// frequencies as pretrained — a context-extension scaling (linear, ntk, dynamic, yarn, llama3,
// longrope) set aside, other frequency rules (partial rotary, pairs that do not turn) kept — at
// training_length(scene) (rope_extension.h: the config's original_max_position_embeddings or
// --original-max-pos, else its max_position_embeddings or --max-pos, else L).
CriticalDimension scene_critical_dimension(const Scene& scene);

// Men et al. 2024. f_b(m) for m = 0 … length − 1, in O(length·d) time and O(length) memory
// (each pair's cos(m·θᵢ) advanced by a rotation, recomputed exactly every 256 positions).
// Throws InputError naming --base, --dim or --seq-len.
Vector base_bound_curve(double base, int rotary_dim, long length);
// The smallest m < limit with f_b(m) < 0, or -1.
long first_negative(double base, int rotary_dim, long limit);

// smallest: the smallest base b > 1 with f_b(m) ≥ 0 for all m < length (the paper's b*);
// all_from: the base from which every larger base passes too. 1 for both when every base passes
// (length ≤ 2).
//
// How: a base b is scanned through u = ln b. At a failing base, each failing m stays negative
// over a step of u that a Taylor bound gives: f(u+δ) ≤ f + f'δ + ½Mδ², with f' = Σ sin(mθᵢ)·mθᵢxᵢ
// (xᵢ = 2i/d) and M = Σ (mθᵢxᵢ)² + Σ mθᵢxᵢ² bounding |f''| for all larger u; the scan steps up by
// the longest such step over the failing m it met (it looks at m up to twice the first one).
// From the top, every base above u_hi passes when Σ_{i: (L−1)θᵢ ≤ π} cos((L−1)θᵢ) minus the count
// of the other pairs is ≥ 0 (those pairs can only turn less as b grows); below u_hi the scan
// steps down keeping every f(m) ≥ 0 by the same bound (M grown by e^(2δ) for the faster turning
// below), each block of 256 positions re-evaluated only where its own certificate runs out. So
// every base skipped is known to fail (going up) or pass (going down): the result is exact up to
// kBaseBoundStep, the smallest step taken (where the bound would step less, near a boundary, an
// interval narrower than that could be skipped). smallest is a base that passes, within a relative
// kBaseBoundStep above the boundary; all_from a base that passes with every larger one, within
// kBaseBoundStep above the last failing base. The two scans run side by side (two threads).
//
// Cost: each step is O(L·d) and the steps get shorter as L grows, about O(L²·d) in all:
// d = 128 on two cores: 0.05 s at L = 4096, 0.4 s at 16384, 1.5 s at 32768 (smallest alone: 0.03,
// 0.2 and 0.6 s). rotary_dim even and ≥ 4 (with one pair the base changes nothing), length
// 1 … kMaxBaseBoundLength: InputError naming --dim or --seq-len otherwise.
struct BaseBound {
    double smallest = 0;
    double all_from = 0;
};
BaseBound base_bound(int rotary_dim, long length);
// Only `smallest` (the upward scan, about a third of base_bound's work).
double smallest_passing_base(int rotary_dim, long length);

constexpr long kMaxBaseBoundLength = 1L << 16;
// The base-bound figure computes b* (and where every base passes) for L up to this; beyond, it
// draws f_b and the b*(L) curve up to here.
constexpr long kMaxBaseBoundFigureLength = 1L << 15;
constexpr double kBaseBoundStep = 1e-6;

}  // namespace posviz
