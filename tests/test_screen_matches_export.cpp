// What you see is what you export (issue 22): every figure the app's frame draws for each
// shipped preset, at 1920 × 1080 and in lecture mode, is laid out by the one layout every export
// uses — so an export of the view's size (W/96 × H/96 in at 96 dpi, `posviz export … --width
// W/96 --height H/96 --dpi 96 --font-size F [--map-stretch 2]` with F the type the view settled
// on, and lecture mode's stretch) gives the same
// display list: the same grid, plot boxes, colour bars, and the same blocks of text in the same
// places, up to the two font rasterisers' metrics (ImGui's stb_truetype on screen, FreeType
// through cairo on paper). The frame runs in the GPU tests' headless context; the test skips
// without it.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/gui/app.h"
#include "app/gui/plot/plot_widget.h"
#include "app/gui/screenshot.h"
#include "app/gui/storyline_names.h"
#include "app/render/render.h"
#include "app/storyline/preset.h"
#include "core/layout/figure_layout.h"
#include "tests/screen_window.h"

namespace posviz::gui {
namespace {

struct Mode {
    bool lecture;
};

class ScreenMatchesExport : public ::testing::TestWithParam<Mode> {
  protected:
    void SetUp() override {
        POSVIZ_REQUIRE_GPU();
        ASSERT_TRUE(screen_.open(1920, 1080));
        screen_.app.theme = "light";
        screen_.app.lecture = GetParam().lecture;
        screen_.app.preset_paths = preset_files(presets_dir());
    }
    void TearDown() override { screen_.close(); }

    ::posviz::testing::ScreenApp screen_;
    App& app_ = screen_.app;
};

// The figure as `posviz export` lays it out for cairo at the screen canvas's size, in the type
// the screen settled on, with the title and subtitle the view shows.
LaidOutFigure exported(const PlacedFigure& placed) {
    Figure figure = *placed.figure;
    if (!placed.view.title) figure.title.clear();
    if (!placed.view.subtitle) figure.subtitle.clear();
    RenderStyle style;
    style.theme = "light";
    style.lang = placed.canvas.lang;
    style.font_size = placed.layout.label_size;
    style.map_stretch = placed.view.map_stretch;  // --map-stretch
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(surface);
    LaidOutFigure out =
        lay_out_for_cairo(cr, figure, style, placed.canvas.width, placed.canvas.height);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return out;
}

// Rectangles alike up to font metrics: within `slack` points on every edge.
bool alike(const Rect& a, const Rect& b, double slack) {
    return std::abs(a.x - b.x) <= slack && std::abs(a.y - b.y) <= slack &&
           std::abs(a.x + a.w - b.x - b.w) <= slack && std::abs(a.y + a.h - b.y - b.h) <= slack;
}

std::string text_of(const Rect& r) {
    return "(" + std::to_string(r.x) + ", " + std::to_string(r.y) + ", " + std::to_string(r.w) +
           " × " + std::to_string(r.h) + ")";
}

TEST_P(ScreenMatchesExport, EveryPresetsFiguresLayOutAsTheirExports) {
    int figures = 0;
    for (int index = 0; index < int(app_.preset_paths.size()); ++index) {
        go_to_preset(app_, index);
        ASSERT_TRUE(app_.problem.empty()) << app_.problem;
        const PlacedTextLog log = screen_.settled();
        const std::string preset = preset_name(app_.preset_paths[size_t(index)]);
        ASSERT_FALSE(log.figures.empty()) << preset;
        for (const PlacedFigure& placed : log.figures) {
            ++figures;
            const LaidOutFigure paper = exported(placed);
            const LaidOutFigure& screen = placed.layout;
            const std::string where = preset + ": \"" + placed.figure->title + "\" (" +
                                      std::to_string(screen.label_size) + " / " +
                                      std::to_string(paper.label_size) + " pt)";
            // Up to font metrics: 1.5 % of the canvas's shorter side.
            const double slack = 0.015 * std::min(placed.canvas.width, placed.canvas.height);
            EXPECT_EQ(screen.grid.rows, paper.grid.rows) << where;
            EXPECT_EQ(screen.grid.cols, paper.grid.cols) << where;
            ASSERT_EQ(screen.panels.size(), paper.panels.size()) << where;
            for (size_t i = 0; i < screen.panels.size(); ++i) {
                EXPECT_TRUE(alike(screen.panels[i].box, paper.panels[i].box, slack))
                    << where << " panel " << i << ": " << text_of(screen.panels[i].box)
                    << " on screen, " << text_of(paper.panels[i].box) << " exported";
                EXPECT_EQ(screen.panels[i].colorbar.has_value(),
                          paper.panels[i].colorbar.has_value())
                    << where << " panel " << i;
            }
            ASSERT_EQ(screen.display.blocks.size(), paper.display.blocks.size()) << where;
            for (size_t i = 0; i < screen.display.blocks.size(); ++i) {
                const TextBlock& s = screen.display.blocks[i];
                const TextBlock& p = paper.display.blocks[i];
                EXPECT_EQ(s.text, p.text) << where;
                EXPECT_EQ(s.role, p.role) << where << " \"" << s.text << "\"";
                EXPECT_TRUE(alike(s.box, p.box, slack))
                    << where << " \"" << s.text << "\": " << text_of(s.box) << " on screen, "
                    << text_of(p.box) << " exported";
            }
        }
    }
    EXPECT_GE(figures, int(app_.preset_paths.size()));
}

INSTANTIATE_TEST_SUITE_P(DeskAndLecture, ScreenMatchesExport,
                         ::testing::Values(Mode{false}, Mode{true}),
                         [](const auto& info) { return info.param.lecture ? "lecture" : "desk"; });

}  // namespace
}  // namespace posviz::gui
