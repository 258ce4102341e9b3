// The GLFW side of SecondWindow (second_window.h), opened by the main GLFW window.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/gui/window/second_window.h"
#include "app/gui/window/window.h"

namespace posviz::gui {

// A visible window of `options` with an OpenGL 3.3 context of its own and a Dear ImGui context
// with the GLFW and OpenGL 3 backends; `on_key` gets its key presses (and repeats). Placed on a
// monitor other than the primary one when there is one: the primary is where lecture mode goes
// full screen, so the other is the lecturer's. Null, with `error`, when it cannot be made. GLFW
// must be running (the main window started it).
std::unique_ptr<SecondWindow> open_glfw_second_window(const WindowOptions& options,
                                                      std::function<void(const KeyPress&)> on_key,
                                                      std::string& error);

}  // namespace posviz::gui
