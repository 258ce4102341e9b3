// The explainers that the cell formulas (formula_text.cpp) and the curve formulas
// (curve_formula.cpp) share: one encoding's formula at one (m, n) or (pos, d) with the numbers
// substituted. Internal to core/figures.
#pragma once

#include <optional>
#include <string>

#include "core/attention.h"
#include "core/figures/figure_text.h"

namespace posviz::formula {

// Numbers as the formulas print them: 4 significant digits; whole numbers in full.
std::string num(double v);
std::string num(int v);

// A term with the lines that explain it.
struct Explained {
    std::string lines;
    double value = 0.0;
};

// b(m, n) of a bias encoding (ALiBi, T5, KERPLE, FIRE); nullopt for the others.
std::optional<Explained> bias_of(const Encoding& e, int m, int n, const Text& t);

// PE(pos, d) of the sinusoidal table, as sin or cos of pos·ωᵢ.
std::string sinusoidal_pe(const SinusoidalEncoding& s, int pos, int d, const Text& t);

}  // namespace posviz::formula
