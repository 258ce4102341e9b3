// The SVG writer: a painter of the layout's display list (core/layout/display_list.h) of its own,
// not a rewrite of cairo's SVG. What a figure in a paper needs: text as editable <text> (font
// family list, size, weight, colour, position and turn; lines mixing fonts get one <tspan> per
// font), each heatmap and colour bar as an embedded PNG of one pixel per cell drawn pixelated,
// lines as paths, clip rectangles as <clipPath>, and ids numbered in drawing order (image0,
// clip0, …), so that equal figures give equal bytes.
#pragma once

#include <cairo.h>

#include <string>

#include "core/layout/display_list.h"

namespace posviz {

// `title` goes in <title>. `cr` measures the runs of text in each font (app/render/text.h) as
// cairo would draw them, so that a line mixing scripts sits as in PNG and PDF.
std::string write_svg(const DisplayList& display, const std::string& title, cairo_t* cr);

std::string xml_escape(const std::string& text);

}  // namespace posviz
