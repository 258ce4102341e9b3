// The window in a browser page (app/gui/window/window.h): emscripten's GLFW on the page's canvas
// with a WebGL 2 context (OpenGL ES 3.0), ImGui's GLFW backend on it. The canvas fills the
// page, full screen is the browser's (lecture mode), the title is the document's title, and
// there is neither a second window nor a GPU compute context (WebGL 2 has no compute shaders).
#include <emscripten.h>
#define GLFW_INCLUDE_ES3
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>

#include <string>
#include <utility>
#include <vector>

#include "app/gui/window/window.h"

namespace posviz::gui {

namespace {

// The page's size in CSS pixels and the screen's pixels per CSS pixel.
int page_width() {
    return EM_ASM_INT({ return window.innerWidth; });
}
int page_height() {
    return EM_ASM_INT({ return window.innerHeight; });
}

class WebWindow : public Window {
  public:
    explicit WebWindow(GLFWwindow* window) : window_(window) {
        glfwSetWindowUserPointer(window_, this);
        imgui_key_callback_ = glfwSetKeyCallback(window_, key_callback);
    }
    ~WebWindow() override {
        glfwSetKeyCallback(window_, imgui_key_callback_);
        ImGui_ImplGlfw_Shutdown();
        glfwDestroyWindow(window_);
        glfwTerminate();
    }

    void new_frame() override {
        // The canvas follows the page (a resized browser window, full screen on and off).
        int width = 0, height = 0;
        glfwGetWindowSize(window_, &width, &height);
        if (width != page_width() || height != page_height())
            glfwSetWindowSize(window_, page_width(), page_height());
        ImGui_ImplGlfw_NewFrame();
    }
    void present() override {}  // the browser shows the canvas when the frame's callback returns
    bool should_close() const override { return false; }
    void framebuffer_size(int& width, int& height) const override {
        glfwGetFramebufferSize(window_, &width, &height);
    }
    float content_scale() const override { return 1.0f; }
    void set_fullscreen(bool fullscreen) override {
        // The browser grants full screen only within a user's gesture: index.html asks for it
        // now and again at the end of each key press or click until it is granted.
        if (fullscreen == wanted_fullscreen_) return;
        wanted_fullscreen_ = fullscreen;
        EM_ASM({ posvizWantFullscreen($0); }, fullscreen);
    }
    int monitor_count() const override { return 1; }
    WindowOptions placement() const override {
        WindowOptions p;
        glfwGetWindowSize(window_, &p.width, &p.height);
        return p;
    }
    void poll_events() override {}  // the browser delivers events between frames
    void wait_events() override {}
    void wait_events_timeout(double) override {}
    std::vector<KeyPress> take_key_presses() override { return std::exchange(presses_, {}); }
    uint64_t input_events() const override { return input_events_; }
    void set_title(const std::string& title) override {
        if (title == title_) return;
        title_ = title;
        emscripten_set_window_title(title.c_str());
    }
    std::unique_ptr<gpu::GpuContext> make_shared_compute_context(std::string& error) override {
        error = "the browser's WebGL 2 has no compute shaders: the CPU computes";
        return nullptr;
    }
    std::unique_ptr<SecondWindow> open_second_window(const WindowOptions&,
                                                     std::string& error) override {
        error = "a page has no second window: open the speaker notes in the desktop app";
        return nullptr;
    }

  private:
    static void key_callback(GLFWwindow* window, int key, int scancode, int action, int mods) {
        auto* self = static_cast<WebWindow*>(glfwGetWindowUserPointer(window));
        ++self->input_events_;
        if (action != GLFW_RELEASE) self->presses_.push_back({key, mods});
        // Tab is lecture mode's next-figure key (key_commands.h), ImGui's only while a field is
        // being typed in, as on the desktop (glfw_window.cpp).
        if (key == GLFW_KEY_TAB && action != GLFW_RELEASE && !ImGui::GetIO().WantTextInput) return;
        self->imgui_key_callback_(window, key, scancode, action, mods);
    }

    GLFWwindow* window_;
    GLFWkeyfun imgui_key_callback_ = nullptr;
    uint64_t input_events_ = 0;
    std::vector<KeyPress> presses_;
    std::string title_;
    bool wanted_fullscreen_ = false;
};

}  // namespace

std::unique_ptr<Window> open_glfw_window(const WindowOptions& options, std::string& error) {
    if (!glfwInit()) {
        error = "GLFW could not start in this page";
        return nullptr;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    GLFWwindow* window =
        glfwCreateWindow(page_width(), page_height(), options.title.c_str(), nullptr, nullptr);
    if (!window) {
        error = "this browser gives the page no WebGL 2";
        glfwTerminate();
        return nullptr;
    }
    glfwMakeContextCurrent(window);
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    return std::make_unique<WebWindow>(window);
}

bool probe_window_context(gpu::GpuInfo&, std::string& error) {
    error = "a page has WebGL 2 only";
    return false;
}

std::unique_ptr<Window> open_headless_window(const WindowOptions&, std::string& error) {
    error = "a page has no headless context";
    return nullptr;
}

}  // namespace posviz::gui
