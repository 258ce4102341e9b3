// What the GUI remembers between runs, in ~/.config/posviz/settings.json ($XDG_CONFIG_HOME
// respected): window placement, language, theme, the scene and views on screen at exit, and the
// file chooser's recent places and recent presets.
// A missing file gives the defaults; a corrupt one gives the defaults and a problem to show.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/gui/storyline_names.h"
#include "app/storyline/preset.h"

namespace posviz::gui {

struct Settings {
    int x = -1, y = -1;  // window position; negative: let the window system choose
    int width = 1600, height = 900;
    std::string lang = "en";
    std::string theme = "dark";
    std::string backend = "cpu";  // where attention scores are computed: cpu|gpu
    // View → UI scale in percent, k_min_ui_scale to k_max_ui_scale; 0 (no key in the file):
    // follow the screen (ui_scale.h).
    int ui_scale = 0;
    std::optional<Preset> last;  // scene and views when the app last closed
    int step = -1;               // the storyline step they came from (-1: none)
    // Newest first, at most k_max_recent each (recent_list.h); longer lists are cut, not refused.
    std::vector<std::string> recent_places;   // folders files were last chosen in
    std::vector<std::string> recent_presets;  // preset files last opened or saved
};

constexpr int k_min_ui_scale = 100, k_max_ui_scale = 300;

struct LoadedSettings {
    Settings settings;
    // Why the file was not used; empty when it was (or did not exist). A UI scale out of range
    // is clamped, the rest of the file used, and said here too.
    std::string problem;
};

std::string settings_path();
LoadedSettings load_settings(const std::string& path);
// Atomic; creates the directory. Throws InputError when it cannot be written.
void save_settings(const Settings& settings, const std::string& path);

}  // namespace posviz::gui
