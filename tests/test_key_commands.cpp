// The lecturer's keys (app/gui/window/key_commands.h): what keyboards and presenter remotes send,
// and where each leads in a storyline of ten slides.
#include <gtest/gtest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "app/gui/window/key_commands.h"

namespace posviz::gui {
namespace {

TEST(KeyCommands, RemoteAndKeyboardKeys) {
    EXPECT_EQ(key_command(GLFW_KEY_PAGE_DOWN, 0), KeyCommand::NextSlide);
    EXPECT_EQ(key_command(GLFW_KEY_RIGHT, 0), KeyCommand::NextSlide);
    EXPECT_EQ(key_command(GLFW_KEY_PAGE_UP, 0), KeyCommand::PreviousSlide);
    EXPECT_EQ(key_command(GLFW_KEY_LEFT, 0), KeyCommand::PreviousSlide);
    EXPECT_EQ(key_command(GLFW_KEY_HOME, 0), KeyCommand::FirstSlide);
    EXPECT_EQ(key_command(GLFW_KEY_END, 0), KeyCommand::LastSlide);
    EXPECT_EQ(key_command(GLFW_KEY_SPACE, 0), KeyCommand::TogglePlay);
    EXPECT_EQ(key_command(GLFW_KEY_F11, 0), KeyCommand::ToggleLecture);
    EXPECT_EQ(key_command(GLFW_KEY_ESCAPE, 0), KeyCommand::LeaveLecture);
    EXPECT_EQ(key_command(GLFW_KEY_F9, 0), KeyCommand::ToggleControls);
    EXPECT_EQ(key_command(GLFW_KEY_B, 0), KeyCommand::BlackScreen);
    EXPECT_EQ(key_command(GLFW_KEY_PERIOD, 0), KeyCommand::BlackScreen);
    EXPECT_EQ(key_command(GLFW_KEY_F5, 0), KeyCommand::LectureFromFirst);
    EXPECT_EQ(key_command(GLFW_KEY_F5, GLFW_MOD_SHIFT), KeyCommand::LectureFromHere);
    EXPECT_EQ(key_command(GLFW_KEY_TAB, 0), KeyCommand::NextFigure);
    EXPECT_EQ(key_command(GLFW_KEY_TAB, GLFW_MOD_SHIFT), KeyCommand::PreviousFigure);
    EXPECT_EQ(key_command(GLFW_KEY_N, 0), KeyCommand::ToggleNotes);
    EXPECT_EQ(key_command(GLFW_KEY_C, 0), KeyCommand::ToggleViewTools);
    EXPECT_EQ(key_command(GLFW_KEY_Q, 0), KeyCommand::None);
}

TEST(KeyCommands, ShortcutsWithModifiersAreNotCommands) {
    EXPECT_EQ(key_command(GLFW_KEY_B, GLFW_MOD_CONTROL), KeyCommand::None);
    EXPECT_EQ(key_command(GLFW_KEY_PAGE_DOWN, GLFW_MOD_ALT), KeyCommand::None);
    EXPECT_EQ(key_command(GLFW_KEY_HOME, GLFW_MOD_SUPER), KeyCommand::None);
}

TEST(KeyCommands, SlidesStopAtBothEnds) {
    EXPECT_EQ(slide_after(KeyCommand::NextSlide, 2, 10), 3);
    EXPECT_EQ(slide_after(KeyCommand::NextSlide, 9, 10), 9);  // no wrap to the first
    EXPECT_EQ(slide_after(KeyCommand::PreviousSlide, 2, 10), 1);
    EXPECT_EQ(slide_after(KeyCommand::PreviousSlide, 0, 10), 0);
    EXPECT_EQ(slide_after(KeyCommand::FirstSlide, 6, 10), 0);
    EXPECT_EQ(slide_after(KeyCommand::LectureFromFirst, 6, 10), 0);
    EXPECT_EQ(slide_after(KeyCommand::LectureFromHere, 6, 10), 6);
    EXPECT_EQ(slide_after(KeyCommand::LastSlide, 3, 10), 9);
    EXPECT_EQ(slide_after(KeyCommand::TogglePlay, 3, 10), 3);
    // The user's own scene (no slide): forward starts the storyline.
    EXPECT_EQ(slide_after(KeyCommand::NextSlide, -1, 10), 0);
    EXPECT_EQ(slide_after(KeyCommand::BlackScreen, -1, 10), -1);
    EXPECT_EQ(slide_after(KeyCommand::NextSlide, 0, 0), -1);
}

TEST(KeyCommands, EightTapsFromTheFirstSlideReachTheNinth) {
    int slide = 0;
    for (int tap = 0; tap < 8; ++tap) slide = slide_after(KeyCommand::NextSlide, slide, 10);
    EXPECT_EQ(slide, 8);
}

}  // namespace
}  // namespace posviz::gui
