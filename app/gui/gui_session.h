// Dear ImGui's context and its OpenGL 3 renderer around one window: the context exists before
// the window (whose GLFW backend registers with it), the renderer is shut down while the
// window's OpenGL context still exists. Shared by the GUI, `screenshot` and `bench latency`.
#pragma once

#include <memory>
#include <string>

#include "app/gui/window/window.h"

namespace posviz::gui {

class GuiSession {
  public:
    GuiSession();
    GuiSession(const GuiSession&) = delete;
    GuiSession& operator=(const GuiSession&) = delete;
    ~GuiSession();
    bool attach(std::unique_ptr<Window> window);
    Window* window() const { return window_.get(); }

  private:
    std::unique_ptr<Window> window_;
};

// A window nobody sees, for frames drawn into an OffscreenTarget: a hidden GLFW window under X,
// else a headless EGL context. Null, with the reasons of both in `error`, when neither opens.
std::unique_ptr<Window> open_offscreen_window(int width, int height, std::string& error);

}  // namespace posviz::gui
