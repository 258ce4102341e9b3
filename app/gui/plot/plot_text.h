// Text on an ImDrawList for the plot widget: aligned about a point (each line of a multi-line
// string aligned on its own, as the file renderer does), turned a quarter for y-axis labels, and
// shortened with an ellipsis to fit a width.
#pragma once

#include <imgui.h>

#include <string>

namespace posviz::gui {

ImVec2 text_size(ImFont* font, const std::string& text);

// align (0, 0) puts the text's top-left corner at `anchor`, (0.5, 0.5) centres it, (1, 0.5) ends
// it there. Returns the rectangle it covers: min and max corners.
struct TextBox {
    ImVec2 min, max;
};
TextBox add_text(ImDrawList* draw, ImFont* font, ImVec2 anchor, ImVec2 align, ImU32 colour,
                 const std::string& text);

// Reads bottom to top, centred on `centre`.
void add_vertical_text(ImDrawList* draw, ImFont* font, ImVec2 centre, ImU32 colour,
                       const std::string& text);

// `text` itself if it fits in `width` pixels, else its longest prefix that fits followed by "…".
std::string fit_text(ImFont* font, const std::string& text, float width);

// fit_text applied to each line of a multi-line text.
std::string fit_lines(ImFont* font, const std::string& text, float width);

}  // namespace posviz::gui
