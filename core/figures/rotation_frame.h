// One frame of the rotation view: the query's pairs turned to position m, the key's to n, and
// the dot product that depends on m − n only (Su et al. 2021, RoFormer §3.4.2: with R(φ) the 2-D
// rotation, R(mθ)q · R(nθ)k = q · R((n − m)θ)k for each pair).
#pragma once

#include "core/figure/figure.h"
#include "core/figures/figures.h"

namespace posviz {

struct RotationFrame {
    int m = 0;       // the query's position
    int n = 0;       // the key's position
    int frames = 2;  // positions 0 … frames − 1 on the animation's axis
};

// Circles with qₘ and kₙ per pair, and qₘ·kₙ against m − n from −(frames − 1) to frames − 1,
// the current m − n marked: moving m and n together leaves the mark where it is.
Figure build_rotation_frame(const Scene& scene, const FigureOptions& options,
                            const RotationFrame& frame);

// qₘ·kₙ of the scene's content row 0 under its RoPE: what the mark shows.
double rotated_dot(const Scene& scene, int m, int n);

}  // namespace posviz
