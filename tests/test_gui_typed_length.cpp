// Lengths typed into a view's L through the app's own frame, as a user types them: the pointer
// found on the view's L slider, Ctrl+click, the digits, Enter (ImGui's input, fed as the GLFW
// backend feeds it). What the figures are then asked for, and what the window says, are checked.
// The frame runs in the GPU tests' headless context; the test skips without it.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <string>

#include "app/gui/app.h"
#include "app/gui/gui_session.h"
#include "app/gui/screenshot.h"
#include "tests/gpu_test_context.h"
#include "tests/screen_window.h"

namespace posviz::gui {
namespace {

constexpr int k_enter = 257;  // GLFW_KEY_ENTER, as the GLFW backend maps ImGuiKey_Enter

class TypedLength : public ::testing::Test {
  protected:
    void SetUp() override {
        POSVIZ_REQUIRE_GPU();
        ASSERT_TRUE(screen_.open(1920, 1080));
        app_.scene.content = "random";
        app_.scene.seq_len = 64;
        app_.scene.dim = 16;
        settings_of(app_.views, ViewId::Attention).open = true;
        settings_of(app_.views, ViewId::Permutation).open = true;
        ImGui::GetIO().KeyMap[ImGuiKey_Enter] = k_enter;
        app_.layout_dirty = true;
        frames(3);
    }
    void TearDown() override { screen_.close(); }
    void frames(int n) { screen_.frames(n); }
    // Where the pointer hovers `view`'s L slider: found by moving it along the view's rows of
    // controls, as the frame reports the hovered widget.
    ImVec2 find_length_slider(const char* window_name) {
        ImGuiWindow* window = ImGui::FindWindowByName(window_name);
        if (!window) return ImVec2(-1, -1);
        const ImGuiID id = window->GetID("L");
        ImGuiIO& io = ImGui::GetIO();
        for (float y = window->Pos.y + window->TitleBarHeight() + 4.0f;
             y < window->Pos.y + window->TitleBarHeight() + 80.0f; y += 6.0f)
            for (float x = window->Pos.x + 4.0f; x < window->Pos.x + window->Size.x; x += 12.0f) {
                io.MousePos = ImVec2(x, y);
                frames(1);
                if (GImGui->HoveredId == id) return io.MousePos;
            }
        return ImVec2(-1, -1);
    }
    void type_length(const char* window_name, const std::string& text) {
        const ImVec2 at = find_length_slider(window_name);
        ASSERT_GE(at.x, 0.0f) << "no L slider found in " << window_name;
        ImGuiIO& io = ImGui::GetIO();
        io.KeyCtrl = true;
        io.MouseDown[0] = true;
        frames(1);
        io.MouseDown[0] = false;
        io.KeyCtrl = false;
        frames(3);  // the field takes the keyboard
        for (char c : text) io.AddInputCharacter(static_cast<unsigned>(c));
        frames(1);
        io.KeysDown[k_enter] = true;
        frames(1);
        io.KeysDown[k_enter] = false;
        io.MousePos = ImVec2(1900, 1070);
        frames(2);
    }
    int requested_length(ViewId view) {
        const auto& request = app_.runtime[size_t(view)].jobs[0].last_request();
        return request ? request->scene.seq_len : -1;
    }

    ::posviz::testing::ScreenApp screen_;
    App& app_ = screen_.app;
};

TEST_F(TypedLength, AttentionTakesAStreamedLengthAndAnLByLViewSaysWhereItStops) {
    type_length("Attention###attention", "131072");
    EXPECT_EQ(app_.scene.seq_len, 131072);
    EXPECT_EQ(requested_length(ViewId::Attention), 131072);
    // The permutation grid is L × L maps: drawn at 4096, and its view says so. (Where the two
    // views share a tile as tabs, its tab is chosen first.)
    app_.tab_view = ViewId::Permutation;
    app_.layout_dirty = true;
    frames(3);
    EXPECT_EQ(requested_length(ViewId::Permutation), 4096);
    // Typed into that view, L is clamped to what it draws, and the window says so.
    type_length("Permutation###permutation", "131072");
    EXPECT_EQ(app_.scene.seq_len, 4096);
    const LengthNote& note = app_.runtime[size_t(ViewId::Permutation)].length_note;
    EXPECT_NE(note.text.find("at most 4,096"), std::string::npos) << note.text;
}

TEST_F(TypedLength, NoLengthLeavesLAndSaysWhy) {
    for (const char* bad : {"0", "-5", "abc"}) {
        type_length("Attention###attention", bad);
        EXPECT_EQ(app_.scene.seq_len, 64) << bad;
        const LengthNote& note = app_.runtime[size_t(ViewId::Attention)].length_note;
        EXPECT_NE(note.text.find("L stays 64"), std::string::npos) << bad << ": " << note.text;
    }
    type_length("Attention###attention", "2147483648");  // 2^31
    EXPECT_EQ(app_.scene.seq_len, 1 << 20);
}

}  // namespace
}  // namespace posviz::gui
