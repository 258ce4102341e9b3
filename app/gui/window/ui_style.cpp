#include "app/gui/window/ui_style.h"

#include <imgui.h>
#include <imgui_internal.h>

namespace posviz::gui {

namespace {

ImVec4 rgba(const Rgb& c, float alpha = 1.0f) {
    return ImVec4(float(c.r), float(c.g), float(c.b), alpha);
}

// The shipped theme pushed to full contrast; the palette stays (it is colour-blind safe).
Theme high_contrast(const Theme& base, bool dark) {
    Theme t = base;
    t.name = dark ? "dark-lecture" : "light-lecture";
    t.background = dark ? Rgb{0.0, 0.0, 0.0} : Rgb{1.0, 1.0, 1.0};
    t.foreground = dark ? Rgb{1.0, 1.0, 1.0} : Rgb{0.0, 0.0, 0.0};
    t.muted = dark ? Rgb{0.85, 0.85, 0.85} : Rgb{0.2, 0.2, 0.2};
    t.grid = dark ? Rgb{0.3, 0.3, 0.3} : Rgb{0.8, 0.8, 0.8};
    t.note_box = dark ? Rgb{0.1, 0.1, 0.1} : Rgb{0.97, 0.97, 0.97};
    t.line_scale = base.line_scale * 1.2;
    return t;
}

}  // namespace

ImGuiWindowFlags unfilled_if_alone(const char* name) {
    const ImGuiWindow* self = ImGui::FindWindowByName(name);
    if (!self) return 0;  // its first frame: where it goes is not known yet
    const ImRect own = self->Rect();
    // ImGui keeps its windows in display order, back to front: only those before `self` show
    // through it.
    for (const ImGuiWindow* other : ImGui::GetCurrentContext()->Windows) {
        if (other == self) return ImGuiWindowFlags_NoBackground;
        // ImGui's fallback "Debug" window is begun every frame and shown only if written to.
        const bool shown = (other->Active || other->WasActive) &&
                           !(other->IsFallbackWindow && !other->WriteAccessed);
        if (shown && !(other->Flags & ImGuiWindowFlags_ChildWindow) && other->Rect().Overlaps(own))
            return 0;
    }
    return 0;
}

const Theme& figure_theme(const std::string& theme, bool lecture) {
    static const Theme dark_lecture = high_contrast(find_theme("dark"), true);
    static const Theme light_lecture = high_contrast(find_theme("light"), false);
    if (!lecture) return find_theme(theme == "light" ? "light" : "dark");
    return theme == "light" ? light_lecture : dark_lecture;
}

void apply_imgui_style(const std::string& theme, bool lecture, float scale) {
    ImGuiStyle& style = ImGui::GetStyle();
    style = ImGuiStyle();
    const bool dark = theme != "light";
    if (dark)
        ImGui::StyleColorsDark(&style);
    else
        ImGui::StyleColorsLight(&style);
    // Window backgrounds match the figures, so a plot does not sit in a box of another grey.
    const Theme& t = figure_theme(theme, lecture);
    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = rgba(t.background);
    c[ImGuiCol_ChildBg] = rgba(t.background);
    c[ImGuiCol_Text] = rgba(t.foreground);
    c[ImGuiCol_TextDisabled] = rgba(t.muted);
    if (!dark) {
        // ImGui's light frames are white: on our white windows they would vanish.
        c[ImGuiCol_FrameBg] = ImVec4(0.89f, 0.90f, 0.92f, 1.0f);
        c[ImGuiCol_FrameBgHovered] = ImVec4(0.80f, 0.86f, 0.95f, 1.0f);
        c[ImGuiCol_FrameBgActive] = ImVec4(0.70f, 0.80f, 0.95f, 1.0f);
        c[ImGuiCol_PopupBg] = ImVec4(0.97f, 0.97f, 0.97f, 1.0f);
    }
    style.WindowRounding = 4.0f;
    style.FrameRounding = 3.0f;
    style.GrabRounding = 3.0f;
    style.WindowBorderSize = 1.0f;
    style.FrameBorderSize = lecture ? 1.0f : 0.0f;
    style.ItemSpacing = ImVec2(8.0f, 5.0f);
    if (lecture) {
        c[ImGuiCol_Border] = rgba(t.foreground, 0.6f);
        c[ImGuiCol_FrameBg] =
            dark ? ImVec4(0.12f, 0.12f, 0.12f, 1.0f) : ImVec4(0.92f, 0.92f, 0.92f, 1.0f);
        c[ImGuiCol_TitleBg] =
            dark ? ImVec4(0.1f, 0.1f, 0.1f, 1.0f) : ImVec4(0.85f, 0.85f, 0.85f, 1.0f);
        c[ImGuiCol_TitleBgActive] =
            dark ? ImVec4(0.2f, 0.25f, 0.35f, 1.0f) : ImVec4(0.7f, 0.8f, 0.95f, 1.0f);
    }
    style.ScaleAllSizes(scale);
}

}  // namespace posviz::gui
