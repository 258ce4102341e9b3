// The arithmetic of the plot widget, kept apart from ImGui and OpenGL so that tests can check it:
// data ↔ pixel mapping (linear and log axes), zoom and pan, the heatmap cell under the mouse and
// the heatmap's colours.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "app/gui/plot/heatmap_mipmaps.h"
#include "core/figure/figure.h"
#include "core/figure/theme.h"

namespace posviz::gui {

// The data limits of one axis. Log axes have lo, hi > 0 and zoom and pan in log space.
struct AxisRange {
    double lo = 0.0, hi = 1.0;
    bool log = false;
    bool operator==(const AxisRange&) const = default;
};

// One axis laid onto pixels: range.lo lands on pixel_lo, range.hi on pixel_hi. A y axis that grows
// upwards has pixel_lo at the bottom edge; an inverted one (heatmap rows) at the top.
struct AxisTransform {
    AxisRange range;
    double pixel_lo = 0.0, pixel_hi = 1.0;
    double to_pixel(double value) const;
    double to_data(double pixel) const;
};

// A panel's own axis limits before any zoom: the layout's (core/layout/panel_layout.h).
AxisRange panel_axis_range(const Panel& panel, bool is_x);

// Zoom by `factor` (< 1 zooms in) about the data value under anchor_pixel, which stays in place.
AxisRange zoom_range(const AxisTransform& axis, double anchor_pixel, double factor);
// Drag by `pixels`: the data under the mouse moves with it.
AxisRange pan_range(const AxisTransform& axis, double pixels);

// The heatmap cell that contains data point (x, y), if any.
struct Cell {
    int row = 0, col = 0;
};
std::optional<Cell> heatmap_cell_at(const Heatmap& heatmap, double x, double y);
// Data coordinates of a cell's centre (integers with the default −0.5 edges).
double cell_centre_x(const Heatmap& heatmap, int col);
double cell_centre_y(const Heatmap& heatmap, int row);

// Compared maps are linked: for each panel, the first panel of the figure with the same default
// limits and, for heatmaps, the same shape. Panels with the same leader share one zoom, and the
// cell hovered in one is outlined in all of them.
std::vector<int> linked_panel_leaders(const Figure& figure);

// The colour of one value: the colormap over heatmap_range; NaN and ±inf take the theme's masked
// colour.
Rgb heatmap_colour(const Heatmap& heatmap, const Theme& theme, double value);
// A heatmap's colours made ahead of time (on a figure's worker thread), and whether any cell took
// the masked colour: the UI thread then neither colours nor scans millions of cells.
struct HeatmapPixels {
    std::vector<uint8_t> rgba;
    std::vector<MipLevel> mips;  // rgba's mipmap levels (heatmap_mipmaps.h)
    bool has_masked = false;
};

// RGBA8 pixels of the whole heatmap, one per cell, row 0 first: the texture the widget draws.
// `any_masked`, if given, says whether any cell took the masked colour. Stops at the current
// cancellation token (core/cancellation.h).
std::vector<uint8_t> heatmap_rgba(const Heatmap& heatmap, const Theme& theme,
                                  bool* any_masked = nullptr);
// heatmap_rgba and its mipmap levels (heatmap_mipmaps.h): what the heatmap's texture is made of.
HeatmapPixels heatmap_pixels(const Heatmap& heatmap, const Theme& theme);

}  // namespace posviz::gui
