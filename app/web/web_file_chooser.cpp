// The file chooser (app/gui/files/file_chooser.h) in a page, where posviz sees only the page's
// own file system: opening a file opens the browser's file dialog (a hidden <input type=file>,
// index.html), whose pick arrives in /uploads and is handed to whoever asked; saving asks only
// for the name and the format (one button per extension the owner offers) and writes into
// /downloads, from where the next frame gives the file to the browser as a download.
#include "app/web/web_file_chooser.h"

#include <emscripten.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <deque>
#include <filesystem>
#include <system_error>
#include <utility>

#include "app/gui/files/file_chooser.h"
#include "app/gui/language.h"

namespace posviz::web {

namespace {

namespace fs = std::filesystem;

// Files in /uploads not yet taken, in the order they arrived (posviz_web_file_arrived, from the
// page's script): several dropped at once (a queries and a keys .npy) arrive one by one.
std::deque<std::string> g_arrived;
bool g_asked = false;  // the chooser opened the file dialog and waits for it

// Hands every finished file in /downloads to the browser and removes it (write_file_atomically's
// temporaries start with a dot and are left alone).
void deliver_downloads() {
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(k_downloads, error)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name[0] == '.' || !entry.is_regular_file(error)) continue;
        EM_ASM({ posvizDownload(UTF8ToString($0)); }, entry.path().c_str());
        fs::remove(entry.path(), error);
    }
}

}  // namespace

std::optional<std::string> take_unasked_file() {
    if (g_asked || g_arrived.empty()) return std::nullopt;
    std::string file = std::move(g_arrived.front());
    g_arrived.pop_front();
    return file;
}

}  // namespace posviz::web

// Called by index.html once a picked or dropped file is in /uploads.
extern "C" EMSCRIPTEN_KEEPALIVE void posviz_web_file_arrived(const char* path) {
    posviz::web::g_arrived.emplace_back(path);
}

namespace posviz::gui {

using namespace posviz::web;

void open_file_chooser(FileChooser& chooser, const std::string& owner, const std::string& title,
                       const ChooserSetup& setup) {
    chooser.model.open(setup);
    chooser.title = title;
    chooser.owner = owner;
    chooser.chosen.reset();
    chooser.ready = false;
    if (setup.purpose == ChooserPurpose::SaveFile) {
        chooser.open = true;  // the name-and-format window below
        chooser.model.typed = fs::path(setup.file_name).stem().string();
        return;
    }
    chooser.open = false;
    g_asked = true;
    std::string accept;
    for (const std::string& extension : setup.extensions)
        accept += (accept.empty() ? "" : ",") + extension;
    EM_ASM({ posvizPickFile(UTF8ToString($0)); }, accept.c_str());
}

void draw_file_chooser(FileChooser& chooser) {
    std::error_code ignored;
    fs::create_directories(k_downloads, ignored);
    deliver_downloads();
    if (chooser.chosen && ImGui::GetFrameCount() > chooser.chosen_frame + 1) chooser.chosen.reset();
    if (g_asked && !g_arrived.empty()) {
        chooser.chosen = std::move(g_arrived.front());
        chooser.chosen_frame = ImGui::GetFrameCount();
        g_arrived.pop_front();
        g_asked = false;
    }
    if (!chooser.open) return;
    const char* popup = "###file_chooser";
    if (!ImGui::IsPopupOpen(popup)) ImGui::OpenPopup(popup);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    const std::string title = chooser.title + popup;
    bool keep = true;
    if (!ImGui::BeginPopupModal(
            title.c_str(), &keep,
            ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
        chooser.open = false;
        return;
    }
    ImGui::TextUnformatted(tr("File name (the browser downloads it):", "文件名（由浏览器下载）："));
    ImGui::SetNextItemWidth(24.0f * ImGui::GetFontSize());
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::InputText("##name", &chooser.model.typed);
    chooser.ready = true;
    const std::string stem =
        chooser.model.typed.empty() ? "posviz" : fs::path(chooser.model.typed).filename().string();
    for (const std::string& extension : chooser.model.setup().extensions) {
        if (ImGui::Button((tr("Download ", "下载 ") + extension).c_str())) {
            chooser.chosen = std::string(k_downloads) + "/" + stem + extension;
            chooser.chosen_frame = ImGui::GetFrameCount();
            chooser.open = false;
        }
        ImGui::SameLine();
    }
    if (ImGui::Button(tr("Cancel", "取消"))) chooser.open = false;
    if (!keep) chooser.open = false;
    if (!chooser.open) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

}  // namespace posviz::gui
