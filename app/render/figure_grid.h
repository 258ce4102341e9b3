// How a figure's panels are laid out in rows and columns for a canvas. The figure model lists
// its panels; the grid is chosen for the canvas they are drawn on, so that four panels fill a
// 16:9 slide as 2 × 2 rather than floating in one thin row.
#pragma once

#include "core/figure/figure.h"

namespace posviz {

struct Grid {
    int rows = 1, cols = 1;
};

// cols_asked > 0: that many columns (at most one per panel). 0: the grid in which the panels'
// plot boxes, each at the aspect it prefers (a square matrix square plus its colour bar, a plot
// 3:2), together cover the most of a width × height canvas, after the room their labels take
// (in units of em, the label size), weighted by the share of cells filled; of near ties, the one
// with fewer rows.
Grid choose_grid(const Figure& figure, int cols_asked, double width, double height, double em);

}  // namespace posviz
