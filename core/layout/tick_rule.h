// Which ticks an axis or a colour bar labels (issue 22, defect 1). Every numeric axis keeps at
// least three labelled ticks: the densest automatic ticks (1-2-5 steps; decades on log axes, or
// 1-2-5 and 1-3 mantissas where the axis spans too few decades for three) whose labels stand
// apart, at least three of them; where the box is too short for three, the axis's two ends (the
// ends of its data, or its first and last cells). Colour bars label their two ends (their
// limits, not the nearest round number inside them; on a log bar an end next to a decade by that
// decade, and in the style of its decades, 10⁻⁴ or 5×10⁻⁵ beside 10⁻²) and as many round values
// between as stand apart, at least one where the bar is long enough. Only a box or bar too short
// for two labels (a speck, which its figure's arrangement must avoid) shows one. Axes the figure
// gives ticks of its own (tokens, categories) show every k-th of them, the first always.
#pragma once

#include <functional>

#include "core/figure/figure.h"
#include "core/figure/page_geometry.h"
#include "core/figure/theme.h"
#include "core/figure/ticks.h"

namespace posviz {

// Whether a set of tick labels fits along the axis (apart from each other, inside the room).
using TicksFit = std::function<bool(const Ticks&)>;

// The ticks of `axis` over `map`, at most `most` automatic ones, as the rule above chooses.
// `shown`: the span of the data drawn along it (its ends); `cells`: that span is a heatmap's
// edges (its ends are the first and last cells' centres).
Ticks axis_ticks(const Axis& axis, const AxisMap& map, int most, Range shown, bool cells,
                 const TicksFit& fits);

// The ticks a colour bar `bar_height` long labels, two lines of tick type apart where that gives
// three or more, else one line apart.
Ticks colorbar_ticks(const Theme& theme, const Colorbar& colorbar, double bar_height);

}  // namespace posviz
