#include "core/layout/figure_grid.h"

#include <algorithm>

namespace posviz {

bool uses_shared_colorbar(const Panel& panel) {
    return panel.heatmap && !panel.heatmap->colorbar;
}

namespace {

// Whether some row of `cols` columns holds both a map of the shared colour bar and a map with a
// bar of its own.
bool mixes_colour_bars(const Figure& figure, int cols) {
    const size_t n = figure.panels.size();
    for (size_t first = 0; first < n; first += size_t(cols)) {
        bool shared = false, own = false;
        for (size_t i = first; i < std::min(n, first + size_t(cols)); ++i) {
            const Panel& panel = figure.panels[i];
            shared = shared || uses_shared_colorbar(panel);
            own = own || (panel.heatmap && panel.heatmap->colorbar);
        }
        if (shared && own) return true;
    }
    return false;
}

}  // namespace

std::vector<Grid> candidate_grids(const Figure& figure, int cols_asked) {
    const int n = std::max(1, int(figure.panels.size()));
    if (cols_asked > 0) {
        const int cols = std::min(cols_asked, n);
        return {{(n + cols - 1) / cols, cols, false}};
    }
    std::vector<Grid> grids;
    for (int cols = n; cols >= 1; --cols) {
        const int rows = (n + cols - 1) / cols;
        if (rows > 1 && (rows - 1) * cols >= n) continue;  // a whole empty row
        if (figure.colorbar && cols > 1 && mixes_colour_bars(figure, cols)) continue;
        grids.push_back({rows, cols, false});
        const auto last_row = figure.panels.begin() + (rows - 1) * cols;
        if (rows * cols > n && std::any_of(last_row, figure.panels.end(),
                                           [](const Panel& panel) { return !panel.equal_aspect; }))
            grids.push_back({rows, cols, true});
    }
    return grids;
}

int cells_across(Grid grid, size_t count, size_t i) {
    const size_t last_row_start = size_t(grid.rows - 1) * size_t(grid.cols);
    if (!grid.wide_last_row || i < last_row_start) return grid.cols;
    return std::clamp(int(count - last_row_start), 1, grid.cols);
}

std::vector<Rect> grid_cells(Rect area, Grid grid, size_t count,
                             const std::vector<RowWidths>& widths,
                             const std::vector<double>& heights) {
    std::vector<Rect> cells;
    const bool given_heights = heights.size() == size_t(grid.rows);
    auto row_height = [&](size_t r) { return given_heights ? heights[r] : area.h / grid.rows; };
    double x = area.x, y = area.y, scale = 1.0;
    for (size_t i = 0; i < count; ++i) {
        const size_t r = i / size_t(grid.cols), c = i % size_t(grid.cols);
        const int across = cells_across(grid, count, i);
        const bool given = r < widths.size() && widths[r].cells.size() == size_t(across);
        if (c == 0) {
            if (r > 0) y += row_height(r - 1);
            double row_width = area.w;
            if (given) {
                row_width = 0.0;
                for (const double w : widths[r].cells) row_width += w;
            }
            // Never wider than the area (a shared colorbar's strip may have grown since).
            scale = std::min(1.0, area.w / row_width);
            x = area.x + (!given || widths[r].centred ? 0.5 * (area.w - scale * row_width) : 0.0);
        }
        const double w = given ? scale * widths[r].cells[c] : area.w / across;
        cells.push_back({x, y, w, row_height(r)});
        x += w;
    }
    return cells;
}

}  // namespace posviz
