// The figure-text audit's checks (issue 22, Checks), read from the display list the layout hands
// every painter (core/layout/display_list.h), not from pixels — shared by the audit of paper
// figures (test_figure_text_audit.cpp) and of the screen (test_screen_text_audit.cpp):
// Canvas, ellipsis, ticks, map size and legend are the layout's own measure of shortfalls
// (core/layout/layout_shortfalls.h), which the page fitter minimises; the rest are read here:
//   overlap   no two blocks of text overlap, and no text lies on another panel's plot box;
//   canvas    no text leaves the canvas;
//   ellipsis  no text is cut short with "…";
//   ticks     every numeric axis labels at least three ticks, or two under the short-axis rule
//             (too_short_for_three); every colour bar at least three; an axis of tokens names at
//             least three of them (all where it has fewer);
//   ends      every colour bar labels values at its two ends (within 5 % of its length);
//   type      no type under 6 pt;
//   map size  no heatmap box under smallest_map_in;
//   legend    a panel that draws more than one labelled line has a legend;
//   log style the labels of one log axis are all plain numbers or all powers 10ⁿ;
//   bar place a colour bar shared by maps stands beside them, no other map between.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/figure/figure.h"
#include "core/layout/figure_layout.h"

namespace posviz::testing {

// The value a tick label names, read as a reader would: "−2.5", "0.001", "1e5", "2.5e−4", "10⁻²",
// "2×10³"; none for a label that is no number.
std::optional<double> tick_value(std::string label);
// A label written as a power of ten (10⁻², 2×10³).
bool power_label(const std::string& label);
// The checks' names, as failed_checks reports them.
extern const std::vector<std::string> k_checks;

// Check → what failed first, for `figure` as laid out in `l`; heatmap boxes under
// smallest_map_in inches fail "map size".
std::map<std::string, std::string> failed_checks(const Figure& figure, const LaidOutFigure& l,
                                                 double smallest_map_in);

}  // namespace posviz::testing
