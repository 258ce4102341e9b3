// RoPE past its training length: how far each pair turns, what the scalings change, and how large
// the logits can get at relative distances. Background: a pair whose wavelength exceeds the
// training length never completed a turn in training, so angles past it were never seen (YaRN,
// Peng et al. 2023 §3.2); interpolation (PI, Chen et al. 2023) maps the longer context back into
// seen angles at the cost of resolution.
#pragma once

#include <string>
#include <vector>

#include "core/encodings/rope.h"
#include "core/scene.h"

namespace posviz {

// (rotary_dim/2, 8), one row per pair i. theta_i is the unscaled frequency base^(-2i/rotary_dim),
// theta'_i the frequency under rope.scaling at seq_len target_len. Columns:
//   0 i            1 theta_i     2 wavelength 2π/theta_i
//   3 theta'_i     4 wavelength 2π/theta'_i
//   5 turns_before    = train_len · theta_i / 2π   (full turns within the training length)
//   6 turns_after     = train_len · theta'_i / 2π  (the same, scaled)
//   7 turns_at_target = target_len · theta'_i / 2π (turns over the extended context; at most
//     turns_before means the pair stays inside angles seen in training)
// Throws InputError("--original-max-pos") / ("--seq-len") for lengths < 1.
Matrix rope_turns_table(const RopeEncoding& rope, int train_len, int target_len);

// Copies of `rope` under each scaling compared for a context `factor` times train_len: none,
// linear, ntk, dynamic, yarn (beta_fast 32, beta_slow 1) and llama3 (low_freq_factor 1,
// high_freq_factor 4, as Llama 3.1), each with max_position_embeddings =
// original_max_position_embeddings = train_len. Throws InputError("--factor") for a factor that is
// not finite and >= 1.
std::vector<RopeEncoding> scaling_family(const RopeEncoding& rope, double factor, int train_len);

// The length the extension studies measure against: the config's (or --original-max-pos)
// pre-extension length, else its max_position_embeddings, else L.
int training_length(const Scene& scene);

// Whether the scene states a training length (a model's, or --original-max-pos / --max-pos).
bool states_training_length(const Scene& scene);

// The scene the extrapolation figure and its data are computed for: the scene, where it states a
// training length; else one with a training length of L/4 (the long-context slide's 2048 of
// 8192). The figure is about positions past the training length, and at L itself there are none:
// every scaling would be ×1 and draw the same curve. Its subtitle says the length was assumed.
Scene extrapolation_scene(const Scene& scene);

// The factor the default scalings of the comparison use: the scene's, and at least what L needs
// (L / training length), at least 1.
double comparison_factor(const Scene& scene);

// One scaling of a scene's comparison and the name of its data column.
struct ComparedScaling {
    std::string column;  // "none", "linear", "ntk", "dynamic", "yarn", "llama3", or "<type>_model"
    RopeEncoding rope;
};
// scaling_family for the scene (its training length, comparison_factor), plus the model's own
// method: `rope` as the scene configures it (a config's rope_scaling with its own parameters, or
// the --rope-scaling flags), named "<type>_model". It takes the place of the family's
// default-parameter entry of the same type, or comes last when the family has no such entry
// (longrope). Without a scaling of its own the family is the six defaults.
std::vector<ComparedScaling> compared_scalings(const Scene& scene, const RopeEncoding& rope);

// (rotary_dim/2, 1 + S): column 0 the pair index i, column 1+s the wavelength 2π/theta_i of
// ropes[s] at seq_len (the overlay of one config's scalings). All ropes need the same rotary dim.
Matrix scaling_wavelengths(const std::vector<RopeEncoding>& ropes, long seq_len);

// The largest |logit| against relative distance, one column per rope: (max_distance, 1 + S),
// column 0 is r = 0 .. max_distance-1.
// Content: queries and keys are (N, D), D = rope.dim; pair n is (q, k) = (queries.row(n),
// keys.row(n)), the same vectors at every position. The logit of pair n at distance r is the
// score of the query at position m against the key at position m − r, (R_m q)·(R_{m−r} k)/√D,
// written out (it does not depend on m):
//   logit_n(r) = [ a²·Σ_i ((q_u k_u + q_v k_v)·cos(r·θ_i) + (q_u k_v − q_v k_u)·sin(r·θ_i))
//                  + Σ_{j >= rotary_dim} q_j k_j ] / √D
// where (u, v) are pair i's dims (rope.pair_first_dim/pair_second_dim), θ_i the rope's frequencies
// and a its attention factor (transformers multiplies cos and sin by it), both taken at seq_len
// max_distance. Column 1+s is max_n |logit_n(r)| for ropes[s]. With the single pair
// q = k = ones(D): (2a²·Σ_i cos(r·θ_i) + D − rotary_dim) / √D.
// Throws InputError("--queries") / ("--keys") for content of the wrong shape or non-finite, and
// InputError("--seq-len") for max_distance < 1.
Matrix logit_envelopes(const std::vector<RopeEncoding>& ropes, const Matrix& queries,
                       const Matrix& keys, int max_distance);

}  // namespace posviz
