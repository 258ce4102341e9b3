// The legend's corner on screen and in an export: both follow core/figure/legend_corner.h. The
// case is the curve panel of the ALiBi-and-beyond slide, where KERPLE's and FIRE's curves stay
// near zero along the top and ALiBi's line runs down to the lower right: only the lower left is
// free, though the panel asks for the upper right.
#include <cairo.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "app/gui/plot/plot_layout.h"
#include "app/render/text.h"
#include "core/figures/figures.h"
#include "core/layout/panel_layout.h"
#include "core/scene.h"
#include "tests/headless_imgui.h"

namespace posviz {
namespace {

Panel bias_curves() {
    Scene s;
    s.figure = "bias";
    s.encoding = "alibi";
    s.compare = {"alibi", "kerple", "fire"};
    s.seq_len = 64;
    s.dim = 64;
    s.heads = 8;
    s.head = 0;
    s.causal = true;
    Figure figure = build_figure(s, {});
    return figure.panels.back();
}

TEST(LegendCornerOnScreenAndPaper, BothTakeTheFreeLowerLeft) {
    const Panel curves = bias_curves();
    ASSERT_EQ(curves.lines.size(), 3u);
    ASSERT_EQ(curves.legend, LegendPosition::UpperRight);

    // The export: a cell of the 2 × 2 grid of a 6.4 × 4.8 in page.
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(surface);
    const CairoTextMeasure measure(cr);
    const Pen pen{measure, find_theme("light"), "en"};
    const PanelLayout paper = layout_panel(pen, curves, {0.0, 0.0, 230.0, 172.0});
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    EXPECT_EQ(paper.legend.slot, LegendSlot::Inside);
    EXPECT_EQ(paper.legend.corner, LegendPosition::LowerLeft);

    // The screen: the panel's cell at twice the page's size in 17 px type (as 9 pt type is on the
    // page, for a legend as large beside the curves), in a wider view, and on a whole screen.
    const gui::HeadlessImGui imgui(17.0f, "en");
    const gui::PlotStyle style = imgui.plot_style("light", false);
    for (const ImVec2 cell : {ImVec2(460, 344), ImVec2(640, 400), ImVec2(1600, 900)}) {
        const gui::Layout screen = gui::layout_panel(
            curves, style, ImRect(ImVec2(0, 0), cell), gui::panel_axis_range(curves, true),
            gui::panel_axis_range(curves, false), false, nullptr);
        EXPECT_EQ(screen.legend, paper.legend.corner) << cell.x << " × " << cell.y;
        // Inside the plot box, clear of its edges.
        EXPECT_GT(screen.legend_box.Min.x, screen.box.Min.x);
        EXPECT_LT(screen.legend_box.Max.y, screen.box.Max.y);
    }
}

// In lecture mode a legend of long labels that hides data in every corner goes below the plot
// in columns, as exports put it, when the box keeps more room than with the legend beside it:
// four waves over the whole box, as on the sinusoidal-waves slide, on a 1080p stage.
TEST(LegendBelowInLectureMode, FourLongLabelsGoUnderTheBoxInColumns) {
    Panel waves;
    for (int k = 0; k < 4; ++k) {
        LineSeries line;
        for (int i = 0; i <= 400; ++i) {
            line.x.push_back(i);
            line.y.push_back(std::sin(0.05 * (k + 1) * i));
        }
        line.label = "dim " + std::to_string(2 * k) + ": sin(ω·pos), λ = " + std::to_string(k);
        waves.lines.push_back(line);
    }
    waves.legend = LegendPosition::UpperRight;
    const gui::HeadlessImGui imgui(28.0f, "en");
    const ImRect cell(ImVec2(0, 0), ImVec2(1900, 1000));
    auto lay_out = [&](bool lecture) {
        return gui::layout_panel(waves, imgui.plot_style("dark", lecture), cell,
                                 gui::panel_axis_range(waves, true),
                                 gui::panel_axis_range(waves, false), false, nullptr);
    };
    const gui::Layout beside = lay_out(false), below = lay_out(true);
    ASSERT_EQ(beside.legend, LegendPosition::Outside);
    EXPECT_GT(beside.legend_box.Min.x, beside.box.Max.x);
    ASSERT_EQ(below.legend, LegendPosition::Outside);
    EXPECT_GE(below.legend_columns, 2);
    EXPECT_GT(below.legend_box.Min.y, below.box.Max.y);
    EXPECT_TRUE(cell.Contains(below.legend_box));
    EXPECT_GT(below.box.GetWidth() * below.box.GetHeight(),
              1.1f * beside.box.GetWidth() * beside.box.GetHeight());
}

}  // namespace
}  // namespace posviz
