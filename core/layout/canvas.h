// What a figure is laid out for: a canvas of a physical size (points, or pixels at a DPI), the
// type set for that size, a theme and a language. Exports, handout tiles and (later) the screen
// are canvases of different sizes for one layout (core/layout/figure_layout.h).
#pragma once

#include <string>

#include "core/figure/theme.h"

namespace posviz {

// The smallest type any figure uses, in points.
constexpr double k_min_text_size = 6.0;

struct Canvas {
    double width = 460.8, height = 345.6;  // points (1/72 in)
    std::string theme = "light";           // light|dark (InputError("--theme") otherwise)
    std::string lang = "en";               // picks the leading font: zh → Noto Sans CJK SC
    bool transparent = false;              // no background
    // Points of the axis labels, the other sizes in the theme's proportions; 0: set for the
    // canvas (automatic_font_size), shrinking where the panels need it.
    double font_size = 0.0;
    // The screen's: font_size is the UI's body text, which shrinks as an automatic size does
    // where the panels need it (a small tile). An export's --font-size is kept as asked.
    bool font_size_shrinks = false;
    int cols = 0;           // panels per row; 0: the grid that best fits the canvas
    bool annotate = false;  // values in the cells of heatmaps of at most 16 × 16 (--annotate)
    // No label is set smaller to fit than this (a handout page's 14 pt; k_min_text_size).
    double min_text_size = k_min_text_size;

    // A canvas of w × h pixels at `dpi` (96 on screen): its size in points.
    static Canvas pixels(double w, double h, double dpi);
};

// Points of the axis labels (the body text) for a canvas of width × height points.
double automatic_font_size(double width, double height);

// The theme with every font size scaled so that its axis labels are label_size points, none
// below 6 pt, and its line widths scaled alike (never thinner than the paper theme's).
Theme theme_at_font_size(const Theme& theme, double label_size);

// Type that must shrink to fit (a figure in a crowded canvas, a long label) shrinks in steps of
// this many points.
constexpr double k_type_step = 0.5;

}  // namespace posviz
