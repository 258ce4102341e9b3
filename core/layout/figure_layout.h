// One layout of a figure for every painter (issue 22), as matplotlib's Figure → Artist →
// Renderer split has it: the figure (core/figure/figure.h) laid out for a canvas (its size, type,
// theme and language) with the painter's text measure, into a display list
// (core/layout/display_list.h) that painters only draw — cairo for PNG, PDF and animation
// frames, the SVG writer — and each panel's axis maps, so that a screen can turn the mouse into
// data. The title and subtitle on top, then a grid of panels chosen for the canvas, each with
// its ticks (core/layout/tick_rule.h), labels, colorbar and legend, a shared colorbar right of
// the grid.
#pragma once

#include <optional>
#include <vector>

#include "core/figure/figure.h"
#include "core/figure/page_geometry.h"
#include "core/figure/ticks.h"
#include "core/layout/canvas.h"
#include "core/layout/display_list.h"
#include "core/layout/figure_grid.h"
#include "core/layout/legend_layout.h"
#include "core/layout/panel_layout.h"
#include "core/layout/text_measure.h"

namespace posviz {

// A panel as laid out: its cell, plot box and axis maps (data → canvas: AxisMap::operator();
// canvas → data: data_value), its ticks, colorbar and legend.
struct PanelPlacement {
    Rect cell, box;
    AxisMap x, y;
    Ticks x_ticks, y_ticks;
    std::optional<Rect> colorbar;
    LegendSlot legend = LegendSlot::None;
    Rect legend_box;
};

struct LaidOutFigure {
    DisplayList display;
    std::vector<PanelPlacement> panels;  // as many as the grid shows, in the figure's order
    std::optional<Rect> colorbar;        // the shared one (Figure::colorbar)
    Grid grid;
    double label_size = 0.0;  // the axis labels' points the layout settled on
};

// How a figure is shown on its canvas, beyond the canvas itself: what a screen changes (lecture
// mode leaves the title to the slide and the parameters behind a key; the mouse zooms panels;
// maps are textures already).
struct FigureView {
    bool title = true, subtitle = true;
    // False: heatmap images carry no pixels (heatmap_frame); the painter has each panel's.
    bool heatmap_pixels = true;
    std::vector<ZoomedLimits> zoom;  // per panel; none (or a shorter list): the panels' own
    double map_stretch = 1.0;        // PanelView's, for every panel
    // Instead of the canvas's named theme: a screen's own (lecture mode's high contrast).
    const Theme* theme = nullptr;
    bool operator==(const FigureView&) const = default;
};

// Throws InputError("--theme") for an unknown theme, and InputError("--font-size") where type of
// the size asked for leaves the panels no room on the canvas (naming the canvas's size and the
// largest type that fits), instead of drawing an empty picture.
LaidOutFigure lay_out_figure(const Figure& figure, const Canvas& canvas, const TextMeasure& measure,
                             const FigureView& view = {});

// The data value at canvas coordinate `at` on one axis (the inverse of AxisMap::operator()).
double data_value(const AxisMap& map, double at);

}  // namespace posviz
