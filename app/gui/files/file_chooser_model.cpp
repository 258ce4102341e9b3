#include "app/gui/files/file_chooser_model.h"

#include <filesystem>
#include <system_error>

#include "app/gui/files/user_folders.h"
#include "core/input_error.h"

namespace posviz::gui {

namespace {

namespace fs = std::filesystem;

// A pasted path often brings a newline or spaces along; no file name people choose ends in one.
std::string trimmed(const std::string& text) {
    const char* space = " \t\r\n";
    const size_t first = text.find_first_not_of(space);
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(space) - first + 1);
}

std::string extension_list(const std::vector<std::string>& extensions) {
    std::string list;
    for (size_t i = 0; i < extensions.size(); ++i)
        list += (i == 0 ? "" : i + 1 == extensions.size() ? " or " : ", ") + extensions[i];
    return list;
}

std::string wrong_file(const std::string& path, const std::string& why,
                       const std::vector<std::string>& extensions) {
    return InputError("file", path + why,
                      extensions.empty() ? "an existing file"
                                         : "a file ending in " + extension_list(extensions))
        .what();
}

}  // namespace

std::string expand_home(const std::string& path) {
    if (path == "~") return home_folder();
    if (path.starts_with("~/")) return home_folder() + path.substr(1);
    return path;
}

std::string FileChooserModel::resolve(const std::string& text) const {
    fs::path path = expand_home(trimmed(text));
    if (path.is_relative()) path = fs::path(folder_) / path;
    std::string normal = path.lexically_normal().string();
    while (normal.size() > 1 && normal.ends_with("/")) normal.pop_back();
    return normal;
}

void FileChooserModel::open(const ChooserSetup& setup) {
    setup_ = setup;
    rules_.extensions = setup.extensions;
    typed = setup.purpose == ChooserPurpose::SaveFile ? setup.file_name : "";
    chosen_.reset();
    // A relative start folder would mean the working directory, which is nothing the user chose.
    folder_ = expand_home("~");
    go_to(setup.folder.empty() ? "~" : setup.folder);
}

void FileChooserModel::go_to(const std::string& folder) {
    folder_ = resolve(folder);
    listing_ = list_folder(folder_, rules_);
    error_ = listing_.error;
}

void FileChooserModel::go_up() {
    go_to(fs::path(folder_).parent_path().string());
}

void FileChooserModel::enter(const std::string& name) {
    go_to((fs::path(folder_) / name).string());
}

void FileChooserModel::set_show_hidden(bool show) {
    rules_.show_hidden = show;
    refresh();
}

std::string FileChooserModel::save_target() const {
    if (trimmed(typed).empty()) return "";
    fs::path path = resolve(typed);
    if (path.extension().empty() && !setup_.extensions.empty()) path += setup_.extensions.front();
    return path.string();
}

void FileChooserModel::submit() {
    const std::string text = trimmed(typed);
    if (text.empty()) {
        if (setup_.purpose == ChooserPurpose::OpenFileOrFolder) choose_folder();
        return;
    }
    const std::string path = resolve(text);
    std::error_code ignored;
    if (fs::is_directory(path, ignored)) {
        go_to(path);
        typed.clear();
        return;
    }
    if (setup_.purpose != ChooserPurpose::SaveFile) {
        if (!fs::exists(path, ignored))
            error_ = wrong_file(path, " (no such file)", setup_.extensions);
        else if (!fs::is_regular_file(path, ignored) || !has_extension(path, setup_.extensions))
            error_ = wrong_file(path, "", setup_.extensions);
        else
            choose(path);
        return;
    }
    const std::string target = save_target();
    const fs::path parent = fs::path(target).parent_path();
    if (!fs::is_directory(parent, ignored))
        error_ = InputError("file", target,
                            "a name in an existing folder (" + parent.string() + " is not one)")
                     .what();
    else if (!has_extension(target, setup_.extensions))
        error_ = wrong_file(target, "", setup_.extensions);
    else
        choose(target);
}

void FileChooserModel::choose_folder() {
    if (listing_.error.empty()) choose(folder_);
}

bool FileChooserModel::folder_is_model() const {
    std::error_code ignored;
    const fs::path folder(folder_);
    return fs::is_regular_file(folder / "config.json", ignored) ||
           (folder.filename().string().starts_with("models--") &&
            fs::is_directory(folder / "snapshots", ignored));
}

std::optional<std::string> FileChooserModel::take_chosen() {
    std::optional<std::string> chosen;
    chosen.swap(chosen_);
    return chosen;
}

void FileChooserModel::choose(const std::string& path) {
    chosen_ = path;
    error_.clear();
}

}  // namespace posviz::gui
