// Views that do not fit the window at a readable size become tabs instead of being squeezed
// (issue 23, What to build 4): at 1280 × 720, every preset's figures are drawn with no plot box
// under 120 px either way, checked on the app's own frame (draw_frame) in the GPU tests'
// headless context; the test skips without it.
#include <gtest/gtest.h>

#include <string>

#include "app/gui/app.h"
#include "app/storyline/preset.h"
#include "tests/gpu_test_context.h"
#include "tests/screen_window.h"

namespace posviz::gui {
namespace {

// The floor: a rotation circle of 60 px or a permutation map of 30 px is unreadable.
constexpr float kReadablePlot = 120.0f;

class ReadableViews : public ::testing::Test {
  protected:
    void SetUp() override {
        POSVIZ_REQUIRE_GPU();
        ASSERT_TRUE(screen_.open(1280, 720));
        screen_.app.preset_paths = preset_files(presets_dir());
    }
    void TearDown() override { screen_.close(); }
    testing::ScreenApp screen_;
};

TEST_F(ReadableViews, NoPlotBoxUnder120PxAt1280x720) {
    App& app = screen_.app;
    ASSERT_FALSE(app.preset_paths.empty());
    for (int i = 0; i < int(app.preset_paths.size()); ++i) {
        go_to_preset(app, i);
        const PlacedTextLog log = screen_.settled();
        const std::string& path = app.preset_paths[size_t(i)];
        EXPECT_FALSE(log.plot_boxes.empty()) << path;
        for (const ImRect& box : log.plot_boxes) {
            EXPECT_GE(box.GetWidth(), kReadablePlot) << path;
            EXPECT_GE(box.GetHeight(), kReadablePlot) << path;
        }
    }
}

}  // namespace
}  // namespace posviz::gui
