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

namespace {

// The size of the figure the smallest tile shows at the preferred shape: its height.
float smallest_figure(const std::vector<Tile>& tiles, float preferred_aspect) {
    float least = INFINITY;
    for (const Tile& t : tiles)
        least = std::min(least, std::min(t.width / preferred_aspect, t.height));
    return least;
}

// `tiles` tiles, the Scene window as a column or in the first cell (desk_layout).
Desk tiles_and_scene(int tiles, const Tile& area, float scene_width, float preferred_aspect) {
    if (scene_width <= 0.0f) return {std::nullopt, tile_area(tiles, area, preferred_aspect), {}};
    Desk column{
        Tile{area.x, area.y, scene_width, area.height},
        tile_area(tiles, {area.x + scene_width, area.y, area.width - scene_width, area.height},
                  preferred_aspect),
        {}};
    std::vector<Tile> cells = tile_area(tiles + 1, area, preferred_aspect);
    const Tile scene_cell = cells.front();
    cells.erase(cells.begin());
    if (tiles == 0 || smallest_figure(cells, preferred_aspect) <
                          1.1f * smallest_figure(column.views, preferred_aspect))
        return column;
    return {scene_cell, cells, {}};
}

}  // namespace

Desk desk_layout(int views, const Tile& area, float scene_width, float readable, int max_tiles,
                 float preferred_aspect) {
    int tiles = std::clamp(max_tiles, std::min(views, 1), views);
    Desk desk = tiles_and_scene(tiles, area, scene_width, preferred_aspect);
    while (tiles > 1 && smallest_figure(desk.views, preferred_aspect) < readable)
        desk = tiles_and_scene(--tiles, area, scene_width, preferred_aspect);
    for (int i = 0; i < views; ++i) desk.tile_of_view.push_back(std::min(i, tiles - 1));
    return desk;
}

}  // namespace posviz::gui
