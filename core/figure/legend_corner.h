// Which corner of a plot box a legend goes in: the one where it hides the least of the panel's
// drawing. The figure layout (core/layout/panel_layout.cpp) and the GUI's plot widget
// (app/gui/plot/plot_layout.cpp) both follow this one rule, so that a legend sits in the same
// corner on screen and in an export; each decides for itself what to do when every corner hides
// something (a legend beside the box, or below it).
#pragma once

#include <vector>

#include "core/figure/figure.h"
#include "core/figure/page_geometry.h"

namespace posviz {

// A panel as a renderer laid it out: what a legend inside its box could hide.
struct PlacedPanel {
    const Panel* panel = nullptr;
    Rect box;                 // the plot box
    AxisMap x, y;             // data to page
    std::vector<Rect> notes;  // its annotations' boxes, as the renderer measures them
    // Page distance between the points counted along a line, so that a long straight segment
    // counts as much as a curve drawn through many points: about a sixth of the tick font.
    double sample_step = 1.5;
};

// How much of the panel a legend over `area` would hide: the points counted along its lines in
// it, and a thousand per annotation it touches (a hidden note is worse than a hidden stretch of
// curve).
int legend_coverage(const PlacedPanel& placed, Rect area);

struct LegendCorner {
    LegendPosition corner = LegendPosition::None;
    Rect area;        // the legend with its background, on the page
    int covered = 0;  // legend_coverage there
};

// The corner where a legend of `size` (its background included; x and y ignored), `inset` from
// the box's edges, hides the least: the panel's own choice first, then upper right, upper left,
// lower right, lower left; the first that hides nothing wins, else the first of the least.
LegendCorner best_legend_corner(const PlacedPanel& placed, Rect size, double inset);

}  // namespace posviz
