#include "app/gui/file_windows.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "app/cli/figure_options.h"
#include "app/gui/language.h"
#include "app/gui/screenshot.h"
#include "app/gui/views.h"
#include "core/figure_data.h"
#include "core/formats/csv.h"
#include "core/formats/npy.h"
#include "core/input_error.h"

namespace posviz::gui {

namespace {

// "~/x.png" → "$HOME/x.png": people type paths as in a shell.
std::string expand_home(const std::string& path) {
    const char* home = std::getenv("HOME");
    if (path.starts_with("~/") && home) return std::string(home) + path.substr(1);
    return path;
}

// Runs a file write (on any thread) and says how it went.
template <class Write>
WriteOutcome attempt_write(const std::string& path, Write&& write) {
    WriteOutcome outcome;
    outcome.path = path;
    try {
        write();
        outcome.written = true;
    } catch (const InputError& e) {
        outcome.bad_input = true;
        outcome.error = e.what();
    } catch (const std::exception& e) {
        outcome.error = e.what();
    }
    return outcome;
}

// The outcome on the status line (success) or the problem line.
void show_outcome(App& app, const WriteOutcome& outcome) {
    if (outcome.written) {
        app.status = std::string(tr("wrote ", "已写入 ")) + outcome.path;
        app.problem.clear();
    } else {
        app.problem = outcome.bad_input ? outcome.error
                                        : std::string(tr("could not write ", "无法写入 ")) +
                                              outcome.path + ": " + outcome.error;
    }
}

template <class Write>
void report(App& app, const std::string& path, Write&& write) {
    show_outcome(app, attempt_write(path, write));
}

// Starts `write` on a worker thread; collect_export shows how it went.
template <class Write>
void start_export(App& app, const std::string& path, Write write) {
    app.files.export_job_path = path;
    app.files.export_job = std::async(std::launch::async, [path, write = std::move(write)] {
        return attempt_write(path, write);
    });
}

void collect_export(App& app) {
    std::future<WriteOutcome>& job = app.files.export_job;
    if (job.valid() && job.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        show_outcome(app, job.get());
}

// What the user typed, else the hint shown in the empty field.
std::string chosen_path(const std::string& typed, const std::string& hint) {
    return expand_home(typed.empty() ? hint : typed);
}

// Everything the worker needs is copied: the scene, the options, the language's strings.
void export_figure(App& app, const FigureRequest& request, const std::string& path) {
    FigureExportOptions options;
    options.theme = app.theme;
    options.lang = language();
    options.log_x = request.options.log_x;
    start_export(app, path,
                 [scene = request.scene, options, path, backend = request.options.scores_backend] {
                     export_scene_figure(scene, options, path, backend);
                 });
}

void export_data(App& app, const FigureRequest& request, const std::string& path) {
    const std::string extension = std::filesystem::path(path).extension().string();
    if (extension != ".npy" && extension != ".csv") {
        app.problem = InputError(tr("data file", "数据文件"), path,
                                 tr("a file ending in .npy or .csv", "以 .npy 或 .csv 结尾的文件"))
                          .what();
        return;
    }
    start_export(
        app, path,
        [scene = request.scene, extension, path, backend = request.options.scores_backend] {
            const DataTable table = compute_figure_data(scene, backend);
            write_file_atomically(
                path, extension == ".csv"
                          ? encode_csv(table)
                          : encode_npy(table.shape, table.values.data(), NpyDtype::Float64));
        });
}

// A labelled path field the width of the window, with its button on the next line.
bool path_row(const char* label, std::string& path, const std::string& hint, const char* button) {
    ImGui::TextUnformatted(label);
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::InputTextWithHint((std::string("##") + label).c_str(), hint.c_str(), &path);
    return ImGui::Button(button);
}

bool has_data_export(const std::string& figure) {
    for (const FigureInfo& info : data_figures())
        if (info.name == figure) return true;
    return false;
}

void export_window(App& app) {
    ImGui::SetNextWindowSize(ImVec2(30.0f * ImGui::GetFontSize(), 0.0f), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (ImGui::Begin(tr("Export###export", "导出###export"), &app.files.export_open,
                     ImGuiWindowFlags_NoCollapse)) {
        const FigureRequest* request = focused_request(app);
        const ViewInfo& view = view_info(app.focused_view);
        ImGui::TextDisabled("%s %s · %s", tr("Focused view:", "当前视图："),
                            tr(view.title_en, view.title_zh),
                            request ? request->scene.figure.c_str() : "—");
        const std::string name = "posviz-" + (request ? request->scene.figure : "figure");
        const bool exporting = app.files.export_job.valid();
        ImGui::BeginDisabled(request == nullptr || exporting);
        ImGui::Spacing();
        if (path_row(tr("Figure (.png .svg .pdf; rotation also .gif .mp4)",
                        "图（.png .svg .pdf；旋转动画还可 .gif .mp4）"),
                     app.files.figure_path, name + ".png", tr("Export figure", "导出图")))
            export_focused_figure(app, chosen_path(app.files.figure_path, name + ".png"));
        ImGui::EndDisabled();
        ImGui::Spacing();
        const bool data = request && has_data_export(request->scene.figure);
        ImGui::BeginDisabled(!data || exporting);
        if (path_row(data ? tr("Data (.npy .csv)", "数据（.npy .csv）")
                          : tr("Data: none for this figure", "数据：此图没有可导出的数据"),
                     app.files.data_path, name + ".npy", tr("Export data", "导出数据")))
            export_data(app, *request, chosen_path(app.files.data_path, name + ".npy"));
        ImGui::EndDisabled();
        if (exporting)
            ImGui::TextDisabled("%s %s", tr("writing", "正在写入"),
                                app.files.export_job_path.c_str());
        ImGui::Spacing();
        if (path_row(tr("Whole window (.png)", "整个窗口（.png）"), app.files.window_path,
                     "posviz-window.png", tr("Save screenshot", "保存截图"))) {
            app.files.pending_window_shot = chosen_path(app.files.window_path, "posviz-window.png");
            app.files.window_shot_frame = ImGui::GetFrameCount() + 1;
        }
    }
    ImGui::End();
}

void save_window(App& app) {
    ImGui::SetNextWindowSize(ImVec2(30.0f * ImGui::GetFontSize(), 0.0f), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (ImGui::Begin(tr("Save preset###save", "保存预设###save"), &app.files.save_open,
                     ImGuiWindowFlags_NoCollapse)) {
        Preset& draft = app.files.draft;
        ImGui::TextDisabled("%s", tr("The current scene and open views, with a title and a "
                                     "one-line note in both languages.",
                                     "保存当前场景和打开的视图，附中英文标题与一句说明。"));
        const float width = -FLT_MIN;
        ImGui::TextUnformatted(tr("Title (English / 中文)", "标题（English / 中文）"));
        ImGui::SetNextItemWidth(width);
        ImGui::InputText("##title_en", &draft.title_en);
        ImGui::SetNextItemWidth(width);
        ImGui::InputText("##title_zh", &draft.title_zh);
        ImGui::TextUnformatted(tr("Note (English / 中文)", "说明（English / 中文）"));
        ImGui::SetNextItemWidth(width);
        ImGui::InputText("##note_en", &draft.note_en);
        ImGui::SetNextItemWidth(width);
        ImGui::InputText("##note_zh", &draft.note_zh);
        if (path_row(tr("File (.json)", "文件（.json）"), app.files.preset_path, "my-preset.json",
                     tr("Save", "保存"))) {
            const std::string path = expand_home(app.files.preset_path);
            draft.scene = app.scene;
            draft.views = app.views;
            report(app, path, [&] { write_preset(draft, path); });
        }
    }
    ImGui::End();
}

}  // namespace

void export_focused_figure(App& app, const std::string& path) {
    if (const FigureRequest* request = focused_request(app)) export_figure(app, *request, path);
}

void draw_file_windows(App& app) {
    collect_export(app);
    // The window screenshot is taken on a frame without these windows in it.
    if (!app.files.pending_window_shot.empty()) return;
    if (app.files.export_open) export_window(app);
    if (app.files.save_open) save_window(app);
}

void save_pending_window_shot(App& app) {
    if (app.files.pending_window_shot.empty() ||
        ImGui::GetFrameCount() < app.files.window_shot_frame)
        return;
    const std::string path = app.files.pending_window_shot;
    app.files.pending_window_shot.clear();
    int width = 0, height = 0;
    app.window->framebuffer_size(width, height);
    report(app, path, [&] { write_png(read_framebuffer(width, height), path); });
}

}  // namespace posviz::gui
