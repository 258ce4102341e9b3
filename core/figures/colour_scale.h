// The colours of a built figure's heatmaps, decided once for every figure after its builder ran
// (build_figure), so that every figure follows the same rules:
// 1. Without --colormap, a map of signed values gets the diverging RdBu_r centred on 0 (white is
//    exactly 0) and a map of one-signed values the sequential viridis over its data range. Maps
//    with fixed limits (probabilities from 0, bucket ids, reduced magnitudes) keep their own.
// 2. --norm replaces each map's norm (core/figure/colour_norm.h).
// 3. --vmin / --vmax fix the limits of every map.
// 4. Figures that compare like with like (scores, bias) with two or more maps: one shared colour
//    scale and one colour bar (--scale shared), a scale and bar per map (per-panel), or, by
//    default, shared only when the maps' largest |values| lie within k_shared_scale_ratio of each
//    other — beyond that the smaller maps would be washed out (ALiBi's −64 beside KERPLE's −2) —
//    or when the figure prefers one (ALiBi's heads: how far each slope reaches is the point).
//    The subtitle says which.
// 5. --colormap replaces every map's colormap.
// Maps marked own_scale (the difference map of `scores --difference`) keep the colours their
// builder gave them under every rule.
#pragma once

#include "core/figure/figure.h"
#include "core/figures/figures.h"

namespace posviz {

constexpr double k_shared_scale_ratio = 4.0;

// InputError naming --vmin, --vmax or --norm for values that cannot be used together.
void check_colour_options(const FigureOptions& options);

// `compares`: the figure's maps show the same quantity for different encodings or heads.
void apply_colour_options(Figure& figure, const FigureOptions& options, bool compares);

// "linear", "log" … and "auto|shared|per-panel": the parsers of the options' words, InputError
// naming `source` otherwise.
ColourScale parse_colour_scale(const std::string& text, const std::string& source);
// The word parse_colour_scale reads: "auto", "shared" or "per-panel".
std::string colour_scale_name(ColourScale scale);

}  // namespace posviz
