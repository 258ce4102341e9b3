// What the SVG export does to the document cairo's SVG surface writes (cairo 1.16 writes text as
// glyph outlines, smooths every image, and names elements after process-wide counters), so that
// the file is what a figure in a paper needs: editable text, crisp heatmap cells, stable bytes.
#pragma once

#include <string>
#include <vector>

#include "app/render/text.h"

namespace posviz {

// Replaces the glyph outlines of every line in `lines` (app/render/text.h, in drawing order) by a
// <text> element with the same words, font size, weight, colour and position, and a font-family
// list ('DejaVu Sans', 'Noto Sans CJK SC', sans-serif, the run's own font first), so that the
// text can be selected, searched and edited (Inkscape, Illustrator); lines mixing fonts get one
// <tspan> per font. Each <text> takes the place of the line's first group of glyphs, so that
// whatever cairo drew over a line still covers it. The glyph definitions go. A group that no line
// accounts for is a std::logic_error (the outlines and the log disagree).
std::string svg_with_text(const std::string& svg, const std::vector<DrawnLine>& lines);

// Marks every embedded image to be scaled without smoothing, one image pixel per heatmap cell:
// style="image-rendering:optimizeSpeed;image-rendering:pixelated" (a viewer that does not know
// the CSS value keeps SVG 1.1's optimizeSpeed).
std::string svg_with_pixelated_images(const std::string& svg);

// cairo names SVG elements after process-wide counters (surface ids, glyph ids), so a second
// export in the same process would differ; renumbers every id="…N" in order of appearance, and
// the references to it, so that equal figures give equal bytes.
std::string svg_with_renumbered_ids(const std::string& svg);

std::string xml_escape(const std::string& text);

}  // namespace posviz
