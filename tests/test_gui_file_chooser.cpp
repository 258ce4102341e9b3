// The file chooser's model on real folders made by the test: what it lists (filters, hidden
// files, folders first, names ignoring case), going up and into folders, typed paths for opening
// and saving, an unreadable folder as a message, and the recent lists kept in settings.json.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/gui/files/file_chooser_model.h"
#include "app/gui/files/recent_list.h"
#include "app/gui/files/settings.h"
#include "app/gui/window/key_commands.h"
#include "run_posviz.h"

namespace posviz::gui {
namespace {

namespace fs = std::filesystem;

void touch(const fs::path& path) {
    std::ofstream(path) << "x";
}

std::vector<std::string> names(const FolderListing& listing) {
    std::vector<std::string> out;
    for (const FolderEntry& e : listing.entries) out.push_back((e.folder ? "/" : "") + e.name);
    return out;
}

// A folder with sub-folders, hidden entries and files of several kinds, names in mixed case.
fs::path sample_folder() {
    const fs::path dir = testing::make_temp_dir();
    for (const char* folder : {"zeta", "Alpha", ".hidden_dir", "beta"})
        fs::create_directory(dir / folder);
    for (const char* file : {"b.npy", "A.NPY", "c.safetensors", "notes.txt", ".secret.npy",
                             "config.json", "d.npy.txt"})
        touch(dir / file);
    return dir;
}

TEST(FileChooser, ListsFoldersFirstThenMatchingFilesByNameIgnoringCase) {
    const fs::path dir = sample_folder();
    const FolderListing listing = list_folder(dir.string(), {{".npy", ".safetensors"}, false});
    EXPECT_TRUE(listing.error.empty()) << listing.error;
    EXPECT_FALSE(listing.truncated);
    const std::vector<std::string> expected = {"/Alpha", "/beta", "/zeta",
                                               "A.NPY",  "b.npy", "c.safetensors"};
    EXPECT_EQ(names(listing), expected);
}

TEST(FileChooser, HiddenEntriesOnlyWhenAskedAndNoFilterShowsEveryFile) {
    const fs::path dir = sample_folder();
    const std::vector<std::string> all = {"/.hidden_dir", "/Alpha",    "/beta",    "/zeta",
                                          ".secret.npy",  "A.NPY",     "b.npy",    "c.safetensors",
                                          "config.json",  "d.npy.txt", "notes.txt"};
    EXPECT_EQ(names(list_folder(dir.string(), {{}, true})), all);
    const std::vector<std::string> visible_npy = {"/Alpha", "/beta", "/zeta", "A.NPY", "b.npy"};
    EXPECT_EQ(names(list_folder(dir.string(), {{".npy"}, false})), visible_npy);
}

TEST(FileChooser, GoesIntoAndUpFolders) {
    const fs::path dir = sample_folder();
    touch(dir / "beta" / "inner.npy");
    FileChooserModel chooser;
    chooser.open({ChooserPurpose::OpenFile, {".npy"}, dir.string(), ""});
    EXPECT_EQ(chooser.folder(), dir.string());
    chooser.enter("beta");
    EXPECT_EQ(chooser.folder(), (dir / "beta").string());
    const std::vector<std::string> inner = {"inner.npy"};
    EXPECT_EQ(names(chooser.listing()), inner);
    chooser.go_up();
    EXPECT_EQ(chooser.folder(), dir.string());
    chooser.set_show_hidden(true);
    EXPECT_EQ(chooser.listing().entries.front().name, ".hidden_dir");
    // Up from the root stays at the root.
    chooser.go_to("/");
    chooser.go_up();
    EXPECT_EQ(chooser.folder(), "/");
}

TEST(FileChooser, TypedPathOpensAFolderOrChoosesAFile) {
    const fs::path dir = sample_folder();
    FileChooserModel chooser;
    chooser.open({ChooserPurpose::OpenFile, {".npy"}, dir.string(), ""});
    chooser.typed = "zeta/";  // relative to the folder shown: goes there
    chooser.submit();
    EXPECT_EQ(chooser.folder(), (dir / "zeta").string());
    EXPECT_FALSE(chooser.take_chosen());
    chooser.typed = "  ../b.npy\n";  // as pasted
    chooser.submit();
    EXPECT_EQ(chooser.take_chosen(), (dir / "b.npy").string());
    EXPECT_FALSE(chooser.take_chosen());  // once only

    chooser.typed = (dir / "notes.txt").string();  // wrong kind of file
    chooser.submit();
    EXPECT_FALSE(chooser.take_chosen());
    EXPECT_NE(chooser.error().find("notes.txt"), std::string::npos) << chooser.error();
    EXPECT_NE(chooser.error().find(".npy"), std::string::npos) << chooser.error();
    chooser.typed = "missing.npy";
    chooser.submit();
    EXPECT_NE(chooser.error().find("no such file"), std::string::npos) << chooser.error();
}

TEST(FileChooser, TildeIsTheHomeFolder) {
    const fs::path dir = sample_folder();
    const char* old = std::getenv("HOME");
    const std::string saved = old ? old : "";
    setenv("HOME", dir.c_str(), 1);
    FileChooserModel chooser;
    chooser.open({ChooserPurpose::OpenFile, {".npy"}, "", ""});  // no folder given: home
    EXPECT_EQ(chooser.folder(), dir.string());
    chooser.go_to("/");
    chooser.typed = "~/Alpha";
    chooser.submit();
    EXPECT_EQ(chooser.folder(), (dir / "Alpha").string());
    setenv("HOME", saved.c_str(), 1);
}

TEST(FileChooser, SavingAddsTheExtensionAndNeedsAnExistingFolder) {
    const fs::path dir = sample_folder();
    FileChooserModel chooser;
    chooser.open({ChooserPurpose::SaveFile, {".png", ".svg", ".pdf"}, dir.string(), "fig.png"});
    EXPECT_EQ(chooser.typed, "fig.png");
    EXPECT_EQ(chooser.save_target(), (dir / "fig.png").string());
    chooser.typed = "figure";
    EXPECT_EQ(chooser.save_target(), (dir / "figure.png").string());
    chooser.typed = "figure.svg";
    chooser.submit();
    EXPECT_EQ(chooser.take_chosen(), (dir / "figure.svg").string());
    chooser.typed = "figure.gif";
    chooser.submit();
    EXPECT_FALSE(chooser.take_chosen());
    EXPECT_NE(chooser.error().find(".png, .svg or .pdf"), std::string::npos) << chooser.error();
    chooser.typed = "no/such/folder/figure.png";
    chooser.submit();
    EXPECT_FALSE(chooser.take_chosen());
    EXPECT_NE(chooser.error().find("existing folder"), std::string::npos) << chooser.error();
}

TEST(FileChooser, ChoosesAModelFolder) {
    const fs::path dir = testing::make_temp_dir();
    const fs::path snapshot = dir / "models--org--tiny" / "snapshots" / "abc123";
    fs::create_directories(snapshot);
    touch(snapshot / "config.json");
    FileChooserModel chooser;
    chooser.open({ChooserPurpose::OpenFileOrFolder, {".json"}, dir.string(), ""});
    EXPECT_FALSE(chooser.folder_is_model());
    chooser.enter("models--org--tiny");
    EXPECT_TRUE(chooser.folder_is_model());  // the cache layout
    chooser.go_to(snapshot.string());
    EXPECT_TRUE(chooser.folder_is_model());  // config.json in it
    chooser.choose_folder();
    EXPECT_EQ(chooser.take_chosen(), snapshot.string());
    chooser.typed = "config.json";
    chooser.submit();
    EXPECT_EQ(chooser.take_chosen(), (snapshot / "config.json").string());
}

TEST(FileChooser, UnreadableFolderIsAMessage) {
    const fs::path dir = sample_folder();
    const fs::path locked = dir / "locked";
    fs::create_directory(locked);
    touch(locked / "inside.npy");
    fs::permissions(locked, fs::perms::none);
    std::error_code probe;
    const bool readable = fs::directory_iterator(locked, probe) != fs::directory_iterator();
    FileChooserModel chooser;
    chooser.open({ChooserPurpose::OpenFileOrFolder, {".npy"}, dir.string(), ""});
    chooser.enter("locked");
    fs::permissions(locked, fs::perms::owner_all);
    if (readable) GTEST_SKIP() << "running as root: a mode-000 folder is still readable";
    EXPECT_EQ(chooser.folder(), locked.string());
    EXPECT_TRUE(chooser.listing().entries.empty());
    EXPECT_NE(chooser.error().find(locked.string()), std::string::npos) << chooser.error();
    EXPECT_NE(chooser.error().find("a folder you can read"), std::string::npos) << chooser.error();
    chooser.choose_folder();  // nothing to choose in a folder that cannot be read
    EXPECT_FALSE(chooser.take_chosen());
    chooser.go_up();  // and the user goes on from there
    EXPECT_TRUE(chooser.error().empty()) << chooser.error();
    EXPECT_EQ(chooser.listing().entries.size(), 6u);  // 4 folders, A.NPY and b.npy
}

TEST(FileChooser, MissingFolderIsAMessage) {
    FileChooserModel chooser;
    chooser.open({ChooserPurpose::OpenFile, {".npy"}, "/no/such/folder/anywhere", ""});
    EXPECT_NE(chooser.error().find("/no/such/folder/anywhere"), std::string::npos)
        << chooser.error();
}

TEST(FileChooser, LongFoldersAreCut) {
    const fs::path dir = testing::make_temp_dir();
    for (size_t i = 0; i < k_max_listed + 5; ++i) touch(dir / std::to_string(i));
    const FolderListing listing = list_folder(dir.string(), {});
    EXPECT_TRUE(listing.truncated);
    EXPECT_EQ(listing.entries.size(), k_max_listed);
}

TEST(FileChooser, CtrlOOpensAPreset) {
    EXPECT_EQ(key_command(GLFW_KEY_O, GLFW_MOD_CONTROL), KeyCommand::OpenPreset);
    EXPECT_EQ(key_command(GLFW_KEY_O, 0), KeyCommand::None);
    EXPECT_EQ(key_command(GLFW_KEY_O, GLFW_MOD_CONTROL | GLFW_MOD_SHIFT), KeyCommand::None);
}

TEST(RecentList, NewestFirstEachOnceCapped) {
    std::vector<std::string> recent;
    for (int i = 0; i < 12; ++i) remember(recent, "/p/" + std::to_string(i));
    ASSERT_EQ(recent.size(), k_max_recent);
    EXPECT_EQ(recent.front(), "/p/11");
    EXPECT_EQ(recent.back(), "/p/" + std::to_string(12 - k_max_recent));
    remember(recent, "/p/./9/");  // the same folder written otherwise moves to the front
    EXPECT_EQ(recent.size(), k_max_recent);
    EXPECT_EQ(recent.front(), "/p/9");
    EXPECT_EQ(std::count(recent.begin(), recent.end(), "/p/9"), 1);
    EXPECT_EQ(recent[1], "/p/11");
}

TEST(RecentList, KeptInSettings) {
    const std::string path = testing::make_temp_dir() + "/settings.json";
    Settings s;
    s.recent_places = {"/a", "/b"};
    s.recent_presets = {"/a/x.json"};
    save_settings(s, path);
    LoadedSettings loaded = load_settings(path);
    EXPECT_TRUE(loaded.problem.empty()) << loaded.problem;
    EXPECT_EQ(loaded.settings.recent_places, s.recent_places);
    EXPECT_EQ(loaded.settings.recent_presets, s.recent_presets);

    std::string many = "[";
    for (int i = 0; i < 20; ++i) many += (i ? ",\"/d" : "\"/d") + std::to_string(i) + "\"";
    std::ofstream(path) << R"({"recent_places": )" << many << "]}";
    loaded = load_settings(path);
    EXPECT_TRUE(loaded.problem.empty()) << loaded.problem;
    EXPECT_EQ(loaded.settings.recent_places.size(), k_max_recent);  // cut, not refused
    EXPECT_EQ(loaded.settings.recent_places.front(), "/d0");

    std::ofstream(path) << R"({"recent_presets": ["/ok.json", 7]})";
    loaded = load_settings(path);
    EXPECT_NE(loaded.problem.find("settings.recent_presets[1]"), std::string::npos)
        << loaded.problem;
}

}  // namespace
}  // namespace posviz::gui
