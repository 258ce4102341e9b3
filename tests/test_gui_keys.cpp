// The desktop window driven as a lecturer drives it, through the real binary under Xvfb (ctest
// `gui_keys`): short key taps of xdotool — a press and its release within milliseconds, as a
// presenter remote sends them — must each count. The state is read from outside, from the
// window's title ("posviz — 9/10 …", "… — playing") and its size, polled until it shows what is
// expected or a timeout passes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>

#include "tests/gui_window.h"

namespace posviz {
namespace {

using testing::display_size;
using testing::eventually;
using testing::GuiWindow;
using testing::shell;
using testing::Size;
using testing::speaker_notes_window;

TEST(GuiKeys, EightShortPageDownTapsLandOnTheNinthSlide) {
    REQUIRE_X();
    const GuiWindow gui("order-blindness");
    ASSERT_TRUE(gui.found());
    ASSERT_TRUE(gui.title_shows("1/10")) << gui.title();
    gui.tap("Next Next Next Next Next Next Next Next");
    EXPECT_TRUE(gui.title_shows("9/10")) << gui.title();
    // PageDown on the last slide stays there: End, then one step forward and two back, is 8 —
    // a wrap to the first slide would give 1.
    gui.tap("End");
    EXPECT_TRUE(gui.title_shows("10/10")) << gui.title();
    gui.tap("Next Prior Prior");
    EXPECT_TRUE(gui.title_shows("8/10")) << gui.title();
    gui.tap("Home");
    EXPECT_TRUE(gui.title_shows("1/10")) << gui.title();
}

TEST(GuiKeys, SpaceTapsPauseAndResumeTheRotation) {
    REQUIRE_X();
    const GuiWindow gui("rope-rotation");
    ASSERT_TRUE(gui.found());
    ASSERT_TRUE(gui.title_shows("playing")) << gui.title();
    for (int tap = 0; tap < 3; ++tap) {
        gui.tap("space");
        EXPECT_TRUE(gui.title_shows("paused")) << "tap " << 2 * tap + 1 << ": " << gui.title();
        gui.tap("space");
        EXPECT_TRUE(gui.title_shows("playing")) << "tap " << 2 * tap + 2 << ": " << gui.title();
    }
}

TEST(GuiKeys, F11ThenEscRestoresTheWindow) {
    REQUIRE_X();
    const GuiWindow gui("sinusoidal-waves");
    ASSERT_TRUE(gui.found());
    ASSERT_TRUE(eventually([&] { return gui.size() == Size{1000, 650}; })) << gui.size().width;
    const Size screen = display_size();
    gui.tap("F11");
    EXPECT_TRUE(eventually([&] { return gui.size() == screen; }))
        << gui.size().width << "x" << gui.size().height;
    gui.tap("Escape");
    EXPECT_TRUE(eventually([&] {
        return gui.size() == Size{1000, 650};
    })) << gui.size().width
        << "x" << gui.size().height;
}

// utime + stime of a process, in clock ticks (/proc/PID/stat fields 14 and 15).
long cpu_ticks(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const size_t end_of_name = text.rfind(')');  // the command name may hold spaces
    if (end_of_name == std::string::npos) return -1;
    std::istringstream fields(text.substr(end_of_name + 2));
    std::string field;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 14) utime = std::stol(field);
        if (i == 15) stime = std::stol(field);
    }
    return utime + stime;
}

// With nothing changing, the window draws nothing: once its figures are computed, some
// 2-second window of the first 30 s costs less than 2 % of a core (the old loop, redrawing
// every 0.3 s, took 14–18 %).
TEST(GuiKeys, IdleUsesNoCpu) {
    REQUIRE_X();
    const GuiWindow gui("sinusoidal-matrix");
    ASSERT_TRUE(gui.found());
    const double ticks_per_second = double(sysconf(_SC_CLK_TCK));
    double share = 1.0;
    eventually(
        [&] {
            const long before = cpu_ticks(gui.pid());
            std::this_thread::sleep_for(std::chrono::seconds(2));
            share = double(cpu_ticks(gui.pid()) - before) / ticks_per_second / 2.0;
            return share < 0.02;
        },
        30.0);
    EXPECT_LT(share, 0.02);
}

// Ctrl+O opens the file chooser in the shipped presets' folder with the keyboard in its path
// field: a name typed there and Enter open that preset (the title names its slide), and while
// the chooser is open the slide keys are its own (PageDown types nothing and moves nothing).
TEST(GuiKeys, CtrlOOpensAPresetThroughTheFileChooser) {
    REQUIRE_X();
    const GuiWindow gui("order-blindness");
    ASSERT_TRUE(gui.found());
    ASSERT_TRUE(gui.title_shows("1/10")) << gui.title();
    gui.tap("ctrl+o");
    ASSERT_TRUE(gui.title_shows("Open preset", 20.0)) << gui.title();  // the chooser is open
    gui.tap("Next");
    shell("xdotool type --delay 30 05-learned.json");
    gui.tap("Return");
    EXPECT_TRUE(gui.title_shows("5/10", 20.0)) << gui.title();
    gui.tap("Next");  // the chooser is closed: the slide keys work again
    EXPECT_TRUE(gui.title_shows("6/10")) << gui.title();
}

// In lecture mode Tab shows the slide's next figure; ImGui must not also take it to put the
// keyboard into a slider's text field, where it would hold the slide keys that follow.
TEST(GuiKeys, TabInLectureModeLeavesTheSlideKeysWorking) {
    REQUIRE_X();
    const GuiWindow gui("sinusoidal-matrix");
    ASSERT_TRUE(gui.found());
    ASSERT_TRUE(gui.title_shows("3/10")) << gui.title();
    gui.tap("F11 Tab Tab Tab");
    gui.tap("Next");
    EXPECT_TRUE(gui.title_shows("4/10")) << gui.title();
    gui.tap("Tab shift+Tab Next");
    EXPECT_TRUE(gui.title_shows("5/10")) << gui.title();
    gui.tap("Escape");
}

// In lecture mode the views' controls (and the caption) wait behind C: hidden on entering it, C
// shows them — the title says so, for the lecturer — and C hides them again; the slide keys work
// while they are shown. Outside lecture mode the controls are always there, and C does nothing.
TEST(GuiKeys, CTogglesTheControlsInLectureMode) {
    REQUIRE_X();
    const GuiWindow gui("rope-rotation");
    ASSERT_TRUE(gui.found());
    ASSERT_TRUE(gui.title_shows("7/10")) << gui.title();
    gui.tap("c");
    EXPECT_FALSE(gui.title_shows("controls", 1.0)) << gui.title();
    gui.tap("F11");
    EXPECT_FALSE(gui.title_shows("controls", 1.0)) << gui.title();
    gui.tap("c");
    EXPECT_TRUE(gui.title_shows("controls")) << gui.title();
    gui.tap("Next");
    EXPECT_TRUE(gui.title_shows("8/10")) << gui.title();
    gui.tap("c");
    EXPECT_TRUE(eventually([&] { return gui.title().find("controls") == std::string::npos; }))
        << gui.title();
    gui.tap("Escape");
}

// N opens the speaker notes in a window of their own (for the lecturer's screen), titled so and
// with the slide's number; the slide keys still work and the notes follow; N again closes it.
TEST(GuiKeys, NOpensTheSpeakerNotesWindow) {
    REQUIRE_X();
    const GuiWindow gui("sinusoidal-waves");
    ASSERT_TRUE(gui.found());
    ASSERT_TRUE(gui.title_shows("2/10")) << gui.title();
    EXPECT_TRUE(speaker_notes_window().empty());
    gui.tap("n");
    std::string notes;
    ASSERT_TRUE(eventually([&] { return !(notes = speaker_notes_window()).empty(); }));
    EXPECT_NE(notes, gui.id());
    const auto notes_title = [&] { return shell("xdotool getwindowname " + notes); };
    EXPECT_TRUE(eventually([&] { return notes_title().find("2/10") != std::string::npos; }))
        << notes_title();
    shell("xdotool windowfocus --sync " + gui.id());
    gui.tap("Next");
    EXPECT_TRUE(gui.title_shows("3/10")) << gui.title();
    EXPECT_TRUE(eventually([&] { return notes_title().find("3/10") != std::string::npos; }))
        << notes_title();
    gui.tap("n");
    EXPECT_TRUE(eventually([&] { return speaker_notes_window().empty(); }));
}

// Xvfb has one monitor, where a full-screen slide would bury the speaker notes: while they are
// open lecture mode keeps the slide in its window; closing them (N) takes it full screen.
TEST(GuiKeys, OnOneMonitorTheSlideStaysWindowedWhileTheNotesAreOpen) {
    REQUIRE_X();
    const GuiWindow gui("sinusoidal-waves");
    ASSERT_TRUE(gui.found());
    ASSERT_TRUE(eventually([&] { return gui.size() == Size{1000, 650}; }));
    gui.tap("n");
    ASSERT_TRUE(eventually([&] { return !speaker_notes_window().empty(); }));
    gui.tap("F11");
    // Given time to go full screen, it does not.
    EXPECT_FALSE(eventually([&] { return gui.size() == display_size(); }, 2.0));
    EXPECT_FALSE(speaker_notes_window().empty());
    gui.tap("n");
    EXPECT_TRUE(eventually([&] { return speaker_notes_window().empty(); }));
    EXPECT_TRUE(eventually([&] { return gui.size() == display_size(); }))
        << gui.size().width << "x" << gui.size().height;
    shell("xdotool windowfocus --sync " + gui.id());  // the closed notes window had the keyboard
    gui.tap("Escape");
    EXPECT_TRUE(eventually([&] { return gui.size() == Size{1000, 650}; }));
}

}  // namespace
}  // namespace posviz
