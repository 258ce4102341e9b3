// What every drawing step of the renderer needs: the cairo context, the theme and the language
// (for fonts), with text helpers that align by anchor rather than by baseline.
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

#include "app/render/text.h"
#include "core/figure/page_geometry.h"
#include "core/figure/theme.h"

namespace posviz {

// Horizontal and vertical alignment of a text block at its anchor point (fractions: 0 = left or
// top, 0.5 = centre, 1 = right or bottom).
struct Align {
    double h = 0.0, v = 0.0;
};

// A block of text as drawn, in page points (the figure's coordinates, y down): what the layout
// test checks for overlaps, for text leaving the canvas and for type below 6 pt.
struct PlacedText {
    std::string text;
    Rect box;
    double size = 0.0;  // points
};

struct Painter {
    cairo_t* cr;
    const Theme& theme;
    std::string lang;
    std::vector<DrawnLine>* text_log = nullptr;  // every line drawn, for SVG <text> (render.h)
    std::vector<PlacedText>* placed = nullptr;   // every block drawn, for the layout test

    TextStyle text_style(double size, FontWeight weight = FontWeight::Regular) const {
        return {lang, size, weight};
    }
    void set_colour(Rgb c, double alpha = 1.0) const {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha);
    }
    void set_colour(const Colour& c) const { set_colour(resolve_colour(theme, c)); }
    // Width and height of a block of lines ('\n'-separated), lines 1.25 × size apart.
    Rect text_box(const std::string& text, const TextStyle& style) const;
    // Draws a block of lines in the current colour; returns the rectangle it covers.
    Rect text(const std::string& text, const TextStyle& style, double x, double y,
              Align align) const;
    // The same turned 90° counter-clockwise (y-axis and colorbar labels); (x, y) is the centre.
    void vertical_text(const std::string& text, const TextStyle& style, double x, double y) const;
    // The text as it fits in max_width: as it is, else wrapped at spaces (and between Chinese
    // characters) onto at most max_lines lines, a line that still does not fit cut short with
    // "…". Titles and labels go through this rather than being clipped by the canvas.
    std::string fit_text(const std::string& text, const TextStyle& style, double max_width,
                         int max_lines) const;
    // An axis or colour-bar label as it is set in max_width: the first of these that fits
    // (decision, as matplotlib users fix such labels by hand): on one line, then on two
    // (core/figure/label_lines.h), at `size`; then the same in type smaller by half points, down
    // to three quarters of `size` and never below 6 pt; else on the same two lines at the
    // smallest of those sizes, each cut short with "…" as fit_text cuts. A label is never cut
    // where it could be set whole.
    struct Label {
        std::string text;
        double size = 0.0;
        bool operator==(const Label&) const = default;
    };
    Label fit_label(const std::string& text, double size, double max_width) const;
};

std::vector<std::string> split_lines(const std::string& text);

}  // namespace posviz
