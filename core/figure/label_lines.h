// Where a label too long for one line breaks onto two: the rule of both the file renderer
// (core/layout/pen.h) and the plot widget (app/gui/plot/plot_text.h), so that a colour-bar or
// axis label wraps the same way on screen and in an exported file.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace posviz {

struct TwoLines {
    std::string first, second;
};

// `text` broken at a space, or between two Chinese characters, outside brackets ("b(m, n)" and
// "（logit 单位）" stay whole), where the longer of the two lines is shortest as `width` measures
// them; none when the text has no such place.
std::optional<TwoLines> break_in_two(const std::string& text,
                                     const std::function<double(const std::string&)>& width);

}  // namespace posviz
