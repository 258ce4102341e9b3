// A second top-level window beside the GUI's own, for the lecturer's screen (the speaker notes):
// a GLFW window with its own OpenGL context and its own Dear ImGui context. ImGui 1.86 as built
// here has no multi-viewport support, so one ImGui context cannot draw into two windows; a
// context of its own keeps fonts, style and input apart, and the main window's state is never
// touched while it draws. Its keys join the main window's queue (window.h): a lecturer whose
// keyboard focus is on the notes still moves the slides.
#pragma once

#include <string>

#include "core/figure/figure.h"

namespace posviz::gui {

class SecondWindow {
  public:
    virtual ~SecondWindow() = default;
    // Makes this window's OpenGL and ImGui contexts current (fonts may be rebuilt now).
    virtual void enter() = 0;
    // Starts an ImGui frame of this window; between enter() and end_frame().
    virtual void new_frame() = 0;
    // Renders the frame over `background`, shows it, and makes current again the contexts that
    // were current before enter().
    virtual void end_frame(const Rgb& background) = 0;
    virtual bool should_close() const = 0;
    virtual void set_title(const std::string& title) = 0;
};

}  // namespace posviz::gui
