// View → UI scale 300 % on small screens, in Chinese, drawn by the app's own frame offscreen. The
// menu bar's message is never drawn over a menu (at 1280 × 720 the menus fill the bar), and where
// it is drawn cut, its tooltip — the whole message — stays inside the window (1600 × 900, where
// 36 em of text is wider than the window). A view too small for its figure says so rather than
// drawing boxes of a few points under a heap of titles. Runs in the GPU tests' headless context;
// skips without it.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "app/gui/app.h"
#include "app/gui/language.h"
#include "app/gui/plot/plot_widget.h"
#include "app/gui/window/ui_style.h"
#include "app/storyline/preset.h"
#include "tests/screen_window.h"

namespace posviz::gui {
namespace {

struct TextQuad {
    ImRect rect;
    bool error_colour;
    unsigned codepoint;
};

// The glyph quads a window drew (all windows for a null `name`): a vertex whose UV is a glyph's
// top left and the vertex two on whose UV is its bottom right (ImDrawList::PrimRectUV), with
// their colour and character.
std::vector<TextQuad> text_quads(const char* name) {
    std::map<std::pair<float, float>, const ImFontGlyph*> by_uv;
    for (const ImFont* font : ImGui::GetIO().Fonts->Fonts)
        for (const ImFontGlyph& g : font->Glyphs)
            if (g.Visible) by_uv[{g.U0, g.V0}] = &g;
    std::vector<TextQuad> quads;
    const ImU32 error = ImGui::ColorConvertFloat4ToU32(k_error_colour);
    for (const ImGuiWindow* window : GImGui->Windows) {
        if (!window->DrawList || (name && window != ImGui::FindWindowByName(name))) continue;
        const ImVector<ImDrawVert>& vertices = window->DrawList->VtxBuffer;
        for (int i = 0; i + 2 < vertices.Size; ++i) {
            const ImDrawVert& a = vertices[i];
            const ImDrawVert& c = vertices[i + 2];
            const auto it = by_uv.find({a.uv.x, a.uv.y});
            if (it == by_uv.end() || c.uv.x != it->second->U1 || c.uv.y != it->second->V1) continue;
            quads.push_back({ImRect(a.pos, c.pos), a.col == error, it->second->Codepoint});
        }
    }
    return quads;
}

// Whether the frame drew `text` (UTF-8) as consecutive glyphs of one window.
bool drawn_text(const std::u32string& text) {
    const std::vector<TextQuad> quads = text_quads(nullptr);
    for (size_t i = 0; i + text.size() <= quads.size(); ++i) {
        size_t k = 0;
        while (k < text.size() && quads[i + k].codepoint == text[k]) ++k;
        if (k == text.size()) return true;
    }
    return false;
}

class LargeUiScale : public ::testing::Test {
  protected:
    void open(int width, int height) {
        ASSERT_TRUE(screen_.open(width, height));
        set_language("zh");
        app_.ui_scale_percent = 300;
        // What a hand-edited settings file says at start (settings.cpp), as the window shows it.
        app_.problem =
            "settings file /home/lecturer/.config/posviz/settings.json ignored (defaults used; "
            "kept as /home/lecturer/.config/posviz/settings.json.bad): settings.lang: got "
            "\"fr\"; expected \"en\" or \"zh\"";
        screen_.frames(4);
    }
    // The first slide, settled: its figure (the permutation grid) and what the frame logged.
    PlacedTextLog first_slide() {
        app_.preset_paths = preset_files(presets_dir());
        go_to_preset(app_, 0);
        return screen_.settled();
    }
    void TearDown() override {
        set_language("en");
        screen_.close();
    }
    ::posviz::testing::ScreenApp screen_;
    App& app_ = screen_.app;
};

TEST_F(LargeUiScale, TheMenuBarsMessageIsNeverDrawnOverAMenu) {
    POSVIZ_REQUIRE_GPU();
    open(1280, 720);
    const std::vector<TextQuad> quads = text_quads("##MainMenuBar");
    int menus = 0;
    for (const TextQuad& q : quads) menus += q.error_colour ? 0 : 1;
    ASSERT_GT(menus, 0) << "no menu text read back";
    for (const TextQuad& message : quads) {
        if (!message.error_colour) continue;
        for (const TextQuad& menu : quads)
            if (!menu.error_colour) {
                ImRect overlap = message.rect;
                overlap.ClipWithFull(menu.rect);
                EXPECT_FALSE(overlap.GetWidth() > 0.5f && overlap.GetHeight() > 0.5f)
                    << "the message's glyph at x = " << message.rect.Min.x
                    << " lies over a menu's at x = " << menu.rect.Min.x;
            }
    }
}

TEST_F(LargeUiScale, TheMenuBarsMessageHasItsTooltipInsideTheWindow) {
    POSVIZ_REQUIRE_GPU();
    const float width = 1600;
    open(int(width), 900);
    ImRect shown;
    bool drawn = false;
    for (const TextQuad& q : text_quads("##MainMenuBar"))
        if (q.error_colour) {
            if (!drawn) shown = q.rect;
            shown.Add(q.rect);
            drawn = true;
        }
    ASSERT_TRUE(drawn) << "the cut message is not in the menu bar";
    ImGui::GetIO().MousePos = shown.GetCenter();
    screen_.frames(3);
    const ImGuiWindow* tooltip = ImGui::FindWindowByName("##Tooltip_00");
    ASSERT_TRUE(tooltip && tooltip->Active) << "no tooltip on the message";
    EXPECT_GE(tooltip->Pos.x, 0.0f);
    EXPECT_LE(tooltip->Pos.x + tooltip->Size.x, width)
        << "a tooltip " << tooltip->Size.x << " px wide in a window " << width << " px wide";
}

TEST_F(LargeUiScale, AViewTooSmallForItsFigureSaysSo) {
    POSVIZ_REQUIRE_GPU();
    open(1600, 900);
    const PlacedTextLog log = first_slide();
    // Either the figure is drawn with plot boxes of at least 1 em of its type, or not at all.
    for (const PlacedFigure& f : log.figures)
        for (const PanelPlacement& p : f.layout.panels)
            EXPECT_GE(std::min(p.box.w, p.box.h), f.layout.label_size)
                << "a plot box of " << p.box.w << " × " << p.box.h << " pt under "
                << f.layout.label_size << " pt type";
    if (log.figures.empty()) {
        EXPECT_TRUE(drawn_text(U"视图太小")) << "the view shows neither its figure nor why";
    }
}

}  // namespace
}  // namespace posviz::gui
