// Text for the cairo renderer: scalable system fonts found through fontconfig and drawn with
// cairo-ft, with per-character fallback so that one string can mix Latin, Greek, Unicode
// sub/superscripts (θᵢ, 10⁴) and Chinese. cairo's own text calls use one font per call and
// would draw boxes for any character that font lacks.
#pragma once

#include <cairo.h>

#include <string>

namespace posviz {

enum class FontWeight { Regular, Bold };

// Which fonts draw text: lang "zh" puts Noto Sans CJK SC first (its Latin matches its Chinese);
// otherwise DejaVu Sans leads. Each falls back to the other for characters it does not have.
struct TextStyle {
    std::string lang = "en";
    double size = 10.0;  // points (cairo user units)
    FontWeight weight = FontWeight::Regular;
};

struct TextSize {
    double width = 0.0;
    double ascent = 0.0;   // above the baseline, of the leading font (not of this string's glyphs),
    double descent = 0.0;  // so that lines of text line up whatever letters they hold
};

TextSize measure_text(cairo_t* cr, const std::string& utf8, const TextStyle& style);
// Draws with the left end of the baseline at (x, y) in the current source colour.
void draw_text(cairo_t* cr, const std::string& utf8, const TextStyle& style, double x, double y);

// The fonts behind a style (family names as fontconfig resolved them), for tests and diagnostics.
std::string font_families(const TextStyle& style);

}  // namespace posviz
