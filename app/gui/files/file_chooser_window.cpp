// The desktop's file chooser window (file_chooser.h): opening it and drawing it. The browser
// build has its own (app/web/web_file_chooser.cpp): the browser's file input and downloads.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

#include "app/gui/files/file_chooser.h"
#include "app/gui/files/recent_list.h"
#include "app/gui/files/user_folders.h"
#include "app/gui/language.h"
#include "app/gui/storyline_names.h"
#include "app/gui/views/window_message.h"
#include "app/gui/window/ui_style.h"
#include "app/storyline/preset.h"

namespace posviz::gui {

namespace {

namespace fs = std::filesystem;

// One place on the left: its name, the full path on hover.
void place(FileChooser& chooser, const std::string& name, const std::string& path) {
    if (ImGui::Selectable((name + "##" + path).c_str(), chooser.model.folder() == path))
        chooser.model.go_to(path);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.c_str());
}

void places(FileChooser& chooser) {
    const std::string home = expand_home("~");
    place(chooser, tr("Home", "主目录"), home);
    if (const std::string pictures = pictures_folder(); pictures != home)
        place(chooser, tr("Pictures", "图片"), pictures);
    place(chooser, tr("Presets", "预设"), presets_dir());
    place(chooser, tr("File system", "文件系统"), "/");
    if (chooser.recent_places.empty()) return;
    ImGui::Spacing();
    ImGui::TextDisabled("%s", tr("Recent", "最近"));
    for (const std::string& path : chooser.recent_places) {
        const std::string name = fs::path(path).filename().string();
        place(chooser, name.empty() ? path : name, path);
    }
}

// The folder's entries; a click on a file puts its name in the path field, a double click (or
// a click on a folder) opens it.
void entries(FileChooser& chooser) {
    FileChooserModel& model = chooser.model;
    if (!model.listing().error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, k_error_colour);
        ImGui::TextWrapped("%s", window_message(model.listing().error).c_str());
        ImGui::PopStyleColor();
        ImGui::TextDisabled(
            "%s", tr("Go up, pick a place or type a path.", "可返回上一级、选择位置或输入路径。"));
        return;
    }
    const std::vector<FolderEntry>& list = model.listing().entries;
    if (list.empty())
        ImGui::TextDisabled("%s", tr("(nothing to show here)", "（此处没有可显示的内容）"));
    // Entering a folder replaces the list being drawn: it happens after the loop.
    std::optional<std::string> enter;
    ImGuiListClipper clipper;
    clipper.Begin(int(list.size()));
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const FolderEntry& entry = list[size_t(i)];
            const std::string label = entry.name + (entry.folder ? "/" : "");
            if (entry.folder)
                ImGui::PushStyleColor(ImGuiCol_Text,
                                      ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
            const bool selected = !entry.folder && model.typed == entry.name;
            if (ImGui::Selectable((label + "##" + std::to_string(i)).c_str(), selected,
                                  ImGuiSelectableFlags_AllowDoubleClick)) {
                if (entry.folder) {
                    enter = entry.name;
                } else {
                    model.typed = entry.name;
                    if (ImGui::IsMouseDoubleClicked(0)) model.submit();
                }
            }
            if (entry.folder) ImGui::PopStyleColor();
        }
    if (model.listing().truncated)
        ImGui::TextDisabled(tr("(the first %d entries: type a name to reach the others)",
                               "（只显示前 %d 项：其余的请输入名称）"),
                            int(k_max_listed));
    if (enter) {
        model.enter(*enter);
        model.typed.clear();
    }
}

// The error, or what the chosen path would do.
void message_line(const FileChooserModel& model) {
    if (!model.error().empty() && model.error() != model.listing().error) {
        ImGui::PushStyleColor(ImGuiCol_Text, k_error_colour);
        ImGui::TextWrapped("%s", window_message(model.error()).c_str());
        ImGui::PopStyleColor();
    } else if (model.setup().purpose == ChooserPurpose::SaveFile) {
        const std::string target = model.save_target();
        std::error_code ignored;
        if (!target.empty() && fs::exists(target, ignored))
            ImGui::TextDisabled("%s %s", tr("Replaces", "将替换"), target.c_str());
        else
            ImGui::TextDisabled("%s %s", tr("Saves as", "保存为"),
                                target.empty() ? "—" : target.c_str());
    } else if (model.setup().purpose == ChooserPurpose::OpenFileOrFolder) {
        ImGui::TextDisabled("%s", model.folder_is_model()
                                      ? tr("This folder is a model: Choose this folder.",
                                           "此文件夹是一个模型：点“选择此文件夹”。")
                                      : tr("A model folder (config.json inside) or a config.json.",
                                           "模型文件夹（内含 config.json）或 config.json 文件。"));
    } else {
        ImGui::TextDisabled("%s", tr("Double-click a file, or type its name and press Enter.",
                                     "双击文件，或输入文件名后按 Enter。"));
    }
}

std::string filter_text(const std::vector<std::string>& extensions) {
    std::string text;
    for (const std::string& e : extensions) text += (text.empty() ? "" : " ") + e;
    return text;
}

// The path field and the buttons at the foot.
void footer(FileChooser& chooser) {
    FileChooserModel& model = chooser.model;
    const ChooserPurpose purpose = model.setup().purpose;
    const ImGuiStyle& style = ImGui::GetStyle();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(purpose == ChooserPurpose::SaveFile ? tr("Name", "文件名")
                                                               : tr("Path", "路径"));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (chooser.focus_path) {
        ImGui::SetKeyboardFocusHere();
        chooser.focus_path = false;
    }
    bool submit =
        ImGui::InputTextWithHint("##path", tr("a name, or a path to type", "文件名或路径"),
                                 &model.typed, ImGuiInputTextFlags_EnterReturnsTrue);
    chooser.ready = chooser.ready || ImGui::IsItemActive();
    if (submit) chooser.focus_path = true;  // Enter on a folder: keep typing there
    message_line(model);

    bool show_hidden = model.show_hidden();
    if (ImGui::Checkbox(tr("Hidden files", "显示隐藏文件"), &show_hidden))
        model.set_show_hidden(show_hidden);
    if (!model.setup().extensions.empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s %s", tr("Showing", "显示"),
                            filter_text(model.setup().extensions).c_str());
    }
    const char* action =
        purpose == ChooserPurpose::SaveFile ? tr("Save", "保存") : tr("Open", "打开");
    const char* cancel = tr("Cancel", "取消");
    const char* folder = tr("Choose this folder", "选择此文件夹");
    const bool folders = purpose == ChooserPurpose::OpenFileOrFolder;
    const auto width = [&](const char* label) {
        return ImGui::CalcTextSize(label).x + 2.0f * style.FramePadding.x;
    };
    const float buttons = width(action) + width(cancel) + (folders ? width(folder) : 0.0f) +
                          (folders ? 2.0f : 1.0f) * style.ItemSpacing.x;
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - buttons);
    if (folders) {
        ImGui::BeginDisabled(!model.listing().error.empty());
        if (ImGui::Button(folder)) model.choose_folder();
        ImGui::EndDisabled();
        ImGui::SameLine();
    }
    ImGui::BeginDisabled(model.typed.empty() && !folders);
    if (ImGui::Button(action)) submit = true;
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(cancel) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
        chooser.open = false;
    if (submit) model.submit();
}

}  // namespace

void open_file_chooser(FileChooser& chooser, const std::string& owner, const std::string& title,
                       const ChooserSetup& setup) {
    chooser.model.open(setup);
    chooser.open = true;
    chooser.focus_path = true;
    chooser.ready = false;
    chooser.title = title;
    chooser.owner = owner;
    chooser.chosen.reset();
}

void draw_file_chooser(FileChooser& chooser) {
    // The title shown changes with the opener; the popup's ID ("###…") stays the same.
    const char* popup = "###file_chooser";
    if (chooser.chosen && ImGui::GetFrameCount() > chooser.chosen_frame + 1) chooser.chosen.reset();
    if (!chooser.open) return;
    if (!ImGui::IsPopupOpen(popup)) ImGui::OpenPopup(popup);
    const float font = ImGui::GetFontSize();
    const ImVec2 screen = ImGui::GetMainViewport()->WorkSize;
    ImGui::SetNextWindowSize(
        ImVec2(std::min(48.0f * font, 0.9f * screen.x), std::min(30.0f * font, 0.85f * screen.y)),
        ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    const std::string title = chooser.title + popup;
    bool keep = true;
    if (!ImGui::BeginPopupModal(title.c_str(), &keep, ImGuiWindowFlags_NoSavedSettings)) {
        chooser.open = false;
        return;
    }
    FileChooserModel& model = chooser.model;
    if (ImGui::ArrowButton("##up", ImGuiDir_Up)) model.go_up();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Up one folder", "上一级文件夹"));
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(model.folder().c_str());

    const ImGuiStyle& style = ImGui::GetStyle();
    const float footer_height = 3.0f * ImGui::GetFrameHeightWithSpacing() +
                                ImGui::GetTextLineHeightWithSpacing() + style.ItemSpacing.y;
    const float body = std::max(ImGui::GetContentRegionAvail().y - footer_height, 4.0f * font);
    ImGui::BeginChild("##places", ImVec2(11.0f * font, body), true);
    places(chooser);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##entries", ImVec2(0.0f, body), true);
    entries(chooser);
    ImGui::EndChild();
    footer(chooser);

    if (std::optional<std::string> chosen = model.take_chosen()) {
        std::error_code ignored;
        remember(chooser.recent_places, fs::is_directory(*chosen, ignored)
                                            ? *chosen
                                            : fs::path(*chosen).parent_path().string());
        chooser.chosen = chosen;
        chooser.chosen_frame = ImGui::GetFrameCount();
        chooser.open = false;
    }
    if (!keep) chooser.open = false;
    if (!chooser.open) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

}  // namespace posviz::gui
