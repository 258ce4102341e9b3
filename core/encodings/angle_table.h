// cos(m·θᵢ) and sin(m·θᵢ) at the positions m = 0, 1, …, L − 1 for frequencies θ: what the
// sinusoidal table and RoPE's rotation evaluate at every position, and most of an encoding's cost
// (L·D/2 of each: ~10⁵ at L = 2048, D = 128, a few ms). They do not depend on L, so the last tables
// made are kept and grown as L grows: a preview and the full build of one picture, every step of
// an L drag, a new seed, and sinusoidal and RoPE side by side (the same θ when D and base agree)
// evaluate them once.
#pragma once

#include <memory>

#include "core/types.h"

namespace posviz {

struct AngleTable {
    Matrix cos, sin;  // (at least L) × θ.size(), row m: cos(m·θᵢ) and sin(m·θᵢ), m·θᵢ in double
};

// A table of at least `positions` rows for `thetas`; rows past `positions` are the same function
// of m. Thread-safe; the table returned stays valid while held.
std::shared_ptr<const AngleTable> angle_table(const Vector& thetas, long positions);

}  // namespace posviz
