// The speaker notes window (N, or Views → Speaker notes window), for the lecturer's own screen
// and never the projected one: the current slide's title and speaker notes (the preset's
// "speaker_notes"), the next slide's title, and a clock — the time since the lecture started
// (lecture mode entered, else the notes opened) and the wall time. A second GLFW window with an
// ImGui context of its own (window/second_window.h); the projected window is unchanged by it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/gui/app.h"
#include "app/gui/window/second_window.h"

namespace posviz::gui {

class SpeakerNotesWindow {
  public:
    // Opens or closes the window as app.show_notes says and draws it; once a main-loop frame,
    // after the main window. A window that cannot open (no display) turns show_notes off and
    // says why in app.problem; closing it with its own close button turns show_notes off.
    void update(App& app);
    bool is_open() const { return window_ != nullptr; }
    // Seconds until the clock shows its next second: how long an idle main loop may sleep.
    double seconds_to_next_tick(const App& app) const;

  private:
    void draw(App& app);
    // Whether there is a next slide; its titles in next_title_*.
    bool has_next(const App& app);

    std::unique_ptr<SecondWindow> window_;
    FontSpec font_spec_;
    Fonts fonts_;
    std::vector<ImWchar> wanted_;  // characters of the notes shown so far, beyond the fonts
    std::string styled_for_;
    int next_index_ = -1;  // the slide the next titles were read from
    std::string next_title_en_, next_title_zh_;
    std::string wrapped_, wrapped_from_;  // the notes with their line breaks, for a width
    float wrapped_width_ = 0.0f;
};

// "0:07", "12:34", "1:02:03".
std::string format_clock(double seconds);

}  // namespace posviz::gui
