#include "app/gui/views/tiling.h"

#include <algorithm>
#include <cmath>

namespace posviz::gui {

std::vector<Tile> tile_area(int count, const Tile& area, float preferred_aspect) {
    std::vector<Tile> tiles;
    if (count <= 0) return tiles;
    // The column count whose cells' aspect is nearest the preferred one (compared in log space,
    // so that too wide and too tall count the same).
    int best_cols = 1;
    float best_error = INFINITY;
    for (int cols = 1; cols <= count; ++cols) {
        const int rows = (count + cols - 1) / cols;
        const float aspect = (area.width / float(cols)) / (area.height / float(rows));
        const float error = std::abs(std::log(aspect / preferred_aspect));
        if (error < best_error) {
            best_error = error;
            best_cols = cols;
        }
    }
    const int rows = (count + best_cols - 1) / best_cols;
    const float height = area.height / float(rows);
    for (int i = 0; i < count; ++i) {
        const int row = i / best_cols, col = i % best_cols;
        const int in_row = row == rows - 1 ? count - row * best_cols : best_cols;
        const float width = area.width / float(in_row);
        tiles.push_back({area.x + float(col) * width, area.y + float(row) * height, width, height});
    }
    return tiles;
}

Desk desk_layout(int views, const Tile& area, float scene_width, float preferred_aspect) {
    if (scene_width <= 0.0f) return {std::nullopt, tile_area(views, area, preferred_aspect)};
    // The size of the figure the smallest tile shows at the preferred shape: its height.
    auto smallest_figure = [&](const std::vector<Tile>& tiles) {
        float least = INFINITY;
        for (const Tile& t : tiles)
            least = std::min(least, std::min(t.width / preferred_aspect, t.height));
        return least;
    };
    Desk column{
        Tile{area.x, area.y, scene_width, area.height},
        tile_area(views, {area.x + scene_width, area.y, area.width - scene_width, area.height},
                  preferred_aspect)};
    std::vector<Tile> cells = tile_area(views + 1, area, preferred_aspect);
    const Tile scene_cell = cells.front();
    cells.erase(cells.begin());
    if (views == 0 || smallest_figure(cells) < 1.1f * smallest_figure(column.views)) return column;
    return {scene_cell, cells};
}

}  // namespace posviz::gui
