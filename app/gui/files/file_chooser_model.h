// The file chooser without its window: which folder it shows and what is in it, going up and
// into folders, a path typed by the user, and what was chosen. The ImGui window (file_chooser.h)
// draws it and calls these; the unit tests drive it directly.
//
// A folder that cannot be read is a message in the chooser (error()), never a failure: the user
// is still there, and can go up, type a path or pick a place.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/gui/files/folder_listing.h"

namespace posviz::gui {

enum class ChooserPurpose {
    OpenFile,          // an existing file with one of the extensions
    OpenFileOrFolder,  // ... or the folder shown (a model folder)
    SaveFile,          // a new or existing file in an existing folder
};

struct ChooserSetup {
    ChooserPurpose purpose = ChooserPurpose::OpenFile;
    std::vector<std::string> extensions;  // ".json"; the first is added to a saved name without one
    std::string folder;                   // where it opens
    std::string file_name;                // SaveFile: the name proposed
};

class FileChooserModel {
  public:
    // Opens at setup.folder (relative paths and "~" resolved as in go_to).
    void open(const ChooserSetup& setup);

    // Shows `folder`: "~/x" is in the home folder, a relative path is taken from the folder shown.
    void go_to(const std::string& folder);
    void go_up();
    void enter(const std::string& name);  // a sub-folder of the one shown
    void set_show_hidden(bool show);
    void refresh() { go_to(folder_); }

    // The path field, as typed or as filled by clicking a file; submit() acts on it: a folder is
    // shown, an acceptable file is chosen (see chosen()), anything else sets error().
    std::string typed;
    void submit();
    // OpenFileOrFolder: the folder shown is the choice.
    void choose_folder();

    const ChooserSetup& setup() const { return setup_; }
    const std::string& folder() const { return folder_; }
    const FolderListing& listing() const { return listing_; }
    bool show_hidden() const { return rules_.show_hidden; }
    // The latest problem: the folder cannot be read, the typed path does not exist or has the
    // wrong extension. Cleared by the next successful step.
    const std::string& error() const { return error_; }
    // The path the typed text would save to, and whether that file exists (the window warns that
    // it will be replaced); empty when the text names no file.
    std::string save_target() const;
    // The folder shown is a Hugging Face model: config.json in it, or a cache folder
    // (models--org--name with snapshots/).
    bool folder_is_model() const;

    // The path chosen, once (the second call gives nothing): the caller takes it on the frame it
    // appears.
    std::optional<std::string> take_chosen();

  private:
    std::string resolve(const std::string& text) const;
    void choose(const std::string& path);

    ChooserSetup setup_;
    ListingRules rules_;
    std::string folder_;
    FolderListing listing_;
    std::string error_;
    std::optional<std::string> chosen_;
};

// "~" and "~/x" in the home folder (home_folder()): people type paths as in a shell.
std::string expand_home(const std::string& path);

}  // namespace posviz::gui
