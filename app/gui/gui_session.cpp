#include "app/gui/gui_session.h"

#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include "app/gui/plot/heatmap_texture.h"

namespace posviz::gui {

GuiSession::GuiSession() {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // the layout comes from presets and tiling
}

GuiSession::~GuiSession() {
    if (window_) {
        release_heatmap_textures();
        ImGui_ImplOpenGL3_Shutdown();
    }
    window_.reset();
    ImGui::DestroyContext();
}

bool GuiSession::attach(std::unique_ptr<Window> window) {
    window_ = std::move(window);
#ifdef __EMSCRIPTEN__
    const char* glsl = "#version 300 es";  // WebGL 2 (app/web/)
#else
    const char* glsl = "#version 330 core";
#endif
    return window_ && ImGui_ImplOpenGL3_Init(glsl);
}

std::unique_ptr<Window> open_offscreen_window(int width, int height, std::string& error) {
    WindowOptions options;
    options.width = width;
    options.height = height;
    options.visible = false;
    std::string glfw_error, egl_error;
    std::unique_ptr<Window> window = open_glfw_window(options, glfw_error);
    if (!window) window = open_headless_window(options, egl_error);
    if (!window) error = "no display (" + glfw_error + ") and no headless EGL (" + egl_error + ")";
    return window;
}

}  // namespace posviz::gui
