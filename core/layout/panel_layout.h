// Where a panel's parts go inside its grid cell: data limits, ticks, the plot box, the colorbar,
// the legend. Margins are measured from the real tick labels, so long labels never overlap or
// get clipped.
#pragma once

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

// `labels`: which axis labels the panel draws (outer_axis_labels in a grid).
PanelLayout layout_panel(const Pen& pen, const Panel& panel, Rect cell,
                         VerticalMargins at_least = {}, AxisLabels labels = {});

}  // namespace posviz
