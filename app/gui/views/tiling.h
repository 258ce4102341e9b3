// Where the open view windows go: a grid over the free area whose cells come closest to the
// shape figures like (about 1.6 : 1), filled row by row; the last row's windows widen to share
// its full width. Plain arithmetic, tested without a window.
#pragma once

#include <vector>

namespace posviz::gui {

struct Tile {
    float x = 0.0f, y = 0.0f, width = 0.0f, height = 0.0f;
};

std::vector<Tile> tile_area(int count, const Tile& area, float preferred_aspect = 1.6f);

}  // namespace posviz::gui
