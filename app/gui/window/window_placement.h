// Where the desktop window opens. The settings file remembers the last placement, but a file
// edited by hand (or written on a larger screen) may ask for any size or position: X refuses a
// window over 32767 pixels (BadValue, exit 1), wraps one of 100000 to 34464, and opens a
// 20000×20000 one black at almost a gigabyte. The window is fitted to the screen first.
#pragma once

#include "app/gui/window/window.h"

namespace posviz::gui {

// Where a window may go: the primary monitor's work area (the screen less panels and docks) in
// screen coordinates. Without a monitor (headless, or a display that reports none) the default
// stands in: an 8K screen, the largest a window of ours sensibly takes.
struct ScreenArea {
    int x = 0, y = 0;
    int width = 7680, height = 4320;
};

// `wanted` as it can open on `area`: its size within [320×240, the area's size] (the area's size
// when that is smaller still); a position, when one is given (x, y >= 0), moved so that the whole
// window lies on the area.
WindowOptions fit_to_area(WindowOptions wanted, const ScreenArea& area);

}  // namespace posviz::gui
