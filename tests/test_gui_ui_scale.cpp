// The desk UI's scale (window/ui_scale.h) and the settings file's ui_scale: a screen the desktop
// does not scale gets text by its height, the user's choice wins, and a hand-edited 0 or 1000 is
// clamped with a message while the rest of the file is kept.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/gui/files/settings.h"
#include "app/gui/window/ui_scale.h"

namespace posviz::gui {
namespace {

TEST(UiScale, FollowsTheScreenUnlessChosen) {
    EXPECT_EQ(ui_scale_factor(0, 1.0f, 1080), 1.0f);
    EXPECT_EQ(ui_scale_factor(0, 1.0f, 720), 1.0f);   // never below 1
    EXPECT_EQ(ui_scale_factor(0, 1.0f, 1200), 1.0f);  // a little taller: 17 px still
    EXPECT_EQ(ui_scale_factor(0, 1.0f, 1440), 1.25f);
    // 3840 × 2160 at scale 1: body text 17 px × 2 = 34 px, at least the 28 px the issue asks.
    EXPECT_EQ(ui_scale_factor(0, 1.0f, 2160), 2.0f);
    EXPECT_GE(17.0f * ui_scale_factor(0, 1.0f, 2160), 28.0f);
    EXPECT_EQ(ui_scale_factor(0, 2.0f, 2160), 2.0f);  // a scaled desktop: not scaled twice
    EXPECT_EQ(ui_scale_factor(0, 1.5f, 1080), 1.5f);
    EXPECT_EQ(ui_scale_factor(150, 2.0f, 2160), 1.5f);  // the user's choice wins
}

class UiScaleSettings : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("posviz_ui_scale_" +
                std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
        std::filesystem::create_directories(dir_);
        path_ = (dir_ / "settings.json").string();
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    LoadedSettings load(const std::string& text) {
        std::ofstream(path_) << text;
        return load_settings(path_);
    }
    std::filesystem::path dir_;
    std::string path_;
};

TEST_F(UiScaleSettings, OutOfRangeIsClampedSaidAndTheRestKept) {
    LoadedSettings l = load(R"({"ui_scale": 1000, "theme": "light"})");
    EXPECT_EQ(l.settings.ui_scale, 300);
    EXPECT_EQ(l.settings.theme, "light");  // nothing else lost
    EXPECT_NE(l.problem.find("settings.ui_scale: got 1000"), std::string::npos) << l.problem;
    EXPECT_TRUE(std::filesystem::exists(path_));  // not moved aside
    l = load(R"({"ui_scale": 0, "lang": "zh"})");
    EXPECT_EQ(l.settings.ui_scale, 100);
    EXPECT_EQ(l.settings.lang, "zh");
    EXPECT_NE(l.problem.find("got 0"), std::string::npos) << l.problem;
    l = load(R"({"ui_scale": "big"})");
    EXPECT_EQ(l.settings.ui_scale, 100);
    EXPECT_FALSE(l.problem.empty());
    l = load(R"({"ui_scale": 150})");
    EXPECT_EQ(l.settings.ui_scale, 150);
    EXPECT_EQ(l.problem, "");
    l = load(R"({})");
    EXPECT_EQ(l.settings.ui_scale, 0);  // automatic
}

TEST_F(UiScaleSettings, ARoundTrip) {
    Settings s;
    s.ui_scale = 175;
    save_settings(s, path_);
    EXPECT_EQ(load_settings(path_).settings.ui_scale, 175);
    s.ui_scale = 0;
    save_settings(s, path_);
    EXPECT_EQ(load_settings(path_).settings.ui_scale, 0);
}

}  // namespace
}  // namespace posviz::gui
