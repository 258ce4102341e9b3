#include "app/render/figure_grid.h"

#include <algorithm>
#include <cmath>

namespace posviz {

namespace {

// Width over height of the plot box and what sits right of it, as the panel would like it.
double preferred_aspect(const Panel& panel) {
    if (!panel.equal_aspect || !panel.heatmap) return 1.5;
    const Heatmap& h = *panel.heatmap;
    const double aspect = std::abs((h.x1 - h.x0) / (h.y1 - h.y0));
    return (std::isfinite(aspect) && aspect > 0.0 ? aspect : 1.0) + (h.colorbar ? 0.3 : 0.0);
}

}  // namespace

Grid choose_grid(const Figure& figure, int cols_asked, double width, double height, double em) {
    const int n = std::max(1, int(figure.panels.size()));
    if (cols_asked > 0) {
        const int cols = std::min(cols_asked, n);
        return {(n + cols - 1) / cols, cols};
    }
    // Decision: a cell loses about 6 em across (tick labels, y label) and 5 em down (title, tick
    // labels, x label) to its text; the figure's title and a shared colour bar take their strips.
    const double usable_w = width - (figure.colorbar ? 6.0 * em : 0.0) - em;
    const double usable_h = height - 4.0 * em;
    Grid best;
    double best_area = -1.0;
    for (int cols = n; cols >= 1; --cols) {  // fewest rows first, to win near ties
        const int rows = (n + cols - 1) / cols;
        if (rows > 1 && (rows - 1) * cols >= n) continue;  // a whole empty row
        const double cell_w = usable_w / cols - 6.0 * em, cell_h = usable_h / rows - 5.0 * em;
        double area = 0.0;
        for (const Panel& panel : figure.panels) {
            const double aspect = preferred_aspect(panel);
            const double h = std::max(0.0, std::min(cell_w / aspect, cell_h));
            area += aspect * h * h;
        }
        // Empty cells count against a grid (a lone panel under a full row looks stray): the
        // area is weighted by the share of cells filled.
        area *= double(n) / double(rows * cols);
        if (area > 1.02 * best_area) {
            best_area = area;
            best = {rows, cols};
        }
    }
    return best;
}

}  // namespace posviz
