// The user's own folders: home, and Pictures, where exports are proposed — never the working
// directory, which is wherever the app happened to be started (often inside a source tree).
#pragma once

#include <string>

namespace posviz::gui {

// $HOME, else the account's home from the password database, else "/": never relative.
std::string home_folder();

// XDG_PICTURES_DIR from $XDG_CONFIG_HOME/user-dirs.dirs (~/.config/user-dirs.dirs) when it names
// an existing folder, else ~/Pictures when it exists, else the home folder ($HOME, else the
// account's home from the password database).
std::string pictures_folder();

// A file name in `folder` that does not exist yet: "stem.ext", else "stem-2.ext", "stem-3.ext"…,
// so that a proposed export never replaces an earlier one unless the user says so.
std::string unused_file_name(const std::string& folder, const std::string& stem,
                             const std::string& extension);

}  // namespace posviz::gui
