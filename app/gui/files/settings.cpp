#include "app/gui/files/settings.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/gui/files/recent_list.h"
#include "core/formats/input_file.h"
#include "core/formats/json_input.h"
#include "core/formats/npy.h"
#include "core/input_error.h"

namespace posviz::gui {

namespace {

using nlohmann::json;

constexpr uint64_t kMaxBytes = 16 << 20;  // a settings file is a few kB

// Window sizes and positions are checked again against the monitor when the window opens; these
// bounds only keep absurd numbers (and int overflow) out.
constexpr int kMaxWindowSide = 16384;

int read_int(const json& in, const char* key, int fallback, int lo, int hi) {
    const auto it = in.find(key);
    if (it == in.end()) return fallback;
    const bool fits =
        it->is_number_integer() && it->get<int64_t>() >= lo && it->get<int64_t>() <= hi;
    if (!fits)
        throw InputError(std::string("settings.") + key, json_excerpt(*it),
                         "an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
    return int(it->get<int64_t>());
}

std::string read_choice(const json& in, const char* key, const std::string& fallback,
                        const std::string& a, const std::string& b) {
    const auto it = in.find(key);
    if (it == in.end()) return fallback;
    if (!it->is_string() || (*it != a && *it != b))
        throw InputError(std::string("settings.") + key, json_excerpt(*it),
                         "\"" + a + "\" or \"" + b + "\"");
    return it->get<std::string>();
}

// A list of paths, newest first; entries beyond k_max_recent are dropped.
std::vector<std::string> read_paths(const json& in, const char* key) {
    std::vector<std::string> paths;
    const auto it = in.find(key);
    if (it == in.end()) return paths;
    const std::string where = std::string("settings.") + key;
    if (!it->is_array()) throw InputError(where, json_excerpt(*it), "a list of paths");
    for (size_t i = 0; i < it->size() && paths.size() < k_max_recent; ++i) {
        const json& path = (*it)[i];
        if (!path.is_string() || path.get<std::string>().empty())
            throw InputError(where + "[" + std::to_string(i) + "]", json_excerpt(path),
                             "a path (a non-empty string)");
        paths.push_back(path.get<std::string>());
    }
    return paths;
}

}  // namespace

std::string settings_path() {
    const char* config = std::getenv("XDG_CONFIG_HOME");
    const char* home = std::getenv("HOME");
    const std::string base = config && *config ? config
                             : home && *home   ? std::string(home) + "/.config"
                                               : std::string(".config");
    return base + "/posviz/settings.json";
}

LoadedSettings load_settings(const std::string& path) {
    LoadedSettings loaded;
    std::error_code error;
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, error))) return loaded;
    try {
        const json in = parse_json(read_input_file(path, "settings", "a settings file", kMaxBytes),
                                   "settings", path, "a settings object");
        if (!in.is_object()) throw InputError("settings", json_excerpt(in), "a JSON object");
        with_json_errors("settings", path, "a settings object", [&] {
            Settings& s = loaded.settings;
            // Placement is clamped, not refused: a window saved on a larger monitor still opens.
            const auto placement = [&](const char* key, int fallback, int lo) {
                return std::clamp(read_int(in, key, fallback, INT_MIN, INT_MAX), lo,
                                  kMaxWindowSide);
            };
            s.x = placement("x", s.x, -kMaxWindowSide);
            s.y = placement("y", s.y, -kMaxWindowSide);
            s.width = placement("width", s.width, 320);
            s.height = placement("height", s.height, 240);
            s.lang = read_choice(in, "lang", s.lang, "en", "zh");
            s.theme = read_choice(in, "theme", s.theme, "light", "dark");
            s.backend = read_choice(in, "backend", s.backend, "cpu", "gpu");
            s.step = read_int(in, "step", s.step, -1, 1 << 20);
            // Clamped, not refused: a hand-edited 1000 should not cost the rest of the file.
            if (const auto it = in.find("ui_scale"); it != in.end()) {
                const double asked = it->is_number() ? it->get<double>() : 0.0;
                s.ui_scale = int(std::clamp(std::isfinite(asked) ? std::round(asked) : 0.0,
                                            double(k_min_ui_scale), double(k_max_ui_scale)));
                if (!it->is_number_integer() || it->get<double>() != double(s.ui_scale))
                    loaded.problem = "settings.ui_scale: got " + json_excerpt(*it) +
                                     "; expected a percentage from " +
                                     std::to_string(k_min_ui_scale) + " to " +
                                     std::to_string(k_max_ui_scale) + " (" +
                                     std::to_string(s.ui_scale) + " % used)";
            }
            s.recent_places = read_paths(in, "recent_places");
            s.recent_presets = read_paths(in, "recent_presets");
            if (const auto it = in.find("last"); it != in.end())
                s.last = preset_from_json(*it, "settings.last");
        });
    } catch (const InputError& e) {
        // Move the file aside, so that one bad file cannot break every start (it would be read
        // again before the clean exit that rewrites it) and the user can still look at it.
        loaded.settings = Settings{};
        const std::string aside = path + ".bad";
        std::filesystem::rename(path, aside, error);
        loaded.problem = "settings file " + path + " ignored (defaults used" +
                         (error ? "" : "; kept as " + aside) + "): " + e.what();
    }
    return loaded;
}

void save_settings(const Settings& s, const std::string& path) {
    json out = {{"x", s.x},       {"y", s.y},         {"width", s.width},     {"height", s.height},
                {"lang", s.lang}, {"theme", s.theme}, {"backend", s.backend}, {"step", s.step}};
    out["recent_places"] = s.recent_places;
    out["recent_presets"] = s.recent_presets;
    if (s.ui_scale > 0) out["ui_scale"] = s.ui_scale;
    if (s.last) out["last"] = preset_to_json(*s.last);
    std::error_code error;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), error);
    write_file_atomically(path, out.dump(2) + "\n");
}

}  // namespace posviz::gui
