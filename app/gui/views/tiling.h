// Where the open view windows go: a grid over the free area whose cells come closest to the
// shape figures like (about 1.6 : 1), filled row by row; the last row's windows widen to share
// its full width. Plain arithmetic, tested without a window.
#pragma once

#include <optional>
#include <vector>

namespace posviz::gui {

struct Tile {
    float x = 0.0f, y = 0.0f, width = 0.0f, height = 0.0f;
};

std::vector<Tile> tile_area(int count, const Tile& area, float preferred_aspect = 1.6f);

// The desk outside lecture mode: the Scene window (when shown) and the views' windows. Views
// that share a tile are its tabs.
struct Desk {
    std::optional<Tile> scene;
    std::vector<Tile> views;
    std::vector<int> tile_of_view;  // for each open view, in order, the index of its tile
};
// The Scene window is a column `scene_width` wide at the left of `area` (0: hidden), the views
// tiled beside it; but where the views are many, a full-height column costs them a row's height:
// five views beside it at 1280 × 720 tile 2 × 3, 227 px high. Then the Scene window takes the
// grid's first cell instead (its contents scroll) and the views the rest: 3 × 2, 340 px high.
// It does so when that shows the smallest view's figure, at the preferred shape, at least 10 %
// larger: with a view or two the column stays, and the layout does not flip on a small gain.
// Views are not squeezed below `readable` (the smallest figure's height at the preferred shape,
// as above): where they would be, fewer tiles are laid out, the first views keep one each and
// the last tile holds the rest as tabs (issue 23: a 60 px rotation circle helps nobody). At most
// `max_tiles` tiles (the caller lowers it for a figure whose many panels come out small anyway).
Desk desk_layout(int views, const Tile& area, float scene_width, float readable = 0.0f,
                 int max_tiles = 1 << 20, float preferred_aspect = 1.6f);

}  // namespace posviz::gui
