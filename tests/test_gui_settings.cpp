// The GUI's settings file: defaults when missing, round trip, and a corrupt file gives the
// defaults plus a message instead of stopping the app.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app/gui/files/settings.h"

namespace posviz::gui {
namespace {

std::filesystem::path scratch_dir() {
    const auto dir = std::filesystem::temp_directory_path() / "posviz_test_settings";
    std::filesystem::create_directories(dir);
    return dir;
}

std::string write(const std::string& name, const std::string& text) {
    const std::string path = (scratch_dir() / name).string();
    std::ofstream(path) << text;
    return path;
}

TEST(GuiSettings, MissingFileGivesDefaultsQuietly) {
    const LoadedSettings loaded = load_settings((scratch_dir() / "absent.json").string());
    EXPECT_TRUE(loaded.problem.empty());
    EXPECT_EQ(loaded.settings.width, Settings{}.width);
    EXPECT_FALSE(loaded.settings.last);
}

TEST(GuiSettings, RoundTripWithTheLastScene) {
    Settings s;
    s.x = 10;
    s.y = 20;
    s.width = 1280;
    s.height = 720;
    s.lang = "zh";
    s.theme = "light";
    Preset last;
    last.scene.encoding = "fire";
    settings_of(last.views, ViewId::Attention).open = true;
    s.last = last;
    s.step = 6;
    const std::string path = (scratch_dir() / "nested" / "dir" / "settings.json").string();
    std::filesystem::remove_all(scratch_dir() / "nested");
    save_settings(s, path);  // makes the directories
    const LoadedSettings loaded = load_settings(path);
    EXPECT_TRUE(loaded.problem.empty()) << loaded.problem;
    EXPECT_EQ(loaded.settings.x, 10);
    EXPECT_EQ(loaded.settings.height, 720);
    EXPECT_EQ(loaded.settings.lang, "zh");
    EXPECT_EQ(loaded.settings.theme, "light");
    EXPECT_EQ(loaded.settings.step, 6);
    ASSERT_TRUE(loaded.settings.last);
    EXPECT_EQ(loaded.settings.last->scene.encoding, "fire");
    EXPECT_TRUE(settings_of(loaded.settings.last->views, ViewId::Attention).open);
}

TEST(GuiSettings, CorruptFilesGiveDefaultsAndSayWhy) {
    for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
             {"truncated.json", "{\"width\": 12"},
             {"wrong_type.json", "{\"width\": \"wide\"}"},
             {"bad_lang.json", "{\"lang\": \"fr\"}"},
             {"bad_scene.json", "{\"last\": {\"scene\": {\"seq_len\": -1.5}}}"},
             {"array.json", "[1, 2]"}}) {
        const LoadedSettings loaded = load_settings(write(name, text));
        EXPECT_NE(loaded.problem.find(name), std::string::npos) << name << ": " << loaded.problem;
        EXPECT_EQ(loaded.settings.lang, "en") << name;
        EXPECT_EQ(loaded.settings.width, Settings{}.width) << name;
    }
}

TEST(GuiSettings, TinyWindowsGrowToAUsableSize) {
    const LoadedSettings loaded =
        load_settings(write("tiny.json", "{\"width\": 5, \"height\": 5}"));
    EXPECT_GE(loaded.settings.width, 320);
    EXPECT_GE(loaded.settings.height, 240);
}

TEST(GuiSettings, PathFollowsXdgConfigHome) {
    const char* old = std::getenv("XDG_CONFIG_HOME");
    const std::string saved = old ? old : "";
    setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
    EXPECT_EQ(settings_path(), "/tmp/xdg-test/posviz/settings.json");
    if (old)
        setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
    else
        unsetenv("XDG_CONFIG_HOME");
}

}  // namespace
}  // namespace posviz::gui
