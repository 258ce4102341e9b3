#include "app/gui/window/glfw_second_window.h"

#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <utility>

namespace posviz::gui {

namespace {

class GlfwSecondWindow : public SecondWindow {
  public:
    GlfwSecondWindow(GLFWwindow* window, std::function<void(const KeyPress&)> on_key)
        : window_(window), on_key_(std::move(on_key)) {
        glfwSetWindowUserPointer(window_, this);
        // ImGui's backend installs no callbacks here: they would feed whichever ImGui context is
        // current when GLFW delivers the event, and that is the main window's. The mouse
        // position and buttons are polled each frame; keys and the wheel come through these.
        glfwSetKeyCallback(window_, key_callback);
        glfwSetScrollCallback(window_, scroll_callback);
        enter();
        imgui_ = ImGui::CreateContext();
        ImGui::SetCurrentContext(imgui_);
        ImGui::GetIO().IniFilename = nullptr;
        glfwSwapInterval(0);  // two windows waiting for vsync in turn would halve the frame rate
        ImGui_ImplGlfw_InitForOpenGL(window_, false);
        ImGui_ImplOpenGL3_Init("#version 330 core");
        leave();
    }
    ~GlfwSecondWindow() override {
        enter();
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext(imgui_);
        imgui_ = nullptr;
        leave();
        glfwDestroyWindow(window_);
    }

    void enter() override {
        previous_gl_ = glfwGetCurrentContext();
        previous_imgui_ = ImGui::GetCurrentContext();
        glfwMakeContextCurrent(window_);
        if (imgui_) ImGui::SetCurrentContext(imgui_);
    }
    void new_frame() override {
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::GetIO().MouseWheel += std::exchange(wheel_, 0.0f);
        ImGui::NewFrame();
    }
    void end_frame(const Rgb& background) override {
        ImGui::Render();
        int width = 0, height = 0;
        glfwGetFramebufferSize(window_, &width, &height);
        glViewport(0, 0, width, height);
        glClearColor(float(background.r), float(background.g), float(background.b), 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        glfwSwapBuffers(window_);
        leave();
    }
    bool should_close() const override { return glfwWindowShouldClose(window_); }
    void set_title(const std::string& title) override {
        if (title == title_) return;
        title_ = title;
        glfwSetWindowTitle(window_, title.c_str());
    }

  private:
    void leave() {
        glfwMakeContextCurrent(previous_gl_);
        ImGui::SetCurrentContext(previous_imgui_);
    }
    static void key_callback(GLFWwindow* window, int key, int, int action, int mods) {
        auto* self = static_cast<GlfwSecondWindow*>(glfwGetWindowUserPointer(window));
        if (action != GLFW_RELEASE) self->on_key_({key, mods});
    }
    static void scroll_callback(GLFWwindow* window, double, double y) {
        static_cast<GlfwSecondWindow*>(glfwGetWindowUserPointer(window))->wheel_ += float(y);
    }

    GLFWwindow* window_;
    std::function<void(const KeyPress&)> on_key_;
    ImGuiContext* imgui_ = nullptr;
    GLFWwindow* previous_gl_ = nullptr;
    ImGuiContext* previous_imgui_ = nullptr;
    float wheel_ = 0.0f;
    std::string title_;
};

// The top-left of the work area of the first monitor that is not the primary one; false when
// there is only one.
bool other_monitor_corner(int& x, int& y) {
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    GLFWmonitor* primary = glfwGetPrimaryMonitor();
    for (int i = 0; i < count; ++i) {
        if (monitors[i] == primary) continue;
        int width = 0, height = 0;
        glfwGetMonitorWorkarea(monitors[i], &x, &y, &width, &height);
        return width > 0 && height > 0;
    }
    return false;
}

}  // namespace

std::unique_ptr<SecondWindow> open_glfw_second_window(const WindowOptions& options,
                                                      std::function<void(const KeyPress&)> on_key,
                                                      std::string& error) {
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    GLFWwindow* window =
        glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
    glfwDefaultWindowHints();
    if (!window) {
        error = "could not open a second window with OpenGL 3.3";
        return nullptr;
    }
    int x = options.x, y = options.y;
    if (other_monitor_corner(x, y)) {
        x += 40;
        y += 40;
    }
    if (x >= 0 && y >= 0) glfwSetWindowPos(window, x, y);
    return std::make_unique<GlfwSecondWindow>(window, std::move(on_key));
}

}  // namespace posviz::gui
