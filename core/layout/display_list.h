// A laid-out figure as a plain display list, in the spirit of Dear ImGui's ImDrawList: boxes,
// polylines, arcs and markers, images with their colour mapping, lines of text with their font,
// anchor and rotation, and clip rectangles, in canvas units (points, y down), in drawing order.
// Painters (cairo for PNG, PDF and animation frames; the SVG writer) only draw it: every decision
// about where anything goes was taken by the layout (core/layout/figure_layout.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/figure/colour_norm.h"
#include "core/figure/figure.h"
#include "core/figure/page_geometry.h"
#include "core/layout/text_measure.h"

namespace posviz {

struct Point {
    double x = 0.0, y = 0.0;
};

enum class LineCap { Round, Butt };

// How a line is stroked: its width in canvas units (the theme's line scale applied), dashes (on,
// off, … lengths; none: solid), cap; joins are round.
struct StrokeStyle {
    double width = 1.0;
    std::vector<double> dashes;
    LineCap cap = LineCap::Round;
};

struct Paint {
    Rgb colour;
    double alpha = 1.0;
};

// A rectangle, filled and/or outlined.
struct BoxItem {
    Rect box;
    std::optional<Paint> fill;
    std::optional<Paint> stroke;
    StrokeStyle style;
};

// Polylines drawn as one path: stroked, or (filled) closed and filled (arrowheads).
struct Polyline {
    std::vector<Point> points;
    bool closed = false;
};
struct PolylineItem {
    std::vector<Polyline> lines;
    Paint paint;
    StrokeStyle style;
    bool filled = false;
};

// A circular arc (a whole circle from 0 to 2π), angles in canvas space (y down: clockwise),
// swept from a0 to a1 in the positive direction unless `negative`.
struct ArcItem {
    Point centre;
    double radius = 0.0, a0 = 0.0, a1 = 0.0;
    bool negative = false;
    Paint paint;
    StrokeStyle style;
};

// Filled discs of one radius (a line's markers).
struct MarkersItem {
    std::vector<Point> centres;
    double radius = 1.0;
    Paint paint;
};

// An image of cols × rows pixels (0xffRRGGBB, row 0 at the top) scaled onto `target`, mirrored
// where flip_x/flip_y say, one pixel per heatmap cell (or per block of cells on maps larger than
// an image may be), drawn without smoothing where a cell is at least a device pixel. What it
// shows: a heatmap's values through `colormap` over `range` by `norm`, or a colour bar's ramp.
struct ImageItem {
    enum class Kind { Heatmap, ColorbarRamp };
    Kind kind = Kind::Heatmap;
    int cols = 0, rows = 0;
    std::vector<uint32_t> pixels;
    Rect target;
    bool flip_x = false, flip_y = false;
    std::string colormap;
    Range range;
    ColourNorm norm;
    int panel = -1;
};

// What a block of text is for: the audit asks different things of tick labels and titles.
enum class TextRole {
    Title,
    Subtitle,
    PanelTitle,
    XTick,
    YTick,
    XLabel,
    YLabel,
    ColorbarTick,
    ColorbarLabel,
    MaskedKey,
    Legend,
    Note,
    ArrowLabel,
    CellValue,
};

// A block of text (one or more lines) as laid out: its whole box on the canvas, whatever its
// rotation.
struct TextBlock {
    std::string text;
    Rect box;
    double size = 0.0;
    TextRole role = TextRole::Note;
    int panel = -1;        // the panel it belongs to; −1: the figure's (title, shared colour bar)
    bool numeric = false;  // ticks: of an axis with automatic (numeric) ticks
};

// One line of one block: drawn with its baseline's left end at `origin` in the block's own
// frame, which is turned by `rotation` (radians, counter-clockwise as seen) about `pivot`.
struct TextItem {
    std::string text;
    TextStyle style;
    Paint paint;
    Point origin;
    Point pivot;
    double rotation = 0.0;
    size_t block = 0;  // into DisplayList::blocks
};

// Everything after a ClipItem up to its matching UnclipItem is clipped to its rectangle.
struct ClipItem {
    Rect box;
};
struct UnclipItem {};

using DisplayItem = std::variant<BoxItem, PolylineItem, ArcItem, MarkersItem, ImageItem, TextItem,
                                 ClipItem, UnclipItem>;

struct DisplayList {
    double width = 0.0, height = 0.0;  // the canvas, in points
    std::optional<Rgb> background;     // none: transparent
    std::vector<DisplayItem> items;
    std::vector<TextBlock> blocks;
};

}  // namespace posviz
