// Where a panel's parts go inside its grid cell, in pixels: the plot widget's counterpart of the
// file renderer's panel layout. Ticks that fit, margins measured from the real labels, the plot
// box, the colorbar beside it, the title and legend as they fit. Internal to the plot widget.
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

#include <string>
#include <vector>

#include "app/gui/plot/plot_transform.h"
#include "app/gui/plot/plot_widget.h"
#include "core/figure/outer_labels.h"
#include "core/figure/ticks.h"

namespace posviz::gui {

// Spacing around a plot box, in pixels, proportional to the text size (as the file renderer
// scales its margins with the tick font).
struct Metrics {
    float text, pad, tick, bar_width, bar_gap;
    explicit Metrics(const PlotStyle& s)
        : text(s.body->FontSize),
          pad(0.35f * text),
          tick(0.4f * text),
          bar_width(s.thin_colorbars ? 0.7f * text : 1.1f * text),
          bar_gap(s.thin_colorbars ? 0.6f * text : 0.9f * text) {}
};

struct Layout {
    ImRect box;       // the plot area
    ImRect free_box;  // the area it could take before rows and equal aspect shrink it
    AxisTransform x, y;
    Ticks x_ticks, y_ticks;
    bool colorbar = false;  // the heatmap's own, right of the box
    ImRect bar;
    // The title as it fits the cell: in the heading font, else the body font, lines shortened.
    ImFont* title_font = nullptr;
    std::string title;
    float title_x = 0.0f;                   // the title's centre: over the box, within the cell
    float x_label_room = 0.0f;              // the x label's width at most (it is shortened to fit)
    bool x_label = false, y_label = false;  // whether the axis labels are drawn
    // The y label as drawn: on one line, else on two beside each other (as the exports set it,
    // core/figure/label_lines.h), shortened with "…" only where even two do not fit the box.
    std::string y_label_text;
    // Whether the tick labels are drawn: not where a neighbour shows the same axis
    // (hide_repeated_tick_labels); the tick marks stay.
    bool x_tick_labels = true, y_tick_labels = true;
    // Where the legend goes, as the file renderer decides it (core/figure/legend_corner.h): a
    // corner of the box where it hides no data (unless the panel put it outside); else right of
    // the box (Outside) if it takes at most 45 % of the cell; else the corner where it hides the
    // least; else, in a box too small for it, nowhere (the curves' tooltips name them). The
    // screen has no legend below the box, as exports do: its tiles are short already.
    // In lecture mode (PlotStyle::legend_below) a legend may instead go below the box, in
    // columns, where that leaves the box more room than beside it (also called Outside).
    LegendPosition legend = LegendPosition::None;
    ImRect legend_box;  // with its background
    int legend_columns = 1;
};

// Where a panel's plot box goes in a grid. Panels side by side in a figure row share the top and
// height of their boxes, so that heatmaps with and without a y label still line up; panels one
// above another in a column that show one x axis keep their boxes within the part of it they all
// leave them, so that their x axes line up (and maps of one size can leave their x tick labels to
// the bottom one). width 0: no column (a panel alone in its column, or in a wide last row, or
// over a different x axis).
struct BoxSpan {
    float top = 0.0f, height = 0.0f;
    float left = 0.0f, width = 0.0f;
};

// The layout for the axis ranges the panel shows now; `span`, if given, fixes the box's top and
// height, and its left edge and width if it has one. has_masked: the heatmap has masked cells (its
// colorbar then needs room for the swatch). `labels`: the axis labels and tick labels the grid
// leaves to this panel (grid_axis_labels); a cramped panel goes without its axis labels anyway.
Layout layout_panel(const Panel& panel, const PlotStyle& s, const ImRect& cell,
                    const AxisRange& x_range, const AxisRange& y_range, bool has_masked,
                    const BoxSpan* span, AxisLabels labels = {});

// The colorbar of a heatmap as the GUI knows it: whether it has masked cells comes from its
// colouring (the values may be on the GPU), not from a scan.
Colorbar panel_colorbar(const Heatmap& heatmap, bool has_masked);
// A log colour scale marks decades; other norms take linear ticks (placed by colour_position).
Ticks colorbar_ticks(const Colorbar& colorbar, float length, const PlotStyle& s);
// The colorbar's label as it goes beside a bar `length` pixels long, reading upwards: on two lines
// where one is longer than the bar (ALiBi's "bias b(m, n) (logit units)" beside a short bar),
// rather than cut short; empty where even two lines would be cut short ("te… (lo…" beside a map
// in a small tile said nothing, and took the width the map needed: the tooltip names the value).
std::string colorbar_label(const PlotStyle& s, const Colorbar& colorbar, float length);
// Width of a colorbar with its tick labels, its (vertical) label and the masked-cell swatch's
// label under it, if any.
float colorbar_space(const PlotStyle& s, const Colorbar& colorbar, float length);

// The labelled lines, in order, unless the panel has no legend.
std::vector<const LineSeries*> legend_entries(const Panel& panel);
// Filled column by column, as matplotlib does.
ImVec2 legend_size(const PlotStyle& s, const std::vector<const LineSeries*>& entries,
                   int columns = 1);
// From one column's left edge to the next's: an entry and the gap after it.
float legend_column_width(const PlotStyle& s, const std::vector<const LineSeries*>& entries);
// How many columns fit in `width`, the entries' count at most.
int legend_columns(const PlotStyle& s, const std::vector<const LineSeries*>& entries, float width);

// Where an annotation's text goes: its anchor on the screen and its alignment there.
struct NotePlacement {
    ImVec2 at, align;
};
NotePlacement note_placement(const Layout& l, const Annotation& a);
// The rectangle an annotation covers, its background box included.
ImRect note_box(const PlotStyle& s, const Layout& l, const Annotation& a);

// A point a line can be drawn through: finite, and positive on log axes.
bool drawable(const Layout& l, double x, double y);

}  // namespace posviz::gui
