// What a laid-out figure falls short of at its size (issue 22, "What to build" 2), read from the
// display list: a title or label cut short with "…" or leaving the canvas, a numeric axis or colour
// bar with fewer than three tick labels (two only where the box is too short for three), an axis of
// tokens naming fewer than three of them, a plot box under the size's floor, a panel of several
// labelled lines without a legend. The page fitter (page_fit.h) looks for the arrangement with
// none, and the figure-text audit (tests/figure_text_checks.h) asserts there are none: one measure
// for both.
#pragma once

#include <string>
#include <vector>

#include "core/figure/figure.h"

namespace posviz {

struct LaidOutFigure;  // core/layout/figure_layout.h

struct Shortfall {
    // "canvas" (a text leaves it), "ellipsis", "ticks", "map size" (a heatmap under the floor),
    // "plot size" (another plot box under it) or "legend".
    std::string check;
    std::string what;  // which text, axis or panel, for a message
};

// The shortfalls of `figure` as laid out in `laid_out`, whose plot boxes should be at least
// `smallest_box` points on their shorter side.
std::vector<Shortfall> layout_shortfalls(const Figure& figure, const LaidOutFigure& laid_out,
                                         double smallest_box);

// The short-axis rule (core/layout/tick_rule.h: "where the box is too short for three, the axis's
// two ends"): an axis may label only two ticks where three labels as long along it as the shorter
// of those two, spaced evenly with half an em of tick type between neighbours, do not fit on its
// box: box length < 2 × (label extent + 0.5 em).
bool too_short_for_three(double box_length, double shorter_label, double tick_size);

}  // namespace posviz
