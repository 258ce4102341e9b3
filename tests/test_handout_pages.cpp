// The handout's pages (issue 22, defect 4): for every shipped preset in English and Chinese, each
// of its figures gets a page, the lead figure with the preset's note under it covers at least 60 %
// of the 13.33 × 7.5 in page, and no text on a page — the page's own title, place and caption,
// and every block of the figure as laid out for it — is under 14 pt.
#include <cairo.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/handout/handout_page.h"
#include "app/render/render.h"
#include "app/storyline/preset.h"
#include "app/storyline/view_figures.h"
#include "core/layout/figure_layout.h"

namespace posviz::handout {
namespace {

using namespace posviz::storyline;

constexpr double k_page_area = k_slide_width_pt * k_slide_height_pt;

TEST(HandoutPages, LeadFigureTakesMostOfThePageAndNoTypeIsUnder14Points) {
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(surface);
    const std::vector<std::string> paths = preset_files(presets_dir());
    ASSERT_GE(paths.size(), 10u);
    for (const std::string lang : {"en", "zh"})
        for (const std::string& path : paths) {
            const Preset preset = read_preset(path);
            const std::vector<Figure> figures = preset_figures(preset, path, lang);
            ASSERT_FALSE(figures.empty()) << path;
            for (size_t k = 0; k < figures.size(); ++k) {
                HandoutPage page;
                page.title = preset_title(preset, lang);
                if (k == 0) page.caption = preset_note(preset, lang);
                page.place = "1 / 10";
                page.figure = figures[k];
                const PageFigureArea area = handout_figure_area(cr, page, lang);
                if (k == 0) {
                    EXPECT_GE(area.width * area.height, 0.6 * k_page_area)
                        << path << " " << lang << ": the lead figure gets "
                        << area.width * area.height / k_page_area * 100.0 << " % of the page";
                }
                const LaidOutFigure laid = lay_out_for_cairo(
                    cr, figures[k], handout_figure_style("light", lang), area.width, area.height);
                for (const TextBlock& block : laid.display.blocks)
                    EXPECT_GE(block.size, k_handout_type_pt - 1e-9)
                        << path << " " << lang << " figure " << k << ": \"" << block.text
                        << "\" in " << block.size << " pt";
            }
        }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
}

}  // namespace
}  // namespace posviz::handout
