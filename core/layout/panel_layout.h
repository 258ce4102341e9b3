// Where a panel's parts go inside its grid cell: data limits, ticks, the plot box, the colorbar,
// the legend. Margins are measured from the real tick labels, so long labels never overlap or
// get clipped.
#pragma once

#include <optional>
#include <string>

#include "core/figure/figure.h"
#include "core/figure/outer_labels.h"
#include "core/figure/page_geometry.h"
#include "core/figure/ticks.h"
#include "core/layout/legend_layout.h"
#include "core/layout/pen.h"

namespace posviz {

// Space above and below the plot box in its cell. The panels of one figure row take the row's
// largest, so that their boxes line up however long their titles or labels are; equal-aspect
// boxes of a row also take its smallest height (0: none given), so that a panel with a y label
// and one without come out the same size.
struct VerticalMargins {
    double top = 0.0, bottom = 0.0;
    double box_height = 0.0;
};

struct PanelLayout {
    Rect box;                 // the plot area
    VerticalMargins margins;  // as used, before an equal aspect shrinks the box
    // The plot area before an equal aspect (and the row's box height) shrinks it: what the box
    // leaves unused of it, the figure layout may take from the cell.
    Rect free_box;
    AxisMap x, y;
    Ticks x_ticks, y_ticks;
    // The tick labels' type sizes, and whether the x ones are turned 90° (tokens too wide to
    // stand level: fitting_x_tick_labels in panel_layout.cpp).
    double x_tick_size = 0.0, y_tick_size = 0.0;
    bool x_ticks_turned = false;
    bool colorbar = false;  // the heatmap's own, right of the box
    Rect colorbar_box;
    LegendPlacement legend;
    // From the panel title's bottom to the box: clear of the top y tick label's upper half.
    double title_gap = 0.0;
    // The panel's title and axis labels as they fit (Pen::fit_text, Pen::fit_label): wrapped, in
    // smaller type or cut short, never running past the cell.
    std::string title;
    Pen::Label x_label, y_label;
};

// A panel's own data limits on one axis (before any zoom): heatmaps fill the box exactly; other
// content gets a 5 % margin (in log space on log axes), as matplotlib does; explicit limits win.
// With nothing to show, [0, 1] (linear) or [1, 10] (log) with that margin.
AxisMap axis_limits(const Panel& panel, const Axis& axis, bool is_x);

// Limits a viewer zoomed or panned to, in data units (a log axis's too), instead of the panel's
// own (the screen's mouse wheel and drag).
struct DataLimits {
    double lo = 0.0, hi = 1.0;
    bool operator==(const DataLimits&) const = default;
};
struct ZoomedLimits {
    std::optional<DataLimits> x, y;
    bool operator==(const ZoomedLimits&) const = default;
};

// How a viewer shows one panel: its zoom, and how far a heatmap that keeps its shape may stretch
// its cells to fill its box (up to map_stretch times as wide as high, or as high as wide:
// matplotlib's aspect='auto', bounded). Circles stay round whatever it says.
struct PanelView {
    ZoomedLimits zoom;
    double map_stretch = 1.0;
};

// `labels`: which axis labels the panel draws (outer_axis_labels in a grid).
PanelLayout layout_panel(const Pen& pen, const Panel& panel, Rect cell,
                         VerticalMargins at_least = {}, AxisLabels labels = {},
                         const PanelView& view = {});

}  // namespace posviz
