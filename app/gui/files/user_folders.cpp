#include "app/gui/files/user_folders.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace posviz::gui {

namespace {

namespace fs = std::filesystem;

bool is_folder(const std::string& path) {
    std::error_code ignored;
    return !path.empty() && fs::is_directory(path, ignored);
}

// The value of XDG_PICTURES_DIR in user-dirs.dirs (xdg-user-dirs' format: shell assignments,
// `XDG_PICTURES_DIR="$HOME/Pictures"`, the value quoted and either "$HOME/…" or absolute);
// empty when the file or the line is missing or the value is neither.
std::string xdg_pictures_dir(const std::string& home) {
    const char* config = std::getenv("XDG_CONFIG_HOME");
    const std::string dirs =
        (config && *config ? std::string(config) : home + "/.config") + "/user-dirs.dirs";
    std::ifstream in(dirs);
    std::string line, found;
    while (std::getline(in, line)) {
        const std::string key = "XDG_PICTURES_DIR=";
        const size_t start = line.find_first_not_of(" \t");
        if (start == std::string::npos || line.compare(start, key.size(), key) != 0) continue;
        std::string value = line.substr(start + key.size());
        while (!value.empty() && (value.back() == ' ' || value.back() == '\r')) value.pop_back();
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
            value = value.substr(1, value.size() - 2);
        if (value.starts_with("$HOME"))
            value = home + value.substr(5);
        else if (!value.starts_with("/"))
            value.clear();
        found = value;  // the last assignment wins, as when the shell sources the file
    }
    return found;
}

}  // namespace

std::string home_folder() {
    if (const char* home = std::getenv("HOME"); home && *home) return home;
    if (const passwd* account = getpwuid(getuid()); account && account->pw_dir && *account->pw_dir)
        return account->pw_dir;
    return "/";
}

std::string pictures_folder() {
    const std::string home = home_folder();
    if (const std::string xdg = xdg_pictures_dir(home); is_folder(xdg)) return xdg;
    if (const std::string pictures = home + "/Pictures"; is_folder(pictures)) return pictures;
    return home;
}

std::string unused_file_name(const std::string& folder, const std::string& stem,
                             const std::string& extension) {
    std::error_code ignored;
    std::string name = stem + extension;
    for (int n = 2; fs::exists(fs::path(folder) / name, ignored) && n < 10000; ++n)
        name = stem + "-" + std::to_string(n) + extension;
    return name;
}

}  // namespace posviz::gui
