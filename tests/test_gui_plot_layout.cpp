// The plot widget's layout at the window sizes a lecture hall uses, 1280×720 to 3840×2160: every
// figure the views of every shipped preset show, in English and Chinese, is drawn through
// PlotFigure in a headless ImGui frame, and the text boxes the widget placed (PlacedTextLog) are
// checked: no two overlap (touching is allowed) and none leaves its panel's cell. The figure fills
// the window, half of it (two views side by side) and a quarter (four tiled); it fills a view's
// plot area when five views are tiled (each about 360 px high at 720 p); it fills lecture mode's
// stage at 1080 p, in the larger type and high-contrast colours; and the dark theme is drawn as
// the light one is. Heatmaps are OpenGL textures, so the test needs the headless context the GPU
// tests use and skips without one.
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "app/gui/files/preset.h"
#include "app/gui/plot/plot_text.h"
#include "app/gui/views/lecture_layout.h"
#include "app/gui/views/tiling.h"
#include "app/gui/views/view_figures.h"
#include "tests/gpu_test_context.h"
#include "tests/headless_imgui.h"

namespace posviz::gui {
namespace {

// A pixel of slack for FreeType's rounding of glyph advances: boxes that merely touch are fine.
constexpr float k_slack = 0.5f;

bool overlap(const ImRect& a, const ImRect& b) {
    return std::min(a.Max.x, b.Max.x) - std::max(a.Min.x, b.Min.x) > k_slack &&
           std::min(a.Max.y, b.Max.y) - std::max(a.Min.y, b.Min.y) > k_slack;
}

bool inside(const ImRect& box, const ImRect& within) {
    return box.Min.x >= within.Min.x - k_slack && box.Min.y >= within.Min.y - k_slack &&
           box.Max.x <= within.Max.x + k_slack && box.Max.y <= within.Max.y + k_slack;
}

std::string describe(const PlacedTextBox& t) {
    return "\"" + t.text + "\" [" + std::to_string(t.box.Min.x) + ", " +
           std::to_string(t.box.Min.y) + " – " + std::to_string(t.box.Max.x) + ", " +
           std::to_string(t.box.Max.y) + "]";
}

// The boxes PlotFigure placed drawing `figure` into a window of `size` pixels.
std::vector<PlacedTextBox> placed_boxes(const Figure& figure, const PlotStyle& style, ImVec2 size) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = size;
    io.DeltaTime = 1.0f / 60.0f;
    PlacedTextLog log;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::Begin("view", nullptr, ImGuiWindowFlags_NoDecoration);
    set_placed_text_log(&log);
    PlotFigure("figure", figure, 1, style, size);
    set_placed_text_log(nullptr);
    ImGui::End();
    ImGui::PopStyleVar();
    ImGui::EndFrame();
    return log.boxes;
}

void expect_clean_layout(const std::vector<PlacedTextBox>& boxes, const std::string& where) {
    ASSERT_FALSE(boxes.empty()) << where;
    for (size_t i = 0; i < boxes.size(); ++i) {
        EXPECT_TRUE(inside(boxes[i].box, boxes[i].within))
            << where << describe(boxes[i]) << " leaves its panel [" << boxes[i].within.Min.x << ", "
            << boxes[i].within.Min.y << " – " << boxes[i].within.Max.x << ", "
            << boxes[i].within.Max.y << "]";
        for (size_t j = i + 1; j < boxes.size(); ++j)
            EXPECT_FALSE(overlap(boxes[i].box, boxes[j].box))
                << where << describe(boxes[i]) << " overlaps " << describe(boxes[j]);
    }
}

struct Screen {
    int width, height;
    // The app's body text there: 17 px, doubled on a 4K screen.
    float body_size() const { return height >= 2160 ? 34.0f : 17.0f; }
};
constexpr Screen k_screens[] = {{1280, 720}, {1920, 1080}, {3840, 2160}};

// Every figure the open views of the shipped presets show, with where it comes from; built once
// per language.
const std::vector<std::pair<std::string, Figure>>& preset_figures(const std::string& lang) {
    static std::map<std::string, std::vector<std::pair<std::string, Figure>>> built;
    auto [at, added] = built.try_emplace(lang);
    if (!added) return at->second;
    for (const std::string& file : preset_files(presets_dir())) {
        const Preset preset = read_preset(file);
        for (const ViewInfo& info : view_infos()) {
            const ViewSettings& settings = settings_of(preset.views, info.id);
            if (!settings.open) continue;
            for (const ViewFigure& f : view_figures(info.id, preset.scene, settings, lang)) {
                FigureOutcome outcome = build_requested_figure(f.request);
                EXPECT_TRUE(outcome.figure) << preset_name(file) << ": " << outcome.error;
                if (outcome.figure)
                    at->second.emplace_back(preset_name(file) + " " + info.key + " " +
                                                f.request.scene.figure + " " + lang,
                                            std::move(*outcome.figure));
            }
        }
    }
    return at->second;
}

// One pass of the check: every preset figure in `lang`, at body text `body_size`, in `theme`
// (lecture: its high-contrast variant), drawn into windows of each of `sizes`.
struct Pass {
    std::string lang;
    float body_size;
    std::string theme;
    bool lecture;
    std::vector<ImVec2> sizes;
};

void expect_clean_pass(const Pass& pass) {
    const std::vector<std::pair<std::string, Figure>>& figures = preset_figures(pass.lang);
    ASSERT_FALSE(figures.empty());
    const HeadlessImGui imgui(pass.body_size, pass.lang);
    const PlotStyle style = imgui.plot_style(pass.theme, pass.lecture);
    for (const ImVec2 size : pass.sizes)
        for (const auto& [name, figure] : figures)
            expect_clean_layout(placed_boxes(figure, style, size),
                                name + " " + pass.theme + (pass.lecture ? " lecture" : "") +
                                    " at " + std::to_string(int(size.x)) + "×" +
                                    std::to_string(int(size.y)) + ": ");
}

class GuiPlotLayout : public ::testing::Test {
  protected:
    void SetUp() override {
        POSVIZ_REQUIRE_GPU();
        ASSERT_TRUE(::posviz::testing::gpu_test_context().context->make_current());
    }
    [[maybe_unused]] ::posviz::testing::MesaAllocationsNotLeaks mesa_;
};

TEST_F(GuiPlotLayout, NoTextOverlapsOrLeavesItsPanelAtAnyWindowSize) {
    for (const std::string lang : {"en", "zh"})
        for (const Screen screen : k_screens) {
            const float w = float(screen.width), h = float(screen.height);
            expect_clean_pass({lang,
                               screen.body_size(),
                               "light",
                               false,
                               {ImVec2(w, h), ImVec2(0.5f * w, h), ImVec2(0.5f * w, 0.5f * h)}});
        }
}

TEST_F(GuiPlotLayout, DarkThemeAsTheLight) {
    for (const Screen screen : k_screens)
        expect_clean_pass({"en",
                           screen.body_size(),
                           "dark",
                           false,
                           {ImVec2(float(screen.width), float(screen.height))}});
}

// The plot area of each view window when five views are tiled below the menu bar (views.cpp's
// draw_views; ImGui's default sizes at 17 px): the window less its title bar, padding and a row
// of controls.
std::vector<ImVec2> five_tiled_figures(Screen screen) {
    const float line = 17.0f + 2.0f * 3.0f;  // a title bar, the menu bar, a row of controls
    const float padding = 8.0f, spacing = 5.0f;
    std::vector<ImVec2> sizes;
    for (const Tile& tile :
         tile_area(5, {0.0f, line, float(screen.width), float(screen.height) - line})) {
        const ImVec2 size(tile.width - 2.0f * padding,
                          tile.height - line - 2.0f * padding - line - spacing);
        if (std::find_if(sizes.begin(), sizes.end(),
                         [&](ImVec2 s) { return s.x == size.x && s.y == size.y; }) == sizes.end())
            sizes.push_back(size);
    }
    return sizes;
}

TEST_F(GuiPlotLayout, FiveTiledViews) {
    for (const std::string lang : {"en", "zh"})
        for (const Screen screen : {Screen{1280, 720}, Screen{1920, 1080}})
            expect_clean_pass(
                {lang, screen.body_size(), "light", false, five_tiled_figures(screen)});
}

// Lecture mode's figure at 1080 p (app.cpp: body text a 38th of the height, 28 px, and ImGui's
// sizes × 28/17): the stage under the menu bar and a storyline bar with a two-line caption, less
// its padding and a row of controls.
ImVec2 lecture_figure_at_1080p() {
    const float font = 28.0f, scale = font / 17.0f, line = font + 2.0f * 3.0f * scale;
    LectureMetrics m;
    m.padding_x = m.padding_y = 8.0f * scale;
    m.spacing_y = 5.0f * scale;
    m.heading = 1.2f * font;
    m.note_height = 2.0f * font;
    m.tools_height = line + m.spacing_y;
    const LectureLayout l = lecture_layout({0.0f, line, 1920.0f, 1080.0f - line}, m);
    return {l.figure.width, l.figure.height};
}

TEST_F(GuiPlotLayout, LectureModeAt1080p) {
    for (const std::string lang : {"en", "zh"})
        for (const std::string theme : {"light", "dark"})
            expect_clean_pass({lang, 28.0f, theme, true, {lecture_figure_at_1080p()}});
}

}  // namespace
}  // namespace posviz::gui
