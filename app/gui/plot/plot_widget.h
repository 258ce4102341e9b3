// The plot widget: draws a posviz::Figure — the very description the cairo exporter writes to
// PNG/SVG/PDF — with ImDrawList: title and subtitle, panels in their grid, axes with the shared
// nice ticks (core/figure/ticks.h), axis labels, legends, heatmaps as OpenGL textures with their
// colorbars, lines, arrows, circles, arcs and notes. The mouse wheel zooms about the pointer, a
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

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/plot/plot_transform.h"
#include "core/figure/figure.h"
#include "core/figure/theme.h"

namespace posviz::gui {

struct PlotStyle {
    const Theme* theme = nullptr;     // the figure's colours (and the masked-cell colour)
    ImFont* body = nullptr;           // ticks, axis labels, legends, notes, subtitle
    ImFont* heading = nullptr;        // figure and panel titles
    float pixels_per_point = 1.333f;  // figure line widths are in points
    bool subtitle = true;             // lecture mode leaves the figure's parameters behind C
    // Lecture mode leaves out the figure's own title: the storyline bar's slide title above it
    // says what the figure shows, and the line goes to the data.
    bool title = true;
    // A legend that hides data in every corner may go below the plot in as many columns as fit,
    // as exports put it, where that leaves the plot box more room than a column beside it: on a
    // wide screen a legend of long labels beside the box takes a quarter of its width.
    bool legend_below = false;
    // Colour bars a little narrower and closer to their maps (0.7 and 0.6 of the body text, not
    // 1.1 and 0.9): their colours are what reads from afar, and in lecture mode's large type a
    // wide bar beside every map takes width the maps need.
    bool thin_colorbars = false;
    // How far a map that keeps its shape (square cells) may stretch them to fill its tile: a cell
    // up to map_stretch times as wide as high, or as high as wide (matplotlib's aspect='auto',
    // bounded). Curves' circles stay round whatever this says.
    float map_stretch = 1.0f;
    // A figure placed for a style is placed alike for an equal one (the plot widget keeps it).
    bool operator==(const PlotStyle&) const = default;
};

// Decision: maps keep square cells except in lecture mode, where they may stretch to 2:1 (the
// projected screen cannot be made larger, a window can). Square maps cannot use a 16:9 screen
// (three in a row cover 29 % of it); from the back row a bigger map reads better than a square
// one, and at 2:1 its rows, columns and the diagonals of constant m − n are still plain to see —
// the diagonal of a square map runs at 27° instead of 45°, still a diagonal; stretched further, a
// map starts to look like a different matrix. At 1.5:1 at 1080 p the three relative maps stopped
// 130 px short of the height they had, and each of the four logit terms (2 × 2) 180 px short of
// its width.
// The grid is still chosen for square cells (place_panels): the stretch fills it.
constexpr float k_lecture_map_stretch = 2.0f;

// What the mouse is doing over a figure this frame.
struct PlotHover {
    int panel = -1;            // the panel under the mouse; -1: none
    double x = 0.0, y = 0.0;   // the mouse in that panel's data coordinates
    std::optional<Cell> cell;  // the heatmap cell under the mouse
    bool clicked = false;      // the left button went up without a drag
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

// The next PlotFigure(id, …) in this window shows every panel at its own limits again.
void ResetPlotView(const char* id);

}  // namespace posviz::gui
