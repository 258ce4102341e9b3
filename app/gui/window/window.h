// Where the GUI draws: an OpenGL 3.3 core context plus ImGui's platform side, behind one small
// interface (as Polyscope splits its render engine). Two kinds exist: a GLFW window — visible for
// the desktop app, hidden for screenshots under X — and a headless EGL context (surfaceless Mesa)
// drawing into a framebuffer object, for screenshots on machines without any display.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/gui/window/second_window.h"
#include "gpu/gpu_context.h"

namespace posviz::gui {

struct WindowOptions {
    int width = 1600, height = 900;  // window size in screen coordinates
    int x = -1, y = -1;              // position; negative: wherever the window system puts it
    bool visible = true;             // false: a hidden window, for screenshots
    std::string title = "posviz";
};

// A key press as GLFW's key callback gives it (key code and modifier bits); auto-repeats count.
struct KeyPress {
    int key = 0;
    int mods = 0;
};

class Window {
  public:
    virtual ~Window() = default;
    // Feeds ImGui input, display size and time for the next ImGui::NewFrame.
    virtual void new_frame() = 0;
    // Shows the frame just drawn (swaps buffers); headless: nothing to show.
    virtual void present() = 0;
    virtual bool should_close() const = 0;
    // Pixels of the default framebuffer (the one glReadPixels reads after drawing).
    virtual void framebuffer_size(int& width, int& height) const = 0;
    // The monitor's scale (2 on a HiDPI screen): fonts and sizes are multiplied by it.
    virtual float content_scale() const = 0;
    // The height in pixels of the monitor the window is on (ui_scale.h); a window without one
    // answers its own height.
    virtual int monitor_height() const {
        int width = 0, height = 0;
        framebuffer_size(width, height);
        return height;
    }
    virtual void set_fullscreen(bool fullscreen) = 0;
    // Monitors connected (0 headless): with one, a full-screen window would cover any other.
    virtual int monitor_count() const = 0;
    // Window position and size in screen coordinates, for the settings file.
    virtual WindowOptions placement() const = 0;
    // Handles pending input without waiting.
    virtual void poll_events() = 0;
    // Blocks until there is input or wake_main_loop() is called, so an idle GUI uses no CPU.
    virtual void wait_events() = 0;
    // The same, but back after `seconds` at the latest (the speaker notes' clock ticks).
    virtual void wait_events_timeout(double seconds) = 0;
    // Every key pressed since the last call, in order: ImGui 1.86 sees only which keys are down
    // when a frame starts, and loses a press and release that fall between two frames (a
    // presenter remote's short tap).
    virtual std::vector<KeyPress> take_key_presses() = 0;
    // How many input events (keys, text, mouse buttons and moves, scrolling, focus) the window
    // has had: a wake-up that adds none was a finished build or a signal, after which ImGui has
    // nothing to settle.
    virtual uint64_t input_events() const = 0;
    virtual void set_title(const std::string& title) = 0;
    // An OpenGL 4.3 context sharing objects with this window's, for the GPU backend to compute in
    // on worker threads: the window then draws the buffers it fills without copying them. Null,
    // with `error`, when there is none. Make it on the window's thread and destroy it there,
    // before the window; its release() gives a thread back the context it had before
    // make_current().
    virtual std::unique_ptr<gpu::GpuContext> make_shared_compute_context(std::string& error) = 0;
    // A second window of `options` (second_window.h), whose key presses join this window's
    // take_key_presses(). Null, with `error`, where there is none (headless). Destroy it before
    // this window.
    virtual std::unique_ptr<SecondWindow> open_second_window(const WindowOptions& options,
                                                             std::string& error) = 0;
};

// A GLFW window with ImGui's GLFW backend installed. Returns null and sets `error` when GLFW
// cannot start (no display) or the context cannot be made.
std::unique_ptr<Window> open_glfw_window(const WindowOptions& options, std::string& error);

// The OpenGL context a GUI window gets on this display, probed with a hidden window that is closed
// again. False, with `error`, when there is no display or no OpenGL 3.3.
bool probe_window_context(gpu::GpuInfo& info, std::string& error);

// A surfaceless EGL context rendering into a width × height framebuffer object. Returns null and
// sets `error` when EGL or its surfaceless platform is missing.
std::unique_ptr<Window> open_headless_window(const WindowOptions& options, std::string& error);

}  // namespace posviz::gui
