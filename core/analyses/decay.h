// RoFormer §3.4.3 long-term decay: with h_i = q_[2i:2i+1]·conj(k_[2i:2i+1]) bounded, the logit is
// bounded by (max_i |h_{i+1} − h_i|) · Σ_{j=1..d/2} |S_j|, S_j = Σ_{k=0..j-1} e^{i·r·theta_k};
// the curve plotted in the paper (Fig. 2) is (1/(d/2)) · Σ_j |S_j| against relative distance r.
#pragma once

#include "core/types.h"

namespace posviz {

// (N, 2): columns r = 0 .. max_distance-1 and the normalised bound at r.
Matrix rope_decay_bound(const Vector& inverse_frequencies, int max_distance);

}  // namespace posviz
