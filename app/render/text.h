// Text for the cairo renderer: scalable system fonts found through fontconfig and drawn with
// cairo-ft, with per-character fallback so that one string can mix Latin, Greek, Unicode
// sub/superscripts (θᵢ, 10⁴) and Chinese. cairo's own text calls use one font per call and
// would draw boxes for any character that font lacks.
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

#include "app/render/svg_document.h"
#include "core/layout/text_measure.h"

namespace posviz {

TextSize measure_text(cairo_t* cr, const std::string& utf8, const TextStyle& style);
// Draws with the left end of the baseline at (x, y) in the current source colour.
void draw_text(cairo_t* cr, const std::string& utf8, const TextStyle& style, double x, double y);
// The line split into runs as draw_text draws it, each in one font.
std::vector<DrawnRun> text_runs(cairo_t* cr, const std::string& utf8, const TextStyle& style);

// The layout's text measure (core/layout/text_measure.h) through cairo on `cr`, whose font
// options and transformation it measures under: the fonts measured are the fonts drawn.
class CairoTextMeasure : public TextMeasure {
  public:
    explicit CairoTextMeasure(cairo_t* cr) : cr_(cr) {}
    TextSize measure(const std::string& utf8, const TextStyle& style) const override {
        return measure_text(cr_, utf8, style);
    }

  private:
    cairo_t* cr_;
};

// The fonts behind a style (family names as fontconfig resolved them), for tests and diagnostics.
std::string font_families(const TextStyle& style);

}  // namespace posviz
