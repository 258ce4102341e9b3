// The plot widget's layout at the window sizes a lecture hall uses, 1280×720 to 3840×2160: every
// figure the views of every shipped preset show, in English and Chinese, is drawn through
// PlotFigure in a headless ImGui frame, filling the window, half of it (two views side by side) and
// a quarter (four tiled), and the text boxes the widget placed (PlacedTextLog) are checked: no two
// overlap (touching is allowed) and none leaves its panel's cell. Heatmaps are OpenGL textures, so
// the test needs the headless context the GPU tests use and skips without one.
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/gui/files/preset.h"
#include "app/gui/plot/heatmap_texture.h"
#include "app/gui/plot/plot_text.h"
#include "app/gui/plot/plot_widget.h"
#include "app/gui/views/view_figures.h"
#include "app/gui/window/fonts.h"
#include "app/gui/window/ui_style.h"
#include "core/figure/theme.h"
#include "tests/gpu_test_context.h"

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

// An ImGui context whose frames are laid out and never rendered: the fonts the app builds, at
// the body size the app uses for a screen of this height (17 px, doubled on a 4K screen), with
// Noto CJK merged in for Chinese.
class HeadlessImGui {
  public:
    HeadlessImGui(float body_size, const std::string& lang) {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        FontSpec spec;
        spec.size = body_size;
        spec.lang = lang;
        fonts_ = build_fonts(spec);
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // builds the atlas
    }
    HeadlessImGui(const HeadlessImGui&) = delete;
    HeadlessImGui& operator=(const HeadlessImGui&) = delete;
    ~HeadlessImGui() {
        release_heatmap_textures();
        ImGui::DestroyContext();
    }
    const Fonts& fonts() const { return fonts_; }

  private:
    Fonts fonts_;
};

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
            << where << describe(boxes[i]) << " leaves its panel";
        for (size_t j = i + 1; j < boxes.size(); ++j)
            EXPECT_FALSE(overlap(boxes[i].box, boxes[j].box))
                << where << describe(boxes[i]) << " overlaps " << describe(boxes[j]);
    }
}

struct Screen {
    int width, height;
};

// Every figure the open views of the shipped presets show, with where it comes from.
std::vector<std::pair<std::string, Figure>> preset_figures(const std::string& lang) {
    std::vector<std::pair<std::string, Figure>> figures;
    for (const std::string& file : preset_files(presets_dir())) {
        const Preset preset = read_preset(file);
        for (const ViewInfo& info : view_infos()) {
            const ViewSettings& settings = settings_of(preset.views, info.id);
            if (!settings.open) continue;
            for (const ViewFigure& f : view_figures(info.id, preset.scene, settings, lang)) {
                FigureOutcome outcome = build_requested_figure(f.request);
                EXPECT_TRUE(outcome.figure) << preset_name(file) << ": " << outcome.error;
                if (outcome.figure)
                    figures.emplace_back(preset_name(file) + " " + info.key + " " +
                                             f.request.scene.figure + " " + lang,
                                         std::move(*outcome.figure));
            }
        }
    }
    return figures;
}

TEST(GuiPlotLayout, NoTextOverlapsOrLeavesItsPanelAtAnyWindowSize) {
    POSVIZ_REQUIRE_GPU();
    ASSERT_TRUE(::posviz::testing::gpu_test_context().context->make_current());
    [[maybe_unused]] const ::posviz::testing::MesaAllocationsNotLeaks mesa;
    for (const std::string lang : {"en", "zh"}) {
        const std::vector<std::pair<std::string, Figure>> figures = preset_figures(lang);
        ASSERT_FALSE(figures.empty());
        for (const Screen screen : {Screen{1280, 720}, Screen{1920, 1080}, Screen{3840, 2160}}) {
            const HeadlessImGui imgui(screen.height >= 2160 ? 34.0f : 17.0f, lang);
            PlotStyle style;
            style.theme = &figure_theme("light", false);
            style.body = imgui.fonts().body;
            style.heading = imgui.fonts().heading;
            style.pixels_per_point = style.body->FontSize / 12.0f;
            const float w = float(screen.width), h = float(screen.height);
            for (const ImVec2 size :
                 {ImVec2(w, h), ImVec2(0.5f * w, h), ImVec2(0.5f * w, 0.5f * h)})
                for (const auto& [name, figure] : figures)
                    expect_clean_layout(placed_boxes(figure, style, size),
                                        name + " at " + std::to_string(int(size.x)) + "×" +
                                            std::to_string(int(size.y)) + ": ");
        }
    }
}

}  // namespace
}  // namespace posviz::gui
