// Text on an ImDrawList for the plot widget: aligned about a point (each line of a multi-line
// string aligned on its own, as the file renderer does), turned a quarter for y-axis labels, and
// shortened with an ellipsis to fit a width.
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

#include <string>
#include <vector>

namespace posviz::gui {

ImVec2 text_size(ImFont* font, const std::string& text);

// align (0, 0) puts the text's top-left corner at `anchor`, (0.5, 0.5) centres it, (1, 0.5) ends
// it there. Returns the rectangle it covers: min and max corners.
struct TextBox {
    ImVec2 min, max;
};
TextBox add_text(ImDrawList* draw, ImFont* font, ImVec2 anchor, ImVec2 align, ImU32 colour,
                 const std::string& text);

// What a layout test collects: every text box add_text and add_vertical_text draw while a log is
// set, with the rectangle it must stay in (its panel's cell; the figure's area for the figure's
// own title, subtitle and shared colorbar), which the plot widget keeps current in `within`; and
// each panel's plot box, the area its data gets.
struct PlacedTextBox {
    std::string text;
    ImRect box, within;
};
struct PlacedTextLog {
    std::vector<PlacedTextBox> boxes;
    ImRect within;
    std::vector<ImRect> plot_boxes;
};
// Null (the default) records nothing: drawing then costs one pointer test per text.
void set_placed_text_log(PlacedTextLog* log);
PlacedTextLog* placed_text_log();

// Reads bottom to top, centred on `centre`.
void add_vertical_text(ImDrawList* draw, ImFont* font, ImVec2 centre, ImU32 colour,
                       const std::string& text);

// `text` itself if it fits in `width` pixels, else its longest prefix that fits followed by "…".
std::string fit_text(ImFont* font, const std::string& text, float width);

// `text` on one line if it fits in `width` pixels, else on two as core/figure/label_lines.h breaks
// it, each line then shortened as fit_text does where it still does not fit.
std::string fit_two_lines(ImFont* font, const std::string& text, float width);

// fit_text applied to each line of a multi-line text.
std::string fit_lines(ImFont* font, const std::string& text, float width);

}  // namespace posviz::gui
