// How the layout measures text without knowing how it is drawn: the painters implement
// TextMeasure with the fonts they draw with (cairo + fontconfig for files, ImGui's atlas on
// screen), so that a layout measured once is the layout every painter draws. No font library here.
#pragma once

#include <string>

namespace posviz {

enum class FontWeight { Regular, Bold };

// Which fonts draw text: lang "zh" puts Noto Sans CJK SC first (its Latin matches its Chinese);
// otherwise DejaVu Sans leads. Each falls back to the other for characters it does not have.
struct TextStyle {
    std::string lang = "en";
    double size = 10.0;  // points (canvas units)
    FontWeight weight = FontWeight::Regular;
    bool operator==(const TextStyle&) const = default;
};

struct TextSize {
    double width = 0.0;
    double ascent = 0.0;   // above the baseline, of the leading font (not of this string's glyphs),
    double descent = 0.0;  // so that lines of text line up whatever letters they hold
};

class TextMeasure {
  public:
    virtual ~TextMeasure() = default;
    // One line of text (no '\n') as the painter would set it.
    virtual TextSize measure(const std::string& utf8, const TextStyle& style) const = 0;
};

}  // namespace posviz
