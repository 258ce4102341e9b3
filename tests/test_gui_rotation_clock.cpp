// The rotation view's animation clock: positions advance at the chosen speed, and a speed or a
// frame time from anywhere (a preset's speed of 1e9, a frame that took seconds) advances them by a
// few positions at most, never looping.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "app/gui/storyline_names.h"
#include "app/storyline/view_figures.h"

namespace posviz::gui {
namespace {

TEST(GuiRotationClock, AdvancesAtTheChosenSpeed) {
    double clock = 0.0;
    int steps = 0;
    // One second of 64 frames (a binary fraction: no rounding) at 4 positions per second.
    for (int frame = 0; frame < 64; ++frame) steps += rotation_steps(clock, 1.0 / 64.0, 4.0);
    EXPECT_EQ(steps, 4);
    EXPECT_EQ(clock, 0.0);
    clock = 0.0;
    EXPECT_EQ(rotation_steps(clock, 0.5, 3.0), 1);
    EXPECT_DOUBLE_EQ(clock, 0.5);  // the half position carries over
}

TEST(GuiRotationClock, HostileSpeedsAndFrameTimesStepAFewPositions) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    for (double speed : {1e9, 1e17, inf, -5.0, nan, 0.0})
        for (double seconds : {1.0 / 60.0, 3.0, 1e9, -1.0, nan}) {
            double clock = 0.0;
            const int steps = rotation_steps(clock, seconds, speed);
            EXPECT_GE(steps, 0) << speed << " " << seconds;
            EXPECT_LE(steps, 4) << speed << " " << seconds;
            EXPECT_TRUE(clock >= 0.0 && clock < 1.0) << speed << " " << seconds << ": " << clock;
        }
}

TEST(GuiRotationClock, SpeedsStayWithinTheSlider) {
    EXPECT_EQ(playable_speed(1e9), k_max_speed);
    EXPECT_EQ(playable_speed(0.0), k_min_speed);
    EXPECT_EQ(playable_speed(std::numeric_limits<double>::quiet_NaN()), ViewSettings{}.speed);
    EXPECT_EQ(playable_speed(-std::numeric_limits<double>::infinity()), ViewSettings{}.speed);
    EXPECT_EQ(playable_speed(2.5), 2.5);
}

}  // namespace
}  // namespace posviz::gui
