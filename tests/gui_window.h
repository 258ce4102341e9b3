// The desktop window driven from outside, as a person drives it: `posviz gui` started as a
// process under an X display, keys, pointer and typing sent by xdotool, its state read from its
// title and size, and its pixels captured by ffmpeg's x11grab. Shared by the real-window tests
// (ctest `gui_keys` and `gui_window`); each polls until the window shows what it expects or a
// timeout passes, so a busy machine makes them slower, not wrong.
#pragma once

#include <gtest/gtest.h>
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace posviz::testing {

// The standard output of a shell command, without its trailing newlines.
std::string shell(const std::string& command);

// Polls `condition` every 20 ms until it holds or `seconds` pass.
bool eventually(const std::function<bool()>& condition, double seconds = 10.0);

struct Size {
    int width = 0, height = 0;
    bool operator==(const Size&) const = default;
};

// The X screen's size: what a full-screen window takes.
Size display_size();

// The window's pixels, 8-bit RGB rows from the top.
struct Shot {
    int width = 0, height = 0;
    std::vector<uint8_t> rgb;
    bool empty() const { return rgb.empty(); }
    const uint8_t* at(int x, int y) const {
        return &rgb[(size_t(y) * size_t(width) + size_t(x)) * 3];
    }
    bool operator==(const Shot&) const = default;
};

// Pixels that differ between two shots of the same size inside [x0, x1) × [y0, y1) (all of it
// by default).
int differing_pixels(const Shot& a, const Shot& b, int x0 = 0, int y0 = 0, int x1 = -1,
                     int y1 = -1);

// `posviz gui --preset PRESET` in a window of 1000×650 at (20, 20) (its settings file, in a fresh
// $XDG_CONFIG_HOME, in English), found by its title; TERM at the end must close it with status 0.
class GuiWindow {
  public:
    explicit GuiWindow(const std::string& preset);
    ~GuiWindow();
    GuiWindow(const GuiWindow&) = delete;
    GuiWindow& operator=(const GuiWindow&) = delete;

    bool found() const { return !id_.empty(); }
    std::string title() const;
    bool title_shows(const std::string& part, double seconds = 10.0) const;
    Size size() const;
    // Each key pressed and released at once, 12 ms before the next: a clicker's taps.
    void tap(const std::string& keys) const;
    // Typed as a person types, a character every 30 ms.
    void type(const std::string& text) const;
    // The pointer to (x, y) in the window's pixels.
    void point(int x, int y) const;
    // A click of the left button where the pointer is, with `modifiers` (e.g. "ctrl") held.
    void click(const std::string& modifiers = "") const;
    // The left button held (true) or let go (false) where the pointer is.
    void hold(bool down) const;
    // The window's pixels now; with `pointer`, the pointer drawn over them as X shows it.
    // Saved as NAME.png beside the test's other shots when $POSVIZ_GUI_SHOTS names a folder,
    // for a person to look at.
    Shot shot(const std::string& name, bool pointer = false) const;
    // The window's pixels once two shots 150 ms apart agree (figures computed, frames settled),
    // or the last one after `seconds`.
    Shot settled_shot(const std::string& name, double seconds = 20.0) const;
    pid_t pid() const { return pid_; }
    const std::string& id() const { return id_; }

  private:
    pid_t pid_ = -1;
    std::string id_;
};

// The speaker notes window's id, empty while there is none.
std::string speaker_notes_window();

bool have_display_and_xdotool();

}  // namespace posviz::testing

#define REQUIRE_X()                                     \
    if (!::posviz::testing::have_display_and_xdotool()) \
    GTEST_SKIP() << "needs an X display and xdotool (ctest runs it in xvfb-run)"
