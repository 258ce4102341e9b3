// Where a figure's panels go: the grid of cells the plot widget lays them out in, chosen for the
// room the figure gets and the shapes its panels want. Internal to the plot widget.
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

#include <vector>

#include "app/gui/plot/plot_layout.h"

namespace posviz::gui {

// `s` with the panel titles all in its heading font, or all in its body font when one would not
// fit a cell `cell_width` wide.
PlotStyle panel_title_style(const Figure& figure, const PlotStyle& s, float cell_width);

// A figure's panels in rows × cols equal cells, filled row by row; with `wide_last_row`, a last
// row that has fewer panels than `cols` shares the whole width among them (RoPE's three circles
// over the full-width qₘ·k₀ curve, ALiBi's three maps over its curves), instead of leaving
// cells empty.
// first_row_share: the first row's part of the height, the other rows sharing the rest equally;
// 0: every row equally high. RoPE's circles, which stay round, and ALiBi's maps fill more of the
// room in a row taller than that of the curves under them.
struct PanelGrid {
    int rows = 1, cols = 1;
    bool wide_last_row = false;
    float first_row_share = 0.0f;
};

// Row r's part of the grid's height.
float row_share(PanelGrid grid, int r);

// The cells of `count` panels in `grid` over `area`.
std::vector<ImRect> grid_cells(const ImRect& area, PanelGrid grid, int count);

// Each row's span: the lowest top and the smallest height among its panels' boxes, laid out
// without a span (`layouts` row by row, `cols` a row).
std::vector<RowSpan> row_spans(const std::vector<Layout>& layouts, int cols);

// The axis labels and tick labels that the first `cells.size()` panels of `figure` draw in their
// cells, `cols` to a row, at the limits x[i], y[i] (has_masked[i]: panel i's heatmap has masked
// cells): axis labels on the outer panels (outer_axis_labels) and, with
// PlotStyle::shared_tick_labels, tick labels only where no neighbour repeats them
// (hide_repeated_tick_labels, judged on the panels laid out with all of theirs).
std::vector<AxisLabels> grid_axis_labels(const Figure& figure, const PlotStyle& s,
                                         const std::vector<ImRect>& cells, int cols,
                                         const std::vector<AxisRange>& x,
                                         const std::vector<AxisRange>& y,
                                         const std::vector<bool>& has_masked);

// Where a figure's panels go in `area`: the grid, and the part of `area` it takes.
struct GridPlacement {
    PanelGrid grid;
    ImRect area;
};

// The grid whose plot boxes, each panel laid out in its cell at its default limits, cover the
// most of `area`: square maps and wide curves want different cells, so a row of four panels may
// fill a wide window better as 2 × 2, or the reverse, or a wide last row better than either.
// Only a row of panels or a small grid (the four logit terms) is laid out again; bigger grids
// keep their rows, which mean something (permutation: without, with PE). Of two rows, the first
// then takes the part of the height that covers the most. The area is then trimmed, centred, by
// what every panel leaves unused beside or below its box (maps that keep their shape), so that
// panels do not drift apart with empty bands between them — unless the narrower cells would change
// the titles' font.
GridPlacement place_panels(const Figure& figure, const PlotStyle& s, const ImRect& area);

}  // namespace posviz::gui
