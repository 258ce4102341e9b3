// Painting a laid-out panel onto an ImDrawList: the marks inside the plot box (lines, circles,
// arcs, arrows), the notes placed by data (arrow labels, annotations), grid, axes with ticks and
// labels, colorbars and legends. Colours come from the figure's theme. Internal to the plot widget.
#pragma once

#include <imgui.h>

#include <string>

#include "app/gui/plot/plot_layout.h"

namespace posviz::gui {

ImU32 to_u32(Rgb c, float alpha = 1.0f);

// The shapes a panel draws inside its box, over the heatmap: also what an overlay adds.
void draw_marks(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Panel& panel);
// The text a panel places by data: arrow labels and notes, which may reach past the box.
void draw_notes(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Panel& panel);

void draw_grid(ImDrawList* draw, const PlotStyle& s, const Layout& l);
void draw_axes(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Panel& panel);
void draw_legend(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Panel& panel);
// A vertical colorbar in `bar` with its ticks and label to the right, and the masked-cell swatch
// under it when masked_label is not empty; nothing of it past x = `right` (its panel's or figure's
// edge), shortening or leaving out the labels that would be.
void draw_colorbar(ImDrawList* draw, const PlotStyle& s, const ImRect& bar,
                   const Colorbar& colorbar, float right);

}  // namespace posviz::gui
