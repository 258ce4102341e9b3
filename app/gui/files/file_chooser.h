// The file chooser window (Dear ImGui), one for the whole app: places (home, Pictures, the
// shipped presets, recent folders) on the left, the folder's sub-folders and files on the right,
// a path field to type into, and Open / Save / Choose this folder. What it shows and does is
// FileChooserModel's (file_chooser_model.h); this file only draws it.
//
// Whoever opens it names itself with a key ("model", "export-figure"); the path chosen is handed
// to that key on a later frame (take_chosen), so menus, which are gone by then, can use it too.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/gui/files/file_chooser_model.h"

namespace posviz::gui {

struct FileChooser {
    FileChooserModel model;
    bool open = false;
    bool focus_path = false;  // put the keyboard in the path field on the next frame
    // The path field has had the keyboard since the chooser opened: from then on typed text
    // reaches it (characters typed in the frames before are ImGui's to drop). The window title
    // names the chooser only then, so a test driving it knows when to type.
    bool ready = false;
    std::string title;  // e.g. "Open preset"
    std::string owner;  // the key it was opened for
    std::optional<std::string> chosen;
    int chosen_frame = 0;  // when: an owner no longer drawn must not keep frames coming
    // Folders files were chosen in, newest first (recent_list.h); kept in settings.json.
    std::vector<std::string> recent_places;
};

void open_file_chooser(FileChooser& chooser, const std::string& owner, const std::string& title,
                       const ChooserSetup& setup);
// The path chosen for `owner`, on the one frame after it was chosen (then it is dropped).
std::optional<std::string> take_chosen(FileChooser& chooser, const std::string& owner);

// Draws the window while it is open: call once a frame, after everything that may open it.
void draw_file_chooser(FileChooser& chooser);

// Where to open for a field holding `path`: its folder when that exists, else the newest recent
// place, else `fallback` (home when empty).
std::string start_folder(const FileChooser& chooser, const std::string& path,
                         const std::string& fallback = "");

// A path field with a "…" button beside it that opens the chooser for `id`; true on the frame
// the chooser has put its choice into `path`.
bool path_field(const char* id, std::string& path, const char* hint, FileChooser& chooser,
                const std::string& title, ChooserSetup setup);

}  // namespace posviz::gui
