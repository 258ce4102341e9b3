// The formula behind one point of a figure's curve with that point's numbers substituted, for the
// GUI's curve tooltips (cell_formula's counterpart for lines): the sinusoidal PE of a plotted dim
// at pos, a pair's θᵢ and wavelength λᵢ = 2π/θᵢ, RoFormer's decay bound (1/(D/2))·Σⱼ |Sⱼ| at r,
// a relative bias against distance. Lines are separated by '\n', in the options' language.
// GUI-free, so that tests check the numbers.
#pragma once

#include <string>

#include "core/figures/figures.h"
#include "core/scene.h"

namespace posviz {

// The formula of the point at x of line `line` of panel `panel` of the figure
// build_figure(scene, options) makes: curves (sinusoidal PE of dim dims[k] at pos = x),
// wavelengths (pair i = x of that line's base or encoding, in either panel), decay (the bound at
// r = x) and bias (b at m − n = x, on the curve panel). Empty where a point has no formula of its
// own: marker lines (the context length), other encodings and figures.
std::string curve_formula(const Scene& scene, const FigureOptions& options, int panel, int line,
                          double x);

}  // namespace posviz
