#include "app/gui/settings.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/formats/npy.h"
#include "core/input_error.h"

namespace posviz::gui {

namespace {

using nlohmann::json;

int read_int(const json& in, const char* key, int fallback) {
    const auto it = in.find(key);
    if (it == in.end()) return fallback;
    if (!it->is_number_integer()) throw InputError(key, it->dump(), "an integer");
    return it->get<int>();
}

std::string read_choice(const json& in, const char* key, const std::string& fallback,
                        const std::string& a, const std::string& b) {
    const auto it = in.find(key);
    if (it == in.end()) return fallback;
    if (!it->is_string() || (*it != a && *it != b))
        throw InputError(key, it->dump(), "\"" + a + "\" or \"" + b + "\"");
    return it->get<std::string>();
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
    std::ifstream file(path, std::ios::binary);
    if (!file) return loaded;  // the first run
    std::stringstream text;
    text << file.rdbuf();
    try {
        const json in = json::parse(text.str());
        if (!in.is_object()) throw InputError("settings", in.dump(), "a JSON object");
        Settings& s = loaded.settings;
        s.x = read_int(in, "x", s.x);
        s.y = read_int(in, "y", s.y);
        s.width = std::max(read_int(in, "width", s.width), 320);
        s.height = std::max(read_int(in, "height", s.height), 240);
        s.lang = read_choice(in, "lang", s.lang, "en", "zh");
        s.theme = read_choice(in, "theme", s.theme, "light", "dark");
        s.backend = read_choice(in, "backend", s.backend, "cpu", "gpu");
        s.step = read_int(in, "step", s.step);
        if (const auto it = in.find("last"); it != in.end()) s.last = preset_from_json(*it, "last");
    } catch (const std::exception& e) {
        loaded.settings = Settings{};
        loaded.problem = "settings file " + path + " ignored (defaults used): " + e.what();
    }
    return loaded;
}

void save_settings(const Settings& s, const std::string& path) {
    json out = {{"x", s.x},       {"y", s.y},         {"width", s.width},     {"height", s.height},
                {"lang", s.lang}, {"theme", s.theme}, {"backend", s.backend}, {"step", s.step}};
    if (s.last) out["last"] = preset_to_json(*s.last);
    std::error_code error;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), error);
    write_file_atomically(path, out.dump(2) + "\n");
}

}  // namespace posviz::gui
