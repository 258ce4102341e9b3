// Figures as SVG in the page, which has no cairo: the layout (core/layout) measures text with the
// fonts the page draws with — ImGui's atlas of DejaVu Sans and Noto Sans CJK — and posviz's SVG
// writer (app/render/svg_document.h) gets its runs from the same fonts and its images from
// png_writer.h.
#pragma once

#include <string>

#include "core/figure/figure.h"

namespace posviz::web {

// The figure laid out on its designed page size for `theme` and `lang`, as an SVG document.
std::string figure_svg(const Figure& figure, const std::string& theme, const std::string& lang);

}  // namespace posviz::web
