#include "app/gui/speaker_notes.h"

#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>

#include "app/gui/language.h"
#include "app/gui/window/text_wrap.h"
#include "app/gui/window/ui_style.h"
#include "core/input_error.h"

namespace posviz::gui {

namespace {

// Read at arm's length on a laptop beside the lectern: larger than the main window's 17 px.
constexpr float k_notes_body_size = 22.0f;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string wall_time() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[16];
    std::strftime(text, sizeof text, "%H:%M", &local);
    return text;
}

std::string window_title_of(const App& app) {
    std::string title = tr("Speaker notes — posviz", "讲稿 — posviz");
    if (app.preset_index >= 0)
        title += " — " + std::to_string(app.preset_index + 1) + "/" +
                 std::to_string(app.preset_paths.size());
    return title;
}

}  // namespace

std::string format_clock(double seconds) {
    const long total = std::max(0L, long(std::floor(seconds)));
    char text[32];
    if (total >= 3600)
        std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60,
                      total % 60);
    else
        std::snprintf(text, sizeof text, "%ld:%02ld", total / 60, total % 60);
    return text;
}

double SpeakerNotesWindow::seconds_to_next_tick(const App& app) const {
    const double elapsed = seconds_since(app.lecture_started);
    return std::max(0.02, std::ceil(elapsed + 1e-3) - elapsed);
}

bool SpeakerNotesWindow::has_next(const App& app) {
    const int next = app.preset_index + 1;
    if (app.preset_index < 0 || next >= int(app.preset_paths.size())) return false;
    if (next != next_index_) {
        // Read once per slide, not every frame; a broken file shows its name instead.
        next_index_ = next;
        const std::string& path = app.preset_paths[size_t(next)];
        try {
            const Preset p = read_preset(path);
            next_title_en_ = p.title_en;
            next_title_zh_ = preset_title(p, "zh");
        } catch (const InputError&) {
            next_title_en_ = next_title_zh_ = preset_name(path);
        }
    }
    return true;
}

void SpeakerNotesWindow::update(App& app) {
    if (window_ && (window_->should_close() || !app.show_notes)) {
        window_.reset();
        app.show_notes = false;
        return;
    }
    if (!app.show_notes) return;
    if (!window_) {
        WindowOptions options;
        options.width = 900;
        options.height = 640;
        options.title = window_title_of(app);
        std::string error;
        window_ = app.window->open_second_window(options, error);
        if (!window_) {
            app.show_notes = false;
            app.problem = tr("No speaker notes window: ", "无法打开讲稿窗口：") + error;
            return;
        }
        if (!app.lecture) app.lecture_started = std::chrono::steady_clock::now();
        font_spec_ = {};
        styled_for_.clear();
    }
    draw(app);
}

void SpeakerNotesWindow::draw(App& app) {
    const Preset* preset = app.preset ? &*app.preset : nullptr;
    const bool next = has_next(app);
    const std::string lang = language();
    const std::string notes =
        preset ? preset_speaker_notes(*preset, lang)
               : std::string(tr("Your own scene: no notes.", "自定义场景：没有讲稿。"));
    const std::string title =
        preset ? preset_title(*preset, lang) : std::string(tr("Your own scene", "自定义场景"));
    const std::string next_title = !next ? std::string(tr("(the last slide)", "（最后一页）"))
                                   : lang == "zh" ? next_title_zh_
                                                  : next_title_en_;
    for (const std::string* text : {&notes, &title, &next_title})
        add_missing_characters(fonts_.body, *text, wanted_);

    window_->enter();
    window_->set_title(window_title_of(app));
    FontSpec wanted;
    wanted.lang = lang;
    wanted.size = std::round(k_notes_body_size * app.window->content_scale());
    wanted.extra = wanted_;
    if (!fonts_.body || !(wanted == font_spec_)) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        fonts_ = build_fonts(wanted);
        ImGui_ImplOpenGL3_CreateFontsTexture();
        font_spec_ = wanted;
        // Characters found missing with the old fonts are in the new ones.
    }
    const std::string style = app.theme + "@" + std::to_string(wanted.size);
    if (style != styled_for_) {
        apply_imgui_style(app.theme, false, wanted.size / 17.0f);
        styled_for_ = style;
    }
    window_->new_frame();

    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->WorkPos);
    ImGui::SetNextWindowSize(viewport->WorkSize);
    const ImGuiWindowFlags flags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
    if (ImGui::Begin("##speaker_notes", nullptr, flags)) {
        const ImGuiStyle& st = ImGui::GetStyle();
        // The clock: time since the lecture started, large; the wall time at the right.
        ImGui::PushFont(fonts_.heading);
        ImGui::Text("%s %s", tr("Lecture", "已讲"),
                    format_clock(seconds_since(app.lecture_started)).c_str());
        const std::string wall = wall_time();
        ImGui::SameLine(ImGui::GetWindowWidth() - st.WindowPadding.x -
                        ImGui::CalcTextSize(wall.c_str()).x);
        ImGui::TextUnformatted(wall.c_str());
        ImGui::PopFont();
        ImGui::Separator();

        if (app.preset_index >= 0)
            ImGui::TextDisabled("%s %d / %d", tr("Now", "当前"), app.preset_index + 1,
                                int(app.preset_paths.size()));
        ImGui::PushFont(fonts_.heading);
        ImGui::TextWrapped("%s", title.c_str());
        ImGui::PopFont();
        // Lecture mode has no menu bar to say what went wrong (a broken preset the slide keys
        // skipped): the lecturer reads it here, the audience does not.
        if (app.lecture && !app.problem.empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text, k_error_colour);
            ImGui::TextWrapped("%s", app.problem.c_str());
            ImGui::PopStyleColor();
        }

        // The keys that change what the audience sees, besides the slide keys: the projected
        // slide shows its main figure alone and does not say them (lecture_layout.h).
        const std::string keys =
            tr("Tab: the slide's next figure · C: caption and controls · B: black screen · "
               "Esc: leave lecture mode",
               "Tab：本页下一幅图 · C：说明与控件 · B：黑屏 · Esc：退出讲课模式");
        const float keys_height =
            ImGui::CalcTextSize(keys.c_str(), nullptr, false, ImGui::GetContentRegionAvail().x).y;
        // The notes scroll; the next slide, the buttons and the keys stay at the bottom.
        const float footer =
            2.0f * ImGui::GetFrameHeightWithSpacing() + keys_height + 3.0f * st.ItemSpacing.y;
        ImGui::BeginChild("##notes_text", ImVec2(0.0f, -footer));
        const float width = ImGui::GetContentRegionAvail().x - st.ScrollbarSize;
        if (notes != wrapped_from_ || width != wrapped_width_) {
            wrapped_ = wrap_text(fonts_.body, notes, width);
            wrapped_from_ = notes;
            wrapped_width_ = width;
        }
        ImGui::TextWrapped("%s", wrapped_.c_str());
        ImGui::EndChild();
        ImGui::Separator();
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("%s", tr("Next:", "下一页："));
        ImGui::SameLine();
        ImGui::TextUnformatted(next_title.c_str());

        if (ImGui::Button(tr("◀ Previous", "◀ 上一页"))) go_to_preset(app, app.preset_index - 1);
        ImGui::SameLine();
        if (ImGui::Button(tr("Next ▶", "下一页 ▶"))) go_to_preset(app, app.preset_index + 1);
        ImGui::SameLine();
        if (ImGui::Button(tr("Restart clock", "重新计时")))
            app.lecture_started = std::chrono::steady_clock::now();
        ImGui::PushStyleColor(ImGuiCol_Text, st.Colors[ImGuiCol_TextDisabled]);
        ImGui::TextWrapped("%s", keys.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::End();
    window_->end_frame(figure_theme(app.theme, false).background);
}

}  // namespace posviz::gui
