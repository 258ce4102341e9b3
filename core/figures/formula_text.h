// The formula behind one cell of a figure's map with that cell's numbers substituted, for the
// GUI's tooltips (as Transformer Explainer shows sinusoidal PE's): RoPE's qₘ·kₙ/√D as a sum
// over pairs with θᵢ and the first partial sums; ALiBi's −slope·|m − n| with the slope as
// 2^(−8(h+1)/H); T5's bucket of n − m and how it was found (exact or logarithmic); KERPLE's log or
// power kernel; FIRE's normalised log distance and its MLP's output; sinusoidal PE(pos, 2i) =
// sin(pos/base^(2i/D)); additive PEs' four logit terms; NoPE's plain q·k/√D. Lines are separated by
// '\n', in the options' language, with Unicode sub/superscripts. GUI-free, so that tests check the
// numbers.
#pragma once

#include <string>

#include "core/figures/figures.h"
#include "core/scene.h"

namespace posviz {

// The formula of cell (row, col) of panel `panel` of the figure build_figure(scene, options)
// makes: scores (logit [m, n] of that panel's encoding on the scene's content), bias (b[m, n] of
// that panel's encoding or ALiBi head), buckets (T5's bucket of n − m) and pe (PE(pos, d) of
// sinusoidal). Empty where a cell has no formula of its own: reduced maps (a texel is a block),
// the difference panel, curves, other figures and encodings.
std::string cell_formula(const Scene& scene, const FigureOptions& options, int panel, int row,
                         int col);

}  // namespace posviz
