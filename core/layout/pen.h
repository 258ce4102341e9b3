// What every step of the layout writes with: the theme, the language, the text measure and the
// display list it adds to (none: it only measures). Text is placed by anchor rather than by
// baseline, and fitted to the room it has (wrapped, in smaller type, or cut short), never clipped.
#pragma once

#include <string>
#include <vector>

#include "core/figure/page_geometry.h"
#include "core/figure/theme.h"
#include "core/layout/canvas.h"
#include "core/layout/display_list.h"
#include "core/layout/text_measure.h"

namespace posviz {

// Horizontal and vertical alignment of a text block at its anchor point (fractions: 0 = left or
// top, 0.5 = centre, 1 = right or bottom).
struct Align {
    double h = 0.0, v = 0.0;
};

struct Pen {
    const TextMeasure& measure;
    const Theme& theme;
    std::string lang;
    DisplayList* out = nullptr;  // where it draws; none while the layout only measures
    int panel = -1;              // the panel whose parts it draws (TextBlock::panel)
    double min_text_size =
        k_min_text_size;  // fit_label sets no label smaller (Canvas::min_text_size)

    TextStyle text_style(double size, FontWeight weight = FontWeight::Regular) const {
        return {lang, size, weight};
    }
    double width(const std::string& line, const TextStyle& style) const {
        return measure.measure(line, style).width;
    }
    Paint paint(const Colour& c) const { return {resolve_colour(theme, c), 1.0}; }
    // Width and height of a block of lines ('\n'-separated), lines 1.25 × size apart.
    Rect text_box(const std::string& text, const TextStyle& style) const;
    // Sets a block of lines with its anchor at (x, y); returns the rectangle it covers.
    Rect text(const std::string& text, const TextStyle& style, double x, double y, Align align,
              Rgb colour, TextRole role, bool numeric = false) const;
    // The same turned 90° counter-clockwise (y-axis and colorbar labels); (x, y) is the centre.
    void vertical_text(const std::string& text, const TextStyle& style, double x, double y,
                       Rgb colour, TextRole role) const;
    // One text item a line of `text` set in `frame` (before the turn by `rotation` about
    // `pivot`), each line placed across the frame's width by `align_h`, all of block `block`.
    void text_lines(const std::string& text, const TextStyle& style, Rgb colour, Rect frame,
                    double align_h, Point pivot, double rotation, size_t block) const;
    // The text as it fits in max_width: as it is, else wrapped at spaces (and between Chinese
    // characters) onto at most max_lines lines, a line that still does not fit cut short with
    // "…". Titles and labels go through this rather than being clipped by the canvas.
    std::string fit_text(const std::string& text, const TextStyle& style, double max_width,
                         int max_lines) const;
    // A title as it fits in max_width: on at most two lines; where two would cut it short with
    // "…" (the permutation figure's "attention(PX) − P·attention(X)·Pᵀ" over its largest value
    // in a paper column, a subtitle of parameters and a citation), on three (decision, issue 22,
    // defect 3: a title is never cut where a third line can hold it whole).
    std::string fit_title(const std::string& title, const TextStyle& style, double max_width) const;
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

    // A stroke `width` points wide before the theme's line_scale; dashed: long dashes
    // proportional to the width.
    StrokeStyle stroke(double width, bool dashed = false) const;
    void add(DisplayItem item) const {
        if (out) out->items.push_back(std::move(item));
    }
    void lines(std::vector<Polyline> lines, Rgb colour, StrokeStyle style) const;
    void box(Rect r, std::optional<Paint> fill, std::optional<Paint> stroke,
             StrokeStyle style = {}) const;
    // A light box behind text (boxed notes, legends): r grown by pad on every side.
    void note_background(Rect r, double pad) const;
};

std::vector<std::string> split_lines(const std::string& text);

}  // namespace posviz
