// The desktop window fitted to the screen, whatever the settings file asks for.
#include <gtest/gtest.h>

#include "app/gui/window/window_placement.h"

namespace posviz::gui {
namespace {

WindowOptions placement(int x, int y, int width, int height) {
    WindowOptions w;
    w.x = x;
    w.y = y;
    w.width = width;
    w.height = height;
    return w;
}

TEST(GuiWindowPlacement, AWindowThatFitsStaysAsItIs) {
    const ScreenArea area{0, 30, 1920, 1050};
    const WindowOptions w = fit_to_area(placement(100, 200, 1600, 800), area);
    EXPECT_EQ(w.x, 100);
    EXPECT_EQ(w.y, 200);
    EXPECT_EQ(w.width, 1600);
    EXPECT_EQ(w.height, 800);
    const WindowOptions unplaced = fit_to_area(placement(-1, -1, 1600, 800), area);
    EXPECT_EQ(unplaced.x, -1);  // still the window system's choice
    EXPECT_EQ(unplaced.y, -1);
}

TEST(GuiWindowPlacement, HugeTinyAndOffScreenWindowsComeBackOnScreen) {
    const ScreenArea area{0, 30, 1920, 1050};
    const WindowOptions huge = fit_to_area(placement(5000000, 40, 99999999, 100000), area);
    EXPECT_EQ(huge.width, 1920);
    EXPECT_EQ(huge.height, 1050);
    EXPECT_EQ(huge.x, 0);
    EXPECT_EQ(huge.y, 30);
    const WindowOptions tiny = fit_to_area(placement(1900, 1070, -5, 0), area);
    EXPECT_EQ(tiny.width, 320);
    EXPECT_EQ(tiny.height, 240);
    EXPECT_EQ(tiny.x, 1920 - 320);  // its right edge on the screen's
    EXPECT_EQ(tiny.y, 30 + 1050 - 240);
}

TEST(GuiWindowPlacement, WithoutAMonitorAnEightKScreenBoundsTheSize) {
    const WindowOptions w = fit_to_area(placement(-1, -1, 20000, 20000), ScreenArea{});
    EXPECT_EQ(w.width, 7680);
    EXPECT_EQ(w.height, 4320);
    const WindowOptions small_screen = fit_to_area(placement(-1, -1, 800, 600), {0, 0, 300, 200});
    EXPECT_EQ(small_screen.width, 300);
    EXPECT_EQ(small_screen.height, 200);
}

}  // namespace
}  // namespace posviz::gui
