// An ImGui context whose frames are laid out and never rendered, for the plot widget's tests: the
// fonts the app builds at a given body size (17 px on a desk screen, 28 px in lecture mode at
// 1080 p, doubled on a 4K screen), with Noto CJK merged in for Chinese.
#pragma once

#include <imgui.h>

#include <string>

#include "app/gui/plot/heatmap_texture.h"
#include "app/gui/plot/plot_widget.h"
#include "app/gui/window/fonts.h"
#include "app/gui/window/ui_style.h"

namespace posviz::gui {

class HeadlessImGui {
  public:
    HeadlessImGui(float body_size, const std::string& lang) {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        FontSpec spec;
        spec.size = body_size;
        spec.lang = lang;
        fonts_ = build_fonts(spec);
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // builds the atlas
    }
    HeadlessImGui(const HeadlessImGui&) = delete;
    HeadlessImGui& operator=(const HeadlessImGui&) = delete;
    ~HeadlessImGui() {
        release_heatmap_textures();
        ImGui::DestroyContext();
    }

    // The style the app's views draw figures with (views.cpp's plot_style).
    PlotStyle plot_style(const std::string& theme, bool lecture) const {
        PlotStyle style;
        style.theme = &figure_theme(theme, lecture);
        style.body = fonts_.body;
        style.heading = fonts_.heading;
        style.pixels_per_point = k_screen_pixels_per_point;
        if (lecture) {
            style.title = false;
            style.map_stretch = k_lecture_map_stretch;
        }
        return style;
    }

  private:
    Fonts fonts_;
};

}  // namespace posviz::gui
