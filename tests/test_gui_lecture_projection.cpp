// Lecture mode projects only the slide, checked on the app's own frame (draw_frame) with the
// pointer and buttons fed as the GLFW backend feeds them: an open Export window waits until
// lecture mode ends, a pointer resting on the figure shows no tooltip while a held button shows
// it, and each entry starts at the slide's lead figure. The frame runs in the GPU tests'
// headless context; the test skips without it.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <string>

#include "app/gui/app.h"
#include "app/gui/gui_session.h"
#include "app/gui/screenshot.h"
#include "tests/gpu_test_context.h"
#include "tests/screen_window.h"

namespace posviz::gui {
namespace {

class LectureProjection : public ::testing::Test {
  protected:
    void SetUp() override {
        POSVIZ_REQUIRE_GPU();
        ASSERT_TRUE(screen_.open(1280, 720));
        app_.scene.content = "random";
        app_.scene.seq_len = 16;
        app_.scene.dim = 16;
        settings_of(app_.views, ViewId::Attention).open = true;
        app_.layout_dirty = true;
        screen_.settle();
    }
    void TearDown() override { screen_.close(); }
    void frames(int n) { screen_.frames(n); }
    // Whether this frame's draw data holds a window whose name starts with `prefix`, or a tooltip.
    static bool drawn(const std::string& prefix) {
        for (ImGuiWindow* w : GImGui->Windows)
            if (w->Active && !w->Hidden && std::string(w->Name).rfind(prefix, 0) == 0) return true;
        return false;
    }
    static bool tooltip_drawn() {
        for (ImGuiWindow* w : GImGui->Windows)
            if ((w->Flags & ImGuiWindowFlags_Tooltip) && w->Active && !w->Hidden) return true;
        return false;
    }

    ::posviz::testing::ScreenApp screen_;
    App& app_ = screen_.app;
};

TEST_F(LectureProjection, TheExportWindowWaitsUntilLectureModeEnds) {
    app_.files.export_open = true;
    frames(2);
    ASSERT_TRUE(drawn("Export###export"));  // the check sees it where it is drawn
    set_lecture(app_, true);
    frames(3);
    EXPECT_FALSE(drawn("Export###export"));
    EXPECT_TRUE(app_.files.export_open);  // nothing lost: it waits
    set_lecture(app_, false);
    frames(2);
    EXPECT_TRUE(drawn("Export###export"));
}

TEST_F(LectureProjection, ARestingPointerShowsNoTooltipAHeldButtonDoes) {
    set_lecture(app_, true);
    screen_.settle();
    ImGuiIO& io = ImGui::GetIO();
    // The middle of the 720 px window is on the stage's map (the lead figure: Attention's).
    io.MousePos = ImVec2(640, 400);
    frames(3);
    EXPECT_FALSE(tooltip_drawn());
    // Outside lecture mode the same pointer shows one: the check can see a tooltip.
    set_lecture(app_, false);
    screen_.settle();
    bool seen = false;
    for (float x = 200; x < 1280 && !seen; x += 40) {
        io.MousePos = ImVec2(x, 400);
        frames(2);
        seen = tooltip_drawn();
    }
    ASSERT_TRUE(seen) << "no tooltip anywhere along the middle of the desk";
    set_lecture(app_, true);
    screen_.settle();
    io.MousePos = ImVec2(640, 400);
    frames(2);
    EXPECT_FALSE(tooltip_drawn());
    io.MouseDown[0] = true;
    frames(2);
    EXPECT_TRUE(tooltip_drawn()) << "a held button shows the formula";
    io.MouseDown[0] = false;
    frames(2);
    EXPECT_FALSE(tooltip_drawn());
}

TEST_F(LectureProjection, EachEntryStartsAtTheLeadFigure) {
    set_lecture(app_, true);
    frames(1);
    app_.lecture_page = 1;  // Tab: the slide's next figure
    frames(1);
    set_lecture(app_, false);
    set_lecture(app_, true);
    EXPECT_EQ(app_.lecture_page, 0);
}

}  // namespace
}  // namespace posviz::gui
