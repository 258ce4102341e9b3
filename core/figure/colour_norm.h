// How a heatmap's values map onto its colormap between its limits [min, max], as matplotlib's
// Normalize, LogNorm and PowerNorm do: linearly; logarithmically, for positive values that span
// decades (softmax probabilities, where a linear map leaves all but the largest dark); or by a
// power γ of the linear position (γ < 1 lifts small values, γ > 1 lowers them).
#pragma once

#include <string>

namespace posviz {

struct Range {
    double min = 0.0, max = 1.0;
};

enum class NormKind { Linear, Log, Power };

struct ColourNorm {
    NormKind kind = NormKind::Linear;
    double gamma = 1.0;  // Power only
    bool operator==(const ColourNorm&) const = default;
};

// Decision: a log scale whose lower limit is not positive (probabilities from 0) shows the four
// decades below its upper limit, 10⁻⁴·max … max; smaller values take the lowest colour.
constexpr double k_log_norm_decades = 4.0;

// The limits a norm can use: for Log, a positive lower limit (see k_log_norm_decades).
Range norm_range(const ColourNorm& norm, Range range);

// The position of `value` on the colormap, in [0, 1] (clamped), over norm_range(norm, range).
// For Log, values ≤ 0 map to 0.
double colour_position(const ColourNorm& norm, Range range, double value);

// "linear", "log" or "power:γ" (γ finite, 0.05 … 20); InputError naming `source` otherwise.
ColourNorm parse_colour_norm(const std::string& text, const std::string& source);
std::string colour_norm_name(const ColourNorm& norm);

}  // namespace posviz
