#include "app/gui/files/folder_listing.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

#include "core/input_error.h"

namespace posviz::gui {

namespace {

namespace fs = std::filesystem;

std::string lower(std::string text) {
    for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// Folders first; within each group by name ignoring case ("b" between "A" and "C"), the exact
// bytes deciding between names equal but for case, so the order never depends on the file
// system's.
bool listed_before(const FolderEntry& a, const FolderEntry& b) {
    if (a.folder != b.folder) return a.folder;
    const std::string la = lower(a.name), lb = lower(b.name);
    return la != lb ? la < lb : a.name < b.name;
}

FolderListing unreadable(const std::string& folder, const std::error_code& error) {
    FolderListing listing;
    listing.error =
        InputError("folder", folder + " (" + error.message() + ")", "a folder you can read").what();
    return listing;
}

}  // namespace

bool has_extension(const std::string& name, const std::vector<std::string>& extensions) {
    if (extensions.empty()) return true;
    const std::string lowered = lower(name);
    return std::any_of(extensions.begin(), extensions.end(), [&](const std::string& extension) {
        const std::string e = lower(extension);
        return lowered.size() > e.size() && lowered.ends_with(e);
    });
}

FolderListing list_folder(const std::string& folder, const ListingRules& rules) {
    std::error_code error;
    fs::directory_iterator it(folder, error);
    if (error) return unreadable(folder, error);
    FolderListing listing;
    for (; it != fs::directory_iterator(); it.increment(error)) {
        if (error) return unreadable(folder, error);
        const std::string name = it->path().filename().string();
        if (!rules.show_hidden && name.starts_with(".")) continue;
        std::error_code ignored;  // a broken link or a vanished entry counts as a file
        const bool is_folder = it->is_directory(ignored);
        if (!is_folder && !has_extension(name, rules.extensions)) continue;
        if (listing.entries.size() == k_max_listed) {
            listing.truncated = true;
            break;
        }
        listing.entries.push_back({name, is_folder});
    }
    if (error) return unreadable(folder, error);
    std::sort(listing.entries.begin(), listing.entries.end(), listed_before);
    return listing;
}

}  // namespace posviz::gui
