// Where the GUI proposes exports (the Pictures folder as xdg-user-dirs names it, else
// ~/Pictures, else home; never the working directory) and which view Export writes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

#include "app/gui/files/export_target.h"
#include "app/gui/files/user_folders.h"
#include "run_posviz.h"

namespace posviz::gui {
namespace {

namespace fs = std::filesystem;

// Sets an environment variable for one test and puts the old value back.
class ScopedEnv {
  public:
    ScopedEnv(const char* name, const std::string& value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (old_)
            setenv(name_, old_->c_str(), 1);
        else
            unsetenv(name_);
    }

  private:
    const char* name_;
    std::optional<std::string> old_;
};

TEST(UserFolders, PicturesFolderFromUserDirs) {
    const std::string home = testing::make_temp_dir();
    const ScopedEnv set_home("HOME", home);
    const ScopedEnv set_config("XDG_CONFIG_HOME", home + "/conf");
    fs::create_directories(home + "/conf");
    fs::create_directories(home + "/Bilder");
    fs::create_directories(home + "/Pictures");
    std::ofstream(home + "/conf/user-dirs.dirs") << "# written by xdg-user-dirs-update\n"
                                                 << "XDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"
                                                 << "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n";
    EXPECT_EQ(pictures_folder(), home + "/Bilder");
    // An absolute value.
    fs::create_directories(home + "/elsewhere/pics");
    std::ofstream(home + "/conf/user-dirs.dirs")
        << "XDG_PICTURES_DIR=\"" << home << "/elsewhere/pics\"\n";
    EXPECT_EQ(pictures_folder(), home + "/elsewhere/pics");
    // A folder that does not exist: ~/Pictures.
    std::ofstream(home + "/conf/user-dirs.dirs") << "XDG_PICTURES_DIR=\"$HOME/Gone\"\n";
    EXPECT_EQ(pictures_folder(), home + "/Pictures");
}

TEST(UserFolders, DefaultConfigHomeThenPicturesThenHome) {
    const std::string home = testing::make_temp_dir();
    const ScopedEnv set_home("HOME", home);
    const ScopedEnv set_config("XDG_CONFIG_HOME", "");  // empty: ~/.config, as the spec says
    EXPECT_EQ(pictures_folder(), home);                 // nothing there: home itself
    fs::create_directories(home + "/Pictures");
    EXPECT_EQ(pictures_folder(), home + "/Pictures");
    fs::create_directories(home + "/.config");
    fs::create_directories(home + "/Fotos");
    std::ofstream(home + "/.config/user-dirs.dirs") << "XDG_PICTURES_DIR=\"$HOME/Fotos\"\n";
    EXPECT_EQ(pictures_folder(), home + "/Fotos");
    // Neither the working directory nor anything relative.
    std::ofstream(home + "/.config/user-dirs.dirs") << "XDG_PICTURES_DIR=\"Fotos\"\n";
    EXPECT_EQ(pictures_folder(), home + "/Pictures");
}

TEST(UserFolders, ProposedNamesNeverReplaceAFile) {
    const std::string dir = testing::make_temp_dir();
    EXPECT_EQ(unused_file_name(dir, "posviz-scores", ".png"), "posviz-scores.png");
    std::ofstream(dir + "/posviz-scores.png") << "x";
    EXPECT_EQ(unused_file_name(dir, "posviz-scores", ".png"), "posviz-scores-2.png");
    std::ofstream(dir + "/posviz-scores-2.png") << "x";
    EXPECT_EQ(unused_file_name(dir, "posviz-scores", ".png"), "posviz-scores-3.png");
    EXPECT_EQ(unused_file_name(dir, "posviz-scores", ".pdf"), "posviz-scores.pdf");
}

TEST(ExportTarget, ClickedViewElseTheLargestOnScreen) {
    ViewAreas areas{};
    EXPECT_FALSE(export_view(std::nullopt, areas));
    EXPECT_FALSE(export_view(ViewId::Attention, areas));  // clicked once, now closed
    areas[size_t(ViewId::Wavelengths)] = 400.0f * 300.0f;
    areas[size_t(ViewId::Rotation)] = 800.0f * 600.0f;
    areas[size_t(ViewId::Decay)] = 800.0f * 600.0f;
    EXPECT_EQ(export_view(std::nullopt, areas), ViewId::Rotation);  // largest, first of a tie
    EXPECT_EQ(export_view(ViewId::Wavelengths, areas), ViewId::Wavelengths);
    EXPECT_EQ(export_view(ViewId::Attention, areas), ViewId::Rotation);  // stale: not on screen
}

}  // namespace
}  // namespace posviz::gui
