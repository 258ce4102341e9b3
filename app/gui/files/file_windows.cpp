#include "app/gui/files/file_windows.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "app/cli/figure_options.h"
#include "app/gui/files/recent_list.h"
#include "app/gui/files/user_folders.h"
#include "app/gui/language.h"
#include "app/gui/screenshot.h"
#include "app/gui/views/views.h"
#include "app/handout/handout_pdf.h"
#include "core/figure_data.h"
#include "core/formats/csv.h"
#include "core/formats/npy.h"
#include "core/input_error.h"

namespace posviz::gui {

namespace {

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

// Starts `write` on a worker thread; collect_export shows how it went. Quitting cancels it
// (stop_background_work); the exporters write a temporary file and rename it, so a cancelled
// export leaves nothing behind.
template <class Write>
void start_export(App& app, const std::string& path, Write write) {
    app.files.export_job_path = path;
    app.files.export_token = std::make_shared<CancellationToken>();
    app.files.export_job = BackgroundTask<WriteOutcome>(
        [path, write = std::move(write), token = app.files.export_token] {
            const CancellationScope scope(*token);
            return attempt_write(path, write);
        });
}

void collect_export(App& app) {
    BackgroundTask<WriteOutcome>& job = app.files.export_job;
    if (job.ready()) {
        app.files.last_export = job.get();
        show_outcome(app, app.files.last_export);
    }
}

// Everything the worker needs is copied: the scene, the options, the language's strings.
void export_figure(App& app, const ViewRequest& request, const std::string& path) {
    FigureExportOptions options;
    options.theme = app.theme;
    options.lang = language();
    options.log_x = request.options.log_x;
    start_export(app, path,
                 [scene = request.scene, options, path, backend = request.options.scores_backend] {
                     export_scene_figure(scene, options, path, backend);
                 });
}

void export_data(App& app, const ViewRequest& request, const std::string& path) {
    const std::string extension = std::filesystem::path(path).extension().string();
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

// The handout of the whole storyline, in the UI's language, light for paper.
void export_storyline_pdf(App& app, const std::string& path) {
    start_export(app, path, [lang = language(), path] {
        handout::export_handout({storyline_presets({}), lang, "light"}, path);
    });
}

bool has_data_export(const std::string& figure) {
    for (const FigureInfo& info : data_figures())
        if (info.name == figure) return true;
    return false;
}

// Opens the chooser to save a new file proposed as `stem` + the first extension: in the folder
// of this session's last export, else the Pictures folder (user_folders.h), never the working
// directory.
void choose_export(App& app, const char* owner, const std::string& title, const std::string& stem,
                   const std::vector<std::string>& extensions) {
    FilePanels& f = app.files;
    const std::string folder = f.export_folder.empty() ? pictures_folder() : f.export_folder;
    open_file_chooser(f.chooser, owner, title,
                      {ChooserPurpose::SaveFile, extensions, folder,
                       unused_file_name(folder, stem, extensions.front())});
}

// A button and, dimmed beside it, what it writes.
bool export_button(const char* label, const char* what) {
    const bool clicked = ImGui::Button(label);
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", what);
    return clicked;
}

void export_window(App& app) {
    ImGui::SetNextWindowSize(ImVec2(30.0f * ImGui::GetFontSize(), 0.0f), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (ImGui::Begin(tr("Export###export", "导出###export"), &app.files.export_open,
                     ImGuiWindowFlags_NoCollapse)) {
        const ViewRequest* request = focused_request(app);
        const std::optional<ViewId> view = export_target(app);
        const ViewInfo* info = view ? &view_info(*view) : nullptr;
        ImGui::TextDisabled("%s %s · %s", tr("View:", "视图："),
                            info ? tr(info->title_en, info->title_zh) : "—",
                            request ? request->scene.figure.c_str() : "—");
        const std::string figure = request ? request->scene.figure : "figure";
        const std::string stem = "posviz-" + figure;
        const bool exporting = app.files.export_job.valid();
        ImGui::Spacing();
        ImGui::BeginDisabled(request == nullptr || exporting);
        std::vector<std::string> pictures = {".png", ".svg", ".pdf"};
        if (figure == "rotation") pictures.insert(pictures.end(), {".gif", ".mp4"});
        if (export_button(tr("Figure…", "图…"),
                          figure == "rotation" ? ".png .svg .pdf .gif .mp4" : ".png .svg .pdf"))
            choose_export(app, "export-figure", tr("Export figure", "导出图"), stem, pictures);
        ImGui::EndDisabled();
        const bool data = request && has_data_export(figure);
        ImGui::BeginDisabled(!data || exporting);
        if (export_button(tr("Data…", "数据…"),
                          data ? ".npy .csv" : tr("none for this figure", "此图没有可导出的数据")))
            choose_export(app, "export-data", tr("Export data", "导出数据"), stem,
                          {".npy", ".csv"});
        ImGui::EndDisabled();
        ImGui::BeginDisabled(exporting);
        if (export_button(tr("Whole window…", "整个窗口…"), tr(".png screenshot", ".png 截图")))
            choose_export(app, "export-window",
                          tr("Save a screenshot of the window", "保存窗口截图"), "posviz-window",
                          {".png"});
        ImGui::EndDisabled();
        if (exporting)
            ImGui::TextDisabled("%s %s", tr("writing", "正在写入"),
                                app.files.export_job_path.c_str());
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
        // What the lecturer says, shown only in the speaker notes window (N).
        ImGui::TextUnformatted(tr("Speaker notes (English / 中文)", "讲稿（English / 中文）"));
        const ImVec2 notes_size(-FLT_MIN, 4.0f * ImGui::GetTextLineHeight());
        ImGui::InputTextMultiline("##speaker_notes_en", &draft.speaker_notes_en, notes_size);
        ImGui::InputTextMultiline("##speaker_notes_zh", &draft.speaker_notes_zh, notes_size);
        ImGui::Spacing();
        if (ImGui::Button(tr("Save…", "保存…"))) {
            FileChooser& chooser = app.files.chooser;
            const std::string last =
                app.files.recent_presets.empty() ? "" : app.files.recent_presets.front();
            std::string folder = start_folder(chooser, last);
            // A preset of one's own goes beside the last one opened or saved, but not among
            // the shipped ones, where it would become a slide of the storyline.
            std::error_code ignored;
            if (std::filesystem::equivalent(folder, presets_dir(), ignored))
                folder = expand_home("~");
            open_file_chooser(chooser, "save-preset", tr("Save preset", "保存预设"),
                              {ChooserPurpose::SaveFile,
                               {".json"},
                               folder,
                               unused_file_name(folder, "my-preset", ".json")});
        }
    }
    ImGui::End();
}

void save_preset(App& app, const std::string& path) {
    Preset& draft = app.files.draft;
    draft.scene = app.scene;
    draft.views = app.views;
    WriteOutcome outcome = attempt_write(path, [&] { write_preset(draft, path); });
    if (outcome.written) remember(app.files.recent_presets, path);
    show_outcome(app, outcome);
}

void open_preset_file(App& app, const std::string& path) {
    try {
        apply_preset(app, read_preset(path));
    } catch (const InputError& e) {
        app.problem = e.what();  // the scene on screen stays
        return;
    }
    const auto shipped = std::find(app.preset_paths.begin(), app.preset_paths.end(), path);
    app.preset_index =
        shipped == app.preset_paths.end() ? -1 : int(shipped - app.preset_paths.begin());
    remember(app.files.recent_presets, path);
    app.status = std::string(tr("opened ", "已打开 ")) + path;
    app.problem.clear();
}

// What the chooser hands back to the menus and windows that opened it.
void take_chosen_files(App& app) {
    FilePanels& f = app.files;
    const auto exported = [&](const char* owner) {
        std::optional<std::string> path = take_chosen(f.chooser, owner);
        if (path) f.export_folder = std::filesystem::path(*path).parent_path().string();
        return path;
    };
    if (const auto path = take_chosen(f.chooser, "open-preset")) open_preset_file(app, *path);
    if (const auto path = take_chosen(f.chooser, "save-preset")) save_preset(app, *path);
    if (const auto path = exported("export-figure"))
        if (const ViewRequest* request = focused_request(app)) export_figure(app, *request, *path);
    if (const auto path = exported("export-data"))
        if (const ViewRequest* request = focused_request(app)) export_data(app, *request, *path);
    if (const auto path = exported("export-window")) {
        f.pending_window_shot = *path;
        f.window_shot_frame = ImGui::GetFrameCount() + 1;
    }
    if (const auto path = exported("export-storyline")) export_storyline_pdf(app, *path);
}

}  // namespace

void export_focused_figure(App& app, const std::string& path) {
    if (const ViewRequest* request = focused_request(app)) export_figure(app, *request, path);
}

void export_focused_data(App& app, const std::string& path) {
    if (const ViewRequest* request = focused_request(app)) export_data(app, *request, path);
}

void open_preset_chooser(App& app) {
    FilePanels& f = app.files;
    // The newest recent preset's folder, else the shipped presets (not the newest recent place,
    // which may hold models or pictures).
    const std::string last = f.recent_presets.empty() ? "" : f.recent_presets.front();
    const std::string folder =
        last.empty() ? presets_dir() : start_folder(f.chooser, last, presets_dir());
    open_file_chooser(f.chooser, "open-preset", tr("Open preset", "打开预设"),
                      {ChooserPurpose::OpenFile, {".json"}, folder, ""});
}

void file_menu_items(App& app) {
    FilePanels& f = app.files;
    if (ImGui::MenuItem(tr("Open preset…", "打开预设…"), "Ctrl+O")) open_preset_chooser(app);
    if (ImGui::BeginMenu(tr("Recent presets", "最近的预设"), !f.recent_presets.empty())) {
        // Opening one reorders the list: the click is acted on after the loop.
        std::optional<std::string> clicked;
        for (const std::string& path : f.recent_presets) {
            if (ImGui::MenuItem(std::filesystem::path(path).filename().c_str())) clicked = path;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.c_str());
        }
        ImGui::EndMenu();
        if (clicked) open_preset_file(app, *clicked);
    }
    if (ImGui::MenuItem(tr("Save preset…", "保存预设…"))) {
        if (app.preset) f.draft = *app.preset;
        f.save_open = true;
    }
    ImGui::Separator();
    if (ImGui::MenuItem(tr("Export…", "导出…"))) f.export_open = true;
    if (ImGui::MenuItem(tr("Export storyline…", "导出讲解 PDF…"), nullptr, false,
                        !f.export_job.valid()))
        choose_export(app, "export-storyline",
                      tr("Export the storyline as a PDF handout", "将讲解导出为 PDF 讲义"),
                      "posviz-storyline", {".pdf"});
}

void draw_file_windows(App& app) {
    collect_export(app);
    take_chosen_files(app);
    // The window screenshot is taken on a frame without these windows in it, and the projected
    // slide never has them: they wait, open, until lecture mode ends.
    if (!app.files.pending_window_shot.empty() || app.lecture) return;
    if (app.files.export_open) export_window(app);
    if (app.files.save_open) save_window(app);
    draw_file_chooser(app.files.chooser);
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
