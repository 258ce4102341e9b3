// The figure model: everything posviz draws, as plain data. The figure builders (core/figures/)
// fill it from a Scene; the cairo renderer (app/render/) draws it to PNG/SVG/PDF and the GUI draws
// the same structs on screen, so an exported file shows exactly what the user saw. No drawing
// library types here: colours are theme-relative or plain RGB, coordinates are data units.
#pragma once

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/figure/colour_norm.h"
#include "core/figure/device_matrix.h"
#include "core/types.h"

namespace posviz {

// sRGB components in [0, 1] (as stored in image files, not linear light).
struct Rgb {
    double r = 0.0, g = 0.0, b = 0.0;
    bool operator==(const Rgb&) const = default;
};

// Colours refer to the theme where they can, so that one figure reads well on paper (light) and
// on a projector (dark): a palette slot, the text colour, the muted grey, or a fixed RGB.
struct Colour {
    enum class Kind { Palette, Foreground, Muted, Fixed };
    Kind kind = Kind::Palette;
    int palette_index = 0;
    Rgb rgb;

    static Colour palette(int index) { return {Kind::Palette, index, {}}; }
    static Colour foreground() { return {Kind::Foreground, 0, {}}; }
    static Colour muted() { return {Kind::Muted, 0, {}}; }
    static Colour fixed(Rgb rgb) { return {Kind::Fixed, 0, rgb}; }
};

enum class AxisScale { Linear, Log };

struct Axis {
    std::string label;
    AxisScale scale = AxisScale::Linear;
    // Unset limits follow the data (lines, arrows, circles, heatmap extents).
    std::optional<double> min, max;
    // Explicit ticks replace the automatic ones; labels, if given, must match them one to one.
    std::vector<double> ticks;
    std::vector<std::string> tick_labels;
    // Heatmaps put row 0 at the top, like a printed matrix: the y axis then grows downwards.
    bool inverted = false;
};

// How a line is stroked: solid, or one of matplotlib's three patterns ('--', '-.', ':'), their
// lengths proportional to the line's width (core/layout/series_style.h).
enum class LineDash { Solid, Dashed, DashDot, Dotted };
// A line's markers: none, or a filled shape of the line's colour.
enum class MarkerShape { None, Dot, Square, Triangle, Diamond };

struct LineSeries {
    std::string label;         // empty: not in the legend
    std::vector<double> x, y;  // same length; a NaN y breaks the line
    Colour colour;
    double width = 1.5;  // points
    LineDash dash = LineDash::Solid;
    MarkerShape marker = MarkerShape::None;
    int marker_every = 1;  // a marker at every marker_every-th point (from the first)
    bool steps = false;    // a staircase (steps change halfway between points): integer-valued data
};

// The k-th series of a plot: palette colour k, and with it dash k mod 4 (solid, dashed,
// dash-dot, dotted) and from the fifth series on a marker (dot, square, triangle, diamond for
// k / 4 = 1, 2, 3, 4, about a dozen per line), so that every series stays apart in greyscale
// print and to colour-blind readers, as matplotlib's cycler pairs colours with line styles.
void set_series_style(LineSeries& series, int k);

// How a heatmap maps values to colours. Data: [min, max] of the finite values. Symmetric:
// [-a, a] with a = max |finite value|, so that 0 sits at the centre of a diverging map. Fixed:
// vmin/vmax as given (figures that share limits across panels compute them once).
enum class ColourLimits { Data, Symmetric, Fixed };

// What one pass over a heatmap's values finds: the extremes of its finite values (min > max when
// there are none) and whether any cell is masked (NaN or ±inf).
struct ValueSummary {
    double min = INFINITY, max = -INFINITY;
    bool masked = false;
};

struct Heatmap {
    Matrix
        values;  // row r, column c; NaN and ±inf are "masked" (drawn in the theme's masked colour)
    // Instead of `values` (then empty): values kept on the device that computed them, which only
    // the GUI draws (core/figure/device_matrix.h). Such a heatmap has Fixed limits.
    std::shared_ptr<const DeviceMatrix> device;
    std::string colormap = "viridis";
    ColourLimits limits = ColourLimits::Data;
    double vmin = 0.0, vmax = 1.0;  // used when limits == Fixed
    ColourNorm norm;                // how values between the limits map to colours
    std::string colorbar_label;
    bool colorbar = true;
    // Shown beside a swatch of the masked colour under the colorbar when any cell is masked
    // (e.g. "masked (−∞)"); in the figure's language, so set by the builder.
    std::string masked_label;
    // Data coordinates of the outer edges: column c spans x0 + c·(x1 − x0)/cols, row r likewise
    // from y0 (top edge, row 0) to y1. Cell centres sit on integers with the default −0.5 edges.
    double x0 = -0.5, x1 = 0.0, y0 = -0.5, y1 = 0.0;
    // A map of a different quantity than its neighbours (a difference A − B beside A and B): it
    // keeps its own colours, never joining a shared scale or --vmin/--vmax/--norm
    // (core/figures/colour_scale.h).
    bool own_scale = false;
    // `values` summarised once they are final (summarise_heatmaps, run by build_figure), so that
    // the colour pass, the colouring and every frame's colour bar read it instead of passing over
    // millions of cells again (at L = 2048 each pass was ~15 ms of one core). Whatever changes
    // `values` after that must reset it.
    std::optional<ValueSummary> summary;
};

// A heatmap from a matrix with cell centres on 0..cols−1 and 0..rows−1.
Heatmap matrix_heatmap(Matrix values, std::string colormap, ColourLimits limits);

// Its shape and entries, wherever the values are.
int heatmap_rows(const Heatmap& heatmap);
int heatmap_cols(const Heatmap& heatmap);
double heatmap_value(const Heatmap& heatmap, int row, int col);
bool heatmap_has_masked(const Heatmap& heatmap);
// The heatmap's summary: the stored one, else a pass over `values` (split across the cores for
// large maps). Device heatmaps have none to pass over (their limits are Fixed).
ValueSummary heatmap_summary(const Heatmap& heatmap);

// The colour limits a heatmap resolves to (see ColourLimits), as its norm can use them
// (norm_range); never an empty range.
Range heatmap_range(const Heatmap& heatmap);
// The position of a value on the heatmap's colormap, in [0, 1]: its norm over heatmap_range.
double heatmap_colour_position(const Heatmap& heatmap, double value);

struct Arrow {
    double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;  // data coordinates, head at (x1, y1)
    Colour colour = Colour::foreground();
    double width = 1.5;
    std::string label;  // drawn just beyond the head
};

struct Circle {
    double cx = 0.0, cy = 0.0, radius = 1.0;  // data units (draw with equal aspect)
    Colour colour = Colour::muted();
    double width = 1.0;
    bool dashed = false;
};

// Circular arc from angle a0 to a1 (radians, counter-clockwise from +x), e.g. the angle m·θᵢ.
struct Arc {
    double cx = 0.0, cy = 0.0, radius = 1.0, a0 = 0.0, a1 = 0.0;
    Colour colour = Colour::foreground();
    double width = 1.0;
};

// Where an annotation's anchor point lies: in data units, or as fractions of the plot box
// (0,0 = bottom left, 1,1 = top right) for notes that must not move with the data.
enum class AnnotationPlace { Data, Box };
enum class Anchor { Left, Centre, Right };

struct Annotation {
    std::string text;  // may hold several lines separated by '\n'
    double x = 0.0, y = 0.0;
    AnnotationPlace place = AnnotationPlace::Data;
    Anchor anchor = Anchor::Left;  // horizontal alignment at (x, y); vertically centred
    Colour colour = Colour::foreground();
    bool boxed = false;  // on a background box, for worked formulas over busy plots
};

// Inside the plot box at a corner, or Outside to the right of it (for curves that fill the box).
enum class LegendPosition { None, UpperRight, UpperLeft, LowerRight, LowerLeft, Outside };

struct Panel {
    std::string title;
    Axis x, y;
    std::optional<Heatmap> heatmap;  // drawn first, under everything else
    std::vector<LineSeries> lines;
    std::vector<Circle> circles;
    std::vector<Arc> arcs;
    std::vector<Arrow> arrows;
    std::vector<Annotation> annotations;
    LegendPosition legend = LegendPosition::UpperRight;
    bool equal_aspect = false;  // one x unit as long as one y unit (square matrices, circles)
    bool grid = true;           // light grid lines at the ticks (never over a heatmap)
};

// One colorbar for all heatmaps of a figure that share colour limits (compare and permutation
// figures), drawn right of the grid; their own `colorbar` flags are then false.
struct Colorbar {
    std::string colormap = "viridis";
    Range range;
    ColourNorm norm;
    std::string label;
    std::string masked_label;  // non-empty: a masked-colour swatch with this label under the bar
    // Set when every value the bar stands for is this one (a constant map): the bar is drawn in
    // that value's colour, with one tick, rather than as a scale the map does not span.
    std::optional<double> constant;
};

// The colorbar a heatmap shows beside itself (with the masked swatch only if a cell is masked).
Colorbar heatmap_colorbar(const Heatmap& heatmap);

struct Figure {
    std::string title;
    std::string subtitle;  // one line under the title: the parameters that produced it
    int rows = 1, cols = 1;
    std::vector<Panel> panels;  // row-major, rows·cols of them (fewer leaves cells empty)
    std::optional<Colorbar> colorbar;
    // Lines every panel draws alike (a reference curve, a marked length), keyed once under the
    // subtitle in as many columns as fit, as matplotlib's Figure.legend does, instead of a legend
    // in every panel. A panel's lines labelled as a key entry need no legend of their own.
    std::vector<LineSeries> key;
    // Compared maps whose point is how their ranges differ (ALiBi's heads, one slope each) share
    // one colour scale unless told otherwise (core/figures/colour_scale.h).
    bool prefer_shared_scale = false;
    // The size it was designed for, in inches; exports use it unless told otherwise.
    double width_in = 6.4, height_in = 4.8;
};

// Stores the summary of every host heatmap of the figure (Heatmap::summary).
void summarise_heatmaps(Figure& figure);

}  // namespace posviz
