// One page of the storyline handout: the preset's title at the top, its views' figures tiled
// below as they are in the window, its note as the caption at the foot, on a 16:9 slide page.
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

#include "core/figure/figure.h"

namespace posviz::gui {

// A slide, 13.33 × 7.5 in (PowerPoint's and Keynote's 16:9), in points.
constexpr double k_slide_width_pt = 960.0, k_slide_height_pt = 540.0;

struct StorylinePage {
    std::string title, caption;
    std::string place;  // "3 / 10": where the page is in the handout
    std::vector<Figure> figures;
};

// Draws the page onto `cr` (one PDF page, k_slide_width_pt × k_slide_height_pt) in the theme
// and language given; the caller shows the page.
void draw_storyline_page(cairo_t* cr, const StorylinePage& page, const std::string& theme,
                         const std::string& lang);

// `text` broken into lines no wider than `width` at spaces, and between any two CJK characters
// (Chinese has no spaces); a word wider than a line stays whole on a line of its own.
std::vector<std::string> wrap_text(cairo_t* cr, const std::string& text, double size,
                                   const std::string& lang, double width);

}  // namespace posviz::gui
