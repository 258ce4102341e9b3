// Where a figure's panels go: the grid of cells the plot widget lays them out in, chosen for the
// room the figure gets and the shapes its panels want. Internal to the plot widget.
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

#include <vector>

#include "app/gui/plot/plot_layout.h"

namespace posviz::gui {

// `s` with the panel titles all in its heading font, or all in its body font when one would not
// fit its cell (cells[i] is panel i's).
PlotStyle panel_title_style(const Figure& figure, const PlotStyle& s,
                            const std::vector<ImRect>& cells);

// A figure's panels in rows × cols cells, filled row by row; with `wide_last_row`, a last row
// that has fewer panels than `cols` shares the whole width among them (RoPE's three circles over
// the full-width qₘ·k₀ curve, ALiBi's three maps over its curves), instead of leaving cells
// empty.
// first_row_share: the first row's part of the height, the other rows sharing the rest equally;
// 0: every row equally high. RoPE's circles, which stay round, and ALiBi's maps fill more of the
// room in a row taller than that of the curves under them.
// col_text, row_text: the pixels each column's (row's) panels take at most for what is not their
// plot box — tick labels, axis labels, colour bars, titles —; the column (row) gets that and an
// equal part of the rest, so that its boxes come out as wide (high) as the others' (matplotlib's
// constrained layout). Empty: equal cells. row_text is not used with a first_row_share, and a
// wide last row's panels share its width equally.
struct PanelGrid {
    int rows = 1, cols = 1;
    bool wide_last_row = false;
    float first_row_share = 0.0f;
    std::vector<float> col_text = {}, row_text = {};
};

// Row r's part of the height the grid's plot boxes share: the height a row loses when the grid
// loses some is this part of it.
float row_share(const PanelGrid& grid, int r);

// The cells of `count` panels in `grid` over `area`.
std::vector<ImRect> grid_cells(const ImRect& area, const PanelGrid& grid, int count);

// Each panel's span, from `layouts` laid out without one in the cells of `grid`: its row's lowest
// top and smallest height among its panels' boxes, and, in a column of two or more panels with
// one x axis (the same limits), the part of it that every panel's box could take.
std::vector<BoxSpan> box_spans(const std::vector<Layout>& layouts, const PanelGrid& grid);

// Which tick labels grid_axis_labels leaves to a neighbour. Drawn: those of axes that agree with
// the neighbour's in limits, scale, tick labels and length (hide_repeated_tick_labels) as drawn,
// without them — so that the ticks line up. Shareable: those of axes that agree in all but
// length, laid out with all their tick labels: what a grid whose boxes come out equal
// (PanelGrid::col_text, row_text) can leave out, and so the text it is fitted to.
enum class SharedTicks { Drawn, Shareable };

// The axis labels and tick labels that the first `cells.size()` panels of `figure` draw in their
// cells of `grid`, at the limits x[i], y[i] (has_masked[i]: panel i's heatmap has masked
// cells): axis labels on the outer panels (outer_axis_labels), and tick labels only where no
// neighbour repeats them (`judge`), as matplotlib's sharex/sharey with label_outer: in lecture
// mode's large type a map's row labels take a tenth of its width, in a small tile the upper row's
// x tick labels a third of its height, and the left map of a row names its rows for all.
std::vector<AxisLabels> grid_axis_labels(const Figure& figure, const PlotStyle& s,
                                         const std::vector<ImRect>& cells, const PanelGrid& grid,
                                         const std::vector<AxisRange>& x,
                                         const std::vector<AxisRange>& y,
                                         const std::vector<bool>& has_masked,
                                         SharedTicks judge = SharedTicks::Drawn);

// Where a figure's panels go in `area`: the grid, and the part of `area` it takes.
struct GridPlacement {
    PanelGrid grid;
    ImRect area;
};

// The grid whose plot boxes, each panel laid out in its cell at its default limits (maps with
// square cells), cover the most of `area`: square maps and wide curves want different cells, so a
// row of four panels may fill a wide window better as 2 × 2, or the reverse, or a wide last row
// better than either. Only a row of panels or a small grid (the four logit terms) is laid out
// again; bigger grids keep their rows, which mean something (permutation: without, with PE). Of
// two rows, the first then takes the part of the height that covers the most. The columns and
// rows then take the room their text needs (PanelGrid::col_text, row_text), unless that covers
// clearly less than equal cells, or cuts a title shorter for less than a tenth more. The area is
// then trimmed, centred, by what every panel leaves unused beside or below its box (maps that keep
// their shape), so that panels do not drift apart with empty bands between them — but never into
// the width a title takes. has_masked[i]: panel i's heatmap has masked cells (its colour bar is
// then wider, for the swatch's label), as the panels will be drawn.
GridPlacement place_panels(const Figure& figure, const PlotStyle& s, const ImRect& area,
                           const std::vector<bool>& has_masked);

}  // namespace posviz::gui
