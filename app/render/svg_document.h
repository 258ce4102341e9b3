// The SVG writer: a painter of the layout's display list (core/layout/display_list.h) of its own,
// not a rewrite of cairo's SVG. What a figure in a paper needs: text as editable <text> (font
// family list, size, weight, colour, position and turn; lines mixing fonts get one <tspan> per
// font), each heatmap and colour bar as an embedded PNG of one pixel per cell drawn pixelated,
// lines as paths, clip rectangles as <clipPath>, and ids numbered in drawing order (image0,
// clip0, …), so that equal figures give equal bytes.
#pragma once

#include <string>
#include <vector>

#include "core/layout/display_list.h"
#include "core/layout/text_measure.h"

namespace posviz {

// A run of a line that one font draws: one <tspan> each where a line mixes fonts.
struct DrawnRun {
    std::string text;
    std::string families;  // CSS font-family list, the run's own font first
    double offset = 0.0;   // from the line's start, along the baseline, in user units
};

// What the writer takes from the fonts that measured the layout and from an image encoder: cairo's
// for files (CairoSvgResources, app/render/render.h), the browser page's own (app/web/web_svg.h),
// which has no cairo.
class SvgResources {
  public:
    virtual ~SvgResources() = default;
    // The line split into runs, each in the font that draws it, placed as that font sets them,
    // so that a line mixing scripts sits as in the other formats.
    virtual std::vector<DrawnRun> runs(const std::string& utf8, const TextStyle& style) const = 0;
    // The image's cells (ImageItem::pixels, 0x00RRGGBB, top row first) as a PNG file's bytes.
    virtual std::string png(const ImageItem& item) const = 0;
};

// `title` goes in <title>.
std::string write_svg(const DisplayList& display, const std::string& title,
                      const SvgResources& resources);

std::string xml_escape(const std::string& text);

}  // namespace posviz
