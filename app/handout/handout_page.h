// One page of the storyline handout, on a 16:9 slide page: the preset's title at the top, one of
// its figures filling the page below, and on a preset's first page (its lead figure's) its note
// as the caption at the foot. Decision (issue 22): a handout is read printed or projected, so
// all of its type is at least k_handout_type_pt and a figure gets the page to itself, instead of
// a preset's figures tiled small in ~6 pt type.
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

#include "app/render/render.h"
#include "core/figure/figure.h"
#include "core/figure/theme.h"

namespace posviz::handout {

// A slide, 13.33 × 7.5 in (PowerPoint's and Keynote's 16:9), in points.
constexpr double k_slide_width_pt = 960.0, k_slide_height_pt = 540.0;

// The smallest type on a handout page, in points.
constexpr double k_handout_type_pt = 14.0;

struct HandoutPage {
    std::string title, caption;
    std::string place;  // "3 / 10": where the page is in the handout
    Figure figure;
};

// The figure's area on the page: what the title and caption leave, in points.
struct PageFigureArea {
    double x, y, width, height;
};
PageFigureArea handout_figure_area(cairo_t* cr, const HandoutPage& page, const std::string& lang);
// How a page's figure is drawn: its type at handout_label_size.
RenderStyle handout_figure_style(const std::string& theme, const std::string& lang);

// Draws the page onto `cr` (one PDF page, k_slide_width_pt × k_slide_height_pt) in the theme
// and language given; the caller shows the page.
void draw_handout_page(cairo_t* cr, const HandoutPage& page, const std::string& theme,
                       const std::string& lang);

// The axis-label size at which a figure's smallest type (tick labels, notes) is
// k_handout_type_pt in `theme`'s proportions.
double handout_label_size(const Theme& theme);

// `text` broken into lines no wider than `width` at spaces, and between any two CJK characters
// (Chinese has no spaces); a word wider than a line stays whole on a line of its own.
std::vector<std::string> wrap_text(cairo_t* cr, const std::string& text, double size,
                                   const std::string& lang, double width);

}  // namespace posviz::handout
