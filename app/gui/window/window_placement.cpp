#include "app/gui/window/window_placement.h"

#include <algorithm>

namespace posviz::gui {

WindowOptions fit_to_area(WindowOptions w, const ScreenArea& area) {
    const int width = std::max(area.width, 1), height = std::max(area.height, 1);
    w.width = std::clamp(w.width, std::min(320, width), width);
    w.height = std::clamp(w.height, std::min(240, height), height);
    if (w.x >= 0 && w.y >= 0) {
        // Screen coordinates of a work area are never negative on the primary monitor; a
        // negative result would read as "no position" (window.h).
        w.x = std::max(0, std::clamp(w.x, area.x, area.x + width - w.width));
        w.y = std::max(0, std::clamp(w.y, area.y, area.y + height - w.height));
    }
    return w;
}

}  // namespace posviz::gui
