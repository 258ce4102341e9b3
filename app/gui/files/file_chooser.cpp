// The file chooser's platform-neutral part: handing the choice to its owner and the path field;
// the window itself is file_chooser_window.cpp (the desktop) or app/web/web_file_chooser.cpp.
#include "app/gui/files/file_chooser.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <filesystem>

namespace posviz::gui {

namespace fs = std::filesystem;

std::optional<std::string> take_chosen(FileChooser& chooser, const std::string& owner) {
    if (chooser.owner != owner || !chooser.chosen) return std::nullopt;
    std::optional<std::string> chosen;
    chosen.swap(chooser.chosen);
    return chosen;
}

std::string start_folder(const FileChooser& chooser, const std::string& path,
                         const std::string& fallback) {
    std::error_code ignored;
    const fs::path parent = fs::path(expand_home(path)).parent_path();
    if (!path.empty() && parent.is_absolute() && fs::is_directory(parent, ignored))
        return parent.string();
    if (!chooser.recent_places.empty()) return chooser.recent_places.front();
    return fallback.empty() ? expand_home("~") : fallback;
}

bool path_field(const char* id, std::string& path, const char* hint, FileChooser& chooser,
                const std::string& title, ChooserSetup setup) {
    ImGui::PushID(id);
    const float button = ImGui::GetFrameHeight() * 1.6f;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - button -
                            ImGui::GetStyle().ItemSpacing.x);
    ImGui::InputTextWithHint("##path", hint, &path);
    ImGui::SameLine();
    if (ImGui::Button("…", ImVec2(button, 0.0f))) {
        setup.folder = start_folder(chooser, path, setup.folder);
        open_file_chooser(chooser, id, title, setup);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", title.c_str());
    ImGui::PopID();
    if (std::optional<std::string> chosen = take_chosen(chooser, id)) {
        path = *chosen;
        return true;
    }
    return false;
}

}  // namespace posviz::gui
