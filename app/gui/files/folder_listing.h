// One folder's contents as the file chooser shows them: sub-folders first, then the files whose
// extension is asked for, each group by name; hidden entries (".name") only when asked. Plain
// std::filesystem, no window: the unit tests list real folders with it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace posviz::gui {

struct FolderEntry {
    std::string name;
    bool folder = false;  // a directory, or a link to one
};

struct ListingRules {
    // Files shown: those ending in one of these (".npy", matched ignoring case); empty: every
    // file. Folders are always shown, so that the user can walk to the file.
    std::vector<std::string> extensions;
    bool show_hidden = false;
};

struct FolderListing {
    std::vector<FolderEntry> entries;
    // The first k_max_listed entries only: a folder of a million files must not cost a
    // million rows of memory and drawing. The user then types the name.
    bool truncated = false;
    // Why the folder could not be read (an InputError's message naming it); entries are then
    // empty.
    std::string error;
};

constexpr size_t k_max_listed = 10000;

FolderListing list_folder(const std::string& folder, const ListingRules& rules);

// True when `name` ends in one of `extensions` (ignoring case) or `extensions` is empty.
bool has_extension(const std::string& name, const std::vector<std::string>& extensions);

}  // namespace posviz::gui
