// The desktop window: GLFW with an OpenGL 3.3+ core context and ImGui's GLFW platform backend,
// and the hidden window whose shared context the GPU backend computes in.
#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "app/gui/window/glfw_second_window.h"
#include "app/gui/window/main_loop_wake.h"
#include "app/gui/window/window.h"
#include "app/gui/window/window_placement.h"

namespace posviz::gui {

namespace {

// GLFW reports errors through a callback; the last one explains a failed glfwInit.
std::string g_last_glfw_error;

void remember_glfw_error(int, const char* description) {
    g_last_glfw_error = description;
}

// The context a thread had before it made a shared context current, given back by release(): the
// GUI thread (an export computed on the GPU) keeps drawing with the window's context after it.
thread_local GLFWwindow* t_previous_context = nullptr;

// A hidden 1×1 window whose OpenGL 4.3 core context shares objects with the desktop window's.
class GlfwSharedContext : public gpu::GpuContext {
  public:
    GlfwSharedContext(GLFWwindow* hidden, gpu::GpuInfo info) : hidden_(hidden), info_(info) {}
    ~GlfwSharedContext() override {
        release();
        glfwDestroyWindow(hidden_);
    }
    const gpu::GpuInfo& info() const override { return info_; }
    bool make_current() const override {
        GLFWwindow* current = glfwGetCurrentContext();
        if (current == hidden_) return true;
        t_previous_context = current;
        glfwMakeContextCurrent(hidden_);
        return glfwGetCurrentContext() == hidden_;
    }
    void release() const override {
        if (glfwGetCurrentContext() != hidden_) return;
        glfwMakeContextCurrent(t_previous_context);
        t_previous_context = nullptr;
    }

  private:
    GLFWwindow* hidden_;
    gpu::GpuInfo info_;
};

class GlfwWindow : public Window {
  public:
    // Takes the key callback ImGui's backend installed and passes every key on to it; the other
    // input callbacks ImGui installed are counted on their way (input_events).
    GlfwWindow(GLFWwindow* window, bool visible) : window_(window), visible_(visible) {
        glfwSetWindowUserPointer(window_, this);
        imgui_key_callback_ = glfwSetKeyCallback(window_, key_callback);
        imgui_.chr = glfwSetCharCallback(window_, [](GLFWwindow* w, unsigned c) {
            if (GlfwWindow* self = counted(w); self->imgui_.chr) self->imgui_.chr(w, c);
        });
        imgui_.button = glfwSetMouseButtonCallback(window_, [](GLFWwindow* w, int b, int a, int m) {
            if (GlfwWindow* self = counted(w); self->imgui_.button) self->imgui_.button(w, b, a, m);
        });
        imgui_.scroll = glfwSetScrollCallback(window_, [](GLFWwindow* w, double x, double y) {
            if (GlfwWindow* self = counted(w); self->imgui_.scroll) self->imgui_.scroll(w, x, y);
        });
        imgui_.cursor = glfwSetCursorPosCallback(window_, [](GLFWwindow* w, double x, double y) {
            if (GlfwWindow* self = counted(w); self->imgui_.cursor) self->imgui_.cursor(w, x, y);
        });
        imgui_.enter = glfwSetCursorEnterCallback(window_, [](GLFWwindow* w, int entered) {
            if (GlfwWindow* self = counted(w); self->imgui_.enter) self->imgui_.enter(w, entered);
        });
        imgui_.focus = glfwSetWindowFocusCallback(window_, [](GLFWwindow* w, int focused) {
            if (GlfwWindow* self = counted(w); self->imgui_.focus) self->imgui_.focus(w, focused);
        });
        set_main_loop_waker(glfwPostEmptyEvent);
    }
    ~GlfwWindow() override {
        set_main_loop_waker(nullptr);
        glfwSetKeyCallback(window_, imgui_key_callback_);
        glfwSetCharCallback(window_, imgui_.chr);
        glfwSetMouseButtonCallback(window_, imgui_.button);
        glfwSetScrollCallback(window_, imgui_.scroll);
        glfwSetCursorPosCallback(window_, imgui_.cursor);
        glfwSetCursorEnterCallback(window_, imgui_.enter);
        glfwSetWindowFocusCallback(window_, imgui_.focus);
        ImGui_ImplGlfw_Shutdown();
        glfwDestroyWindow(window_);
        glfwTerminate();
    }

    void new_frame() override {
        // The releases held back last frame now reach ImGui, which saw those keys down for one
        // frame; the ones held back since wait for the frame after this one.
        for (const HeldRelease& r : releases_due_)
            imgui_key_callback_(window_, r.key, r.scancode, GLFW_RELEASE, r.mods);
        releases_due_ = std::move(releases_held_);
        releases_held_.clear();
        pressed_since_frame_ = false;
        ImGui_ImplGlfw_NewFrame();
    }
    void present() override { glfwSwapBuffers(window_); }
    bool should_close() const override { return glfwWindowShouldClose(window_); }
    void framebuffer_size(int& width, int& height) const override {
        glfwGetFramebufferSize(window_, &width, &height);
    }
    float content_scale() const override {
        float x = 1.0f, y = 1.0f;
        glfwGetWindowContentScale(window_, &x, &y);
        return x > 0.0f ? x : 1.0f;
    }
    int monitor_height() const override {
        // A hidden window (a screenshot) is drawn as the screen of its own size would show it:
        // `screenshot --size 3840x2160` at the 4K UI scale, whatever display it is made on.
        if (!visible_) return Window::monitor_height();
        GLFWmonitor* monitor = glfwGetWindowMonitor(window_);
        if (!monitor) monitor = glfwGetPrimaryMonitor();
        const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
        return mode ? mode->height : Window::monitor_height();
    }
    void set_fullscreen(bool fullscreen) override {
        const bool is_fullscreen = glfwGetWindowMonitor(window_) != nullptr;
        if (fullscreen == is_fullscreen) return;
        if (fullscreen) {
            windowed_ = placement();
            GLFWmonitor* monitor = glfwGetPrimaryMonitor();
            const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
            if (!mode) return;
            glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height,
                                 mode->refreshRate);
        } else {
            glfwSetWindowMonitor(window_, nullptr, windowed_.x, windowed_.y, windowed_.width,
                                 windowed_.height, GLFW_DONT_CARE);
        }
    }
    int monitor_count() const override {
        int count = 0;
        glfwGetMonitors(&count);
        return count;
    }
    WindowOptions placement() const override {
        // Full screen reports the monitor; the settings want the window the user will get back.
        if (glfwGetWindowMonitor(window_)) return windowed_;
        WindowOptions p;
        glfwGetWindowPos(window_, &p.x, &p.y);
        glfwGetWindowSize(window_, &p.width, &p.height);
        return p;
    }
    void poll_events() override { glfwPollEvents(); }
    void wait_events() override { glfwWaitEvents(); }
    void wait_events_timeout(double seconds) override { glfwWaitEventsTimeout(seconds); }
    std::unique_ptr<SecondWindow> open_second_window(const WindowOptions& options,
                                                     std::string& error) override {
        return open_glfw_second_window(
            options, [this](const KeyPress& press) { presses_.push_back(press); }, error);
    }
    std::vector<KeyPress> take_key_presses() override { return std::exchange(presses_, {}); }
    uint64_t input_events() const override { return input_events_; }
    void set_title(const std::string& title) override {
        if (title == title_) return;  // X round trips only when it changes
        title_ = title;
        glfwSetWindowTitle(window_, title.c_str());
    }
    std::unique_ptr<gpu::GpuContext> make_shared_compute_context(std::string& error) override {
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        GLFWwindow* hidden = glfwCreateWindow(1, 1, "posviz compute", nullptr, window_);
        glfwDefaultWindowHints();
        if (!hidden) {
            error = "no OpenGL 4.3 context sharing the window's: " + g_last_glfw_error;
            return nullptr;
        }
        glfwMakeContextCurrent(hidden);
        const gpu::GpuInfo info = gpu::current_gpu_info("window");
        glfwMakeContextCurrent(window_);
        return std::make_unique<GlfwSharedContext>(hidden, info);
    }

  private:
    struct HeldRelease {
        int key, scancode, mods;
    };

    // The window of a callback, its input counted.
    static GlfwWindow* counted(GLFWwindow* window) {
        auto* self = static_cast<GlfwWindow*>(glfwGetWindowUserPointer(window));
        ++self->input_events_;
        return self;
    }

    static void key_callback(GLFWwindow* window, int key, int scancode, int action, int mods) {
        GlfwWindow* self = counted(window);
        if (action != GLFW_RELEASE) self->presses_.push_back({key, mods});
        // Tab is lecture mode's next-figure key (key_commands.h). ImGui 1.86 would also take a
        // Tab pressed while no field is being typed in to put the keyboard into the window's
        // first field, which would then hold every slide key: it gets Tab only while a field has
        // the keyboard (releases always pass, so that no key stays down in ImGui).
        if (key == GLFW_KEY_TAB && action != GLFW_RELEASE && !ImGui::GetIO().WantTextInput) return;
        if (action == GLFW_PRESS) self->pressed_since_frame_ = true;
        // Once a key went down since the last frame, every release waits for the frame after
        // the next, so that ImGui sees a frame with that key down together with the keys that
        // were down with it: a quick Ctrl+A (press Ctrl, press A, release Ctrl, release A, all
        // between two frames) is then a Ctrl+A to ImGui, not nothing or a lone A.
        if (action == GLFW_RELEASE && self->pressed_since_frame_) {
            self->releases_held_.push_back({key, scancode, mods});
            return;
        }
        self->imgui_key_callback_(window, key, scancode, action, mods);
    }

    GLFWwindow* window_;
    bool visible_;
    WindowOptions windowed_;
    GLFWkeyfun imgui_key_callback_ = nullptr;
    struct {
        GLFWcharfun chr = nullptr;
        GLFWmousebuttonfun button = nullptr;
        GLFWscrollfun scroll = nullptr;
        GLFWcursorposfun cursor = nullptr;
        GLFWcursorenterfun enter = nullptr;
        GLFWwindowfocusfun focus = nullptr;
    } imgui_;  // ImGui's own callbacks, called from ours
    uint64_t input_events_ = 0;
    std::vector<KeyPress> presses_;
    bool pressed_since_frame_ = false;
    std::vector<HeldRelease> releases_held_, releases_due_;
    std::string title_;
};

// The primary monitor's work area in the screen coordinates window sizes are given in: divided
// by the monitor's scale, as GLFW_SCALE_TO_MONITOR multiplies the size by it.
ScreenArea primary_work_area() {
    ScreenArea area;
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    if (!monitor) return area;
    int x = 0, y = 0, width = 0, height = 0;
    glfwGetMonitorWorkarea(monitor, &x, &y, &width, &height);
    float x_scale = 1.0f, y_scale = 1.0f;
    glfwGetMonitorContentScale(monitor, &x_scale, &y_scale);
    if (width <= 0 || height <= 0) return area;
    area.x = x;
    area.y = y;
    area.width = int(float(width) / std::max(x_scale, 1.0f));
    area.height = int(float(height) / std::max(y_scale, 1.0f));
    return area;
}

// GLFW started and a window with an OpenGL 3.3+ core context made current; null (GLFW
// terminated, `error` set) when there is no display or no such context. A visible window is
// fitted to the screen; a hidden one (a screenshot) keeps the size the picture needs.
GLFWwindow* create_gl_window(WindowOptions options, std::string& error) {
    glfwSetErrorCallback(remember_glfw_error);
    if (!glfwInit()) {
        error = g_last_glfw_error.empty() ? "GLFW could not start" : g_last_glfw_error;
        return nullptr;
    }
    if (options.visible) options = fit_to_area(options, primary_work_area());
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, options.visible ? GLFW_TRUE : GLFW_FALSE);
    // Sizes are given in screen coordinates; a HiDPI screen then gets more pixels, not a tiny UI.
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    GLFWwindow* window =
        glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
    if (!window) {
        error = "could not open a window with OpenGL 3.3: " + g_last_glfw_error;
        glfwTerminate();
        return nullptr;
    }
    if (options.x >= 0 && options.y >= 0) glfwSetWindowPos(window, options.x, options.y);
    glfwMakeContextCurrent(window);
    return window;
}

}  // namespace

bool probe_window_context(gpu::GpuInfo& info, std::string& error) {
    WindowOptions options;
    options.width = options.height = 1;
    options.visible = false;
    GLFWwindow* window = create_gl_window(options, error);
    if (!window) return false;
    info = gpu::current_gpu_info("window");
    glfwDestroyWindow(window);
    glfwTerminate();
    return true;
}

std::unique_ptr<Window> open_glfw_window(const WindowOptions& options, std::string& error) {
    GLFWwindow* window = create_gl_window(options, error);
    if (!window) return nullptr;
    glfwSwapInterval(1);
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    auto result = std::make_unique<GlfwWindow>(window, options.visible);
    return result;
}

}  // namespace posviz::gui
