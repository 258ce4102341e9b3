// The plot widget: lays a posviz::Figure out with the one layout every export uses
// (core/layout/figure_layout.h) — a canvas the size of the widget, in the UI's type — and paints
// the display list with ImDrawList (imgui_painter.h), heatmaps as OpenGL textures: what an
// export of this size shows, the screen shows. The mouse wheel zooms about the pointer, a
// drag pans, a double click (or "Reset view" in the right-click menu, or ResetPlotView) goes back
// to the figure's own limits; hovering a heatmap names the cell (m, n, m − n) and its value,
// hovering a curve the nearest point; the caller's notes add the formula with the hovered cell's
// or point's numbers.
//
// Compared maps are linked: panels of a figure with the same limits and heatmap shape (scores
// --compare, the difference map, the permutation grid) share one zoom, and the cell hovered in
// one is outlined in all of them, the tooltip giving each one's value.
//
//   posviz::gui::PlotFigure("scores", figure, version, style, ImGui::GetContentRegionAvail());
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/plot/imgui_painter.h"
#include "app/gui/plot/plot_transform.h"
#include "core/figure/figure.h"
#include "core/figure/theme.h"
#include "core/layout/figure_layout.h"

namespace posviz::gui {

constexpr float k_screen_pixels_per_point = 96.0f / 72.0f;

struct PlotStyle {
    const Theme* theme = nullptr;  // the figure's colours (and the masked-cell colour)
    ImFont* body = nullptr;        // ticks, axis labels, legends, notes, subtitle
    ImFont* heading = nullptr;     // figure and panel titles
    // A screen pixel is 1/96 in, as CSS has it (times the monitor's content scale): a view of
    // W × H pixels is laid out as an export of W/96 × H/96 in, in the UI's type.
    float pixels_per_point = k_screen_pixels_per_point;
    bool subtitle = true;  // lecture mode leaves the figure's parameters behind C
    // Lecture mode leaves out the figure's own title: the storyline bar's slide title above it
    // says what the figure shows, and the line goes to the data.
    bool title = true;
    // How far a map that keeps its shape (square cells) may stretch them to fill its tile
    // (core/layout/panel_layout.h's PanelView::map_stretch).
    float map_stretch = 1.0f;
    // A figure placed for a style is placed alike for an equal one (the plot widget keeps it).
    bool operator==(const PlotStyle&) const = default;
};

// Decision: maps keep square cells except in lecture mode, where they may stretch to 2:1 (the
// projected screen cannot be made larger, a window can). Square maps cannot use a 16:9 screen
// (three in a row cover 29 % of it); from the back row a bigger map reads better than a square
// one, and at 2:1 its rows, columns and the diagonals of constant m − n are still plain to see —
// the diagonal of a square map runs at 27° instead of 45°, still a diagonal; stretched further, a
// map starts to look like a different matrix. The grid is still chosen for square cells: the
// stretch fills it.
constexpr float k_lecture_map_stretch = 2.0f;

// What the mouse is doing over a figure this frame.
struct PlotHover {
    int panel = -1;            // the panel under the mouse; -1: none
    double x = 0.0, y = 0.0;   // the mouse in that panel's data coordinates
    std::optional<Cell> cell;  // the heatmap cell under the mouse
    bool clicked = false;      // the left button went up without a drag
    // Not the mouse's: the shorter side of the smallest panel's plot box, in pixels (0: none laid
    // out), which the desk keeps from falling under a readable size (app.cpp).
    float smallest_plot = 0.0f;
};

// Draws `figure` into a `size` pixel region at the cursor and advances the cursor past it.
// `version` must change whenever the figure's data does: heatmap textures are uploaded only then.
// overlays[i], when given, is drawn over panel i in its axes: marks such as a linked cursor,
// added by the caller without copying the figure. heatmap_pixels[i], when given, is panel i's
// heatmap_rgba (and masked flag) for style.theme, made ahead of time (the figure's worker thread
// does that).
// cell_note, when given, adds lines to a hovered heatmap cell's tooltip (the encoding's formula
// with this cell's numbers): called with the panel index and the cell, at most once a frame.
using CellNote = std::function<std::string(int panel, const Cell& cell)>;
// curve_note, the same for the point of a curve the tooltip names: line `line` of panel `panel`
// at x (the point's own x).
using CurveNote = std::function<std::string(int panel, int line, double x)>;
PlotHover PlotFigure(const char* id, const Figure& figure, uint64_t version, const PlotStyle& style,
                     ImVec2 size, const std::vector<Panel>& overlays = {},
                     const std::vector<HeatmapPixels>& heatmap_pixels = {},
                     const CellNote& cell_note = {}, const CurveNote& curve_note = {});

// What hovering a heatmap cell names first: its row and column (a token axis's word with its
// index), m − n for a square map, and its value — each linked map's, by its title's first line
// and its colour bar's label, where `linked` holds more than `panel`.
std::string heatmap_cell_text(const Panel& panel, const Cell& cell,
                              const std::vector<const Panel*>& linked);

// The next PlotFigure(id, …) in this window shows every panel at its own limits again.
void ResetPlotView(const char* id);

// What a layout test reads: every text block the plot widget draws while a log is set, in
// pixels, with the rectangle it must stay in (its panel's cell; the figure's area for the
// figure's own title, subtitle and shared colorbar); each panel's plot box, the area its data
// gets; and each figure as laid out, with where it went on the screen.
struct PlacedTextBox {
    std::string text;
    ImRect box, within;
};
struct PlacedFigure {
    const Figure* figure = nullptr;  // valid while its view keeps it (until the next build)
    LaidOutFigure layout;
    ScreenPlacement at;
    Canvas canvas;
    FigureView view;
};
struct PlacedTextLog {
    std::vector<PlacedTextBox> boxes;
    std::vector<ImRect> plot_boxes;
    std::vector<PlacedFigure> figures;
};
// Null (the default) records nothing.
void set_placed_text_log(PlacedTextLog* log);

}  // namespace posviz::gui
