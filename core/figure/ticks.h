// Axis ticks and their labels, as a careful person would place them by hand: linear axes step by
// 1, 2 or 5 times a power of ten; log axes mark decades (every k-th one when there are many).
// Labels print as few digits as the step needs ("0.3", never "0.30000000000000004"), a true
// minus sign (U+2212), and compact exponents ("1e5", "2.5e−4") for very large or small values on
// linear axes; log axes label decades as plain numbers from 0.001 to 10000, else as 10⁻⁴ … 10⁵.
// Shared by the file renderer and the GUI so that both show the same numbers.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace posviz {

struct Ticks {
    std::vector<double> values;
    std::vector<std::string> labels;  // one per value
    std::vector<double> minor;        // log axes: 2·10^k … 9·10^k between the labelled ticks
};

// An axis's limits for data spanning [lo, hi] (in the axis's own space: log10 on log axes), as
// matplotlib sets them: a 5 % margin on either side where `margins` (heatmaps fill their box
// exactly), and a unit range centred on data that are constant, or constant but for rounding
// (not their noise magnified to the whole axis). The file renderer and the GUI both use it.
std::pair<double, double> padded_limits(double lo, double hi, bool margins);

// At most max_count ticks inside [lo, hi] (at least 2 whenever the range allows).
Ticks linear_ticks(double lo, double hi, int max_count);
// lo, hi > 0. Falls back to 1-2-5 mantissas, then to linear ticks, inside a narrow range.
Ticks log_ticks(double lo, double hi, int max_count);

// Unicode digits for formulas and decade labels: superscript(−4) = "⁻⁴", subscript(12) = "₁₂".
std::string superscript(int n);
std::string subscript(int n);
// An exponent set as superscript characters, for formulas in titles and subtitles that every
// renderer (cairo, SVG <text>, the GUI) draws as text: superscript_text("−2i/D") = "⁻²ⁱᐟᴰ".
// Digits, + − = ( ), the letters that have a modifier form (all small letters but q; capitals
// A B D E G H I J K L M N O P R T U V W) and "/" (as U+141F, which DejaVu Sans draws as a raised
// slash) are raised; spaces are dropped. A text with any other character comes back as "^(text)".
std::string superscript_text(const std::string& text);

// Explicit ticks (e.g. one per token) thinned to every k-th, the smallest k for which the kept
// labels, each `extent` long along the axis (its width plus a gap across, its line height down),
// fit in `length`. Keeps the first tick, so position 0 is always named.
Ticks thin_to_fit(const Ticks& ticks, double length, double extent);

// A number for text (annotations, legends): `digits` significant digits, no trailing zeros.
std::string format_number(double value, int digits = 3);

}  // namespace posviz
