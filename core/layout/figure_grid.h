// How a figure's panels are laid out in rows and columns for a canvas. The figure model lists
// its panels; the grid is chosen for the canvas they are drawn on (the figure layout measures each
// candidate, as the plot widget does: app/gui/plot/panel_grid.h), so that four panels fill a
// 16:9 slide as 2 × 2 rather than floating in one thin row.
#pragma once

#include <cstddef>
#include <vector>

#include "core/figure/figure.h"
#include "core/figure/page_geometry.h"

namespace posviz {

// rows × cols equal cells, filled row by row; with wide_last_row, a last row with fewer panels
// than cols shares the whole width among them (ALiBi's four maps over the curves of their
// biases) instead of leaving cells empty.
struct Grid {
    int rows = 1, cols = 1;
    bool wide_last_row = false;
    bool operator==(const Grid&) const = default;
};

// The grids to measure for the figure's panels: cols_asked > 0, that many columns (at most one
// per panel); else every column count, fewest rows first, each also with a wide last row where
// its last row is short and holds a plot of free shape, which can use the width (matrices that
// keep their shape cannot: a lone one would only stand apart). Grids with a whole empty row are
// left out, and so are grids that set a map with a colour bar of its own in a row of maps of the
// figure's shared colour bar (a difference A − B beside A and B): the shared bar stands right of
// those rows, and would stand beside the wrong map (issue 22, defect 5).
std::vector<Grid> candidate_grids(const Figure& figure, int cols_asked);

// Whether a panel's map takes its colours from the figure's shared colour bar.
bool uses_shared_colorbar(const Panel& panel);

// How many cells share the width of panel i's row.
int cells_across(Grid grid, size_t count, size_t i);

// The widths of one row's cells, and whether the row, where narrower than the area, is centred
// across it (else it starts at the area's left, its columns lined up with a row that fills it).
struct RowWidths {
    std::vector<double> cells;
    bool centred = true;
};

// The cells of `count` panels in `grid` over `area`: each row's cells as wide as widths[r] says
// (where it gives one width per cell of a full row, narrowed in proportion where they add up to
// more than the area), else sharing the area's width equally; row r as tall as heights[r] where
// it gives one height per row, else the rows sharing the area's height equally.
std::vector<Rect> grid_cells(Rect area, Grid grid, size_t count,
                             const std::vector<RowWidths>& widths = {},
                             const std::vector<double>& heights = {});

}  // namespace posviz
