#include "app/gui/plot/plot_transform.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/cancellation.h"
#include "core/figure/colormap.h"
#include "core/figure/ticks.h"
#include "core/layout/panel_layout.h"

namespace posviz::gui {

namespace {

double forward(const AxisRange& r, double v) {
    return r.log ? std::log10(v) : v;
}
double back(const AxisRange& r, double v) {
    return r.log ? std::pow(10.0, v) : v;
}

// heatmap_rgba's table of colours over the heatmap's range (its comment says why).
constexpr int k_lut_size = 4096;

// Cells in[0, n) into dst (4 bytes a cell) through `table` (k_lut_size entries); `position` maps
// a value to its place in [0, 1] on the colour scale; whether any cell took the masked colour.
// Written without branches or calls, with every pointer a restrict parameter and the linear
// scale's numbers captured by value, so that the compiler vectorises it (a gather from the
// table): as a lambda reading its pointers through the closure, GCC 12 found "no vector type"
// for the loads and left it scalar, 3 of a 2048² map's 5 ms of colouring on two cores.
template <class Position>
bool colour_cells(const double* __restrict in, const uint32_t* __restrict table,
                  uint8_t* __restrict dst, Eigen::Index n, uint32_t masked_colour,
                  Position position) {
    int masked_cells = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
        const double v = in[i];
        // t·k_lut_size clamped to the table (NaN to 0: it fails both comparisons); NaN and ±inf
        // fail the finite test and take the masked colour.
        double at = position(v) * k_lut_size;
        at = at >= 0.0 ? at : 0.0;
        at = at <= double(k_lut_size - 1) ? at : double(k_lut_size - 1);
        const uint32_t colour = table[int32_t(at)];
        const bool finite = std::abs(v) <= std::numeric_limits<double>::max();
        masked_cells += finite ? 0 : 1;
        const uint32_t rgba = finite ? colour : masked_colour;
        std::memcpy(dst + 4 * i, &rgba, 4);
    }
    return masked_cells > 0;
}

}  // namespace

double AxisTransform::to_pixel(double value) const {
    const double t = (forward(range, value) - forward(range, range.lo)) /
                     (forward(range, range.hi) - forward(range, range.lo));
    return pixel_lo + t * (pixel_hi - pixel_lo);
}

double AxisTransform::to_data(double pixel) const {
    const double t = (pixel - pixel_lo) / (pixel_hi - pixel_lo);
    const double lo = forward(range, range.lo), hi = forward(range, range.hi);
    return back(range, lo + t * (hi - lo));
}

AxisRange panel_axis_range(const Panel& panel, bool is_x) {
    const AxisMap map = axis_limits(panel, is_x ? panel.x : panel.y, is_x);
    return {map.lo, map.hi, map.log};
}

AxisRange zoom_range(const AxisTransform& axis, double anchor_pixel, double factor) {
    const AxisRange& r = axis.range;
    const double anchor = forward(r, axis.to_data(anchor_pixel));
    const double lo = anchor + (forward(r, r.lo) - anchor) * factor;
    const double hi = anchor + (forward(r, r.hi) - anchor) * factor;
    return {back(r, lo), back(r, hi), r.log};
}

AxisRange pan_range(const AxisTransform& axis, double pixels) {
    const AxisRange& r = axis.range;
    const double shift =
        (forward(r, r.hi) - forward(r, r.lo)) * pixels / (axis.pixel_hi - axis.pixel_lo);
    return {back(r, forward(r, r.lo) - shift), back(r, forward(r, r.hi) - shift), r.log};
}

std::optional<Cell> heatmap_cell_at(const Heatmap& h, double x, double y) {
    const double fx = (x - h.x0) / (h.x1 - h.x0), fy = (y - h.y0) / (h.y1 - h.y0);
    if (!(fx >= 0.0 && fx < 1.0 && fy >= 0.0 && fy < 1.0)) return std::nullopt;
    return Cell{int(fy * double(heatmap_rows(h))), int(fx * double(heatmap_cols(h)))};
}

double cell_centre_x(const Heatmap& h, int col) {
    return h.x0 + (col + 0.5) * (h.x1 - h.x0) / double(heatmap_cols(h));
}

double cell_centre_y(const Heatmap& h, int row) {
    return h.y0 + (row + 0.5) * (h.y1 - h.y0) / double(heatmap_rows(h));
}

Rgb heatmap_colour(const Heatmap& heatmap, const Theme& theme, double value) {
    const Colormap& colormap = find_colormap(heatmap.colormap);
    if (!std::isfinite(value)) return masked_colour(theme, colormap);
    return colormap.at(heatmap_colour_position(heatmap, value));
}

std::vector<uint8_t> heatmap_rgba(const Heatmap& heatmap, const Theme& theme, bool* any_masked) {
    // Through a table of k_lut_size colours over the heatmap's range, shared out between the
    // cores: a 2048² map is 4·10⁶ cells, and the colormap's own lookup per cell (clamps, a call,
    // three roundings) took a tenth of a second a panel. Listed colormaps (256 entries) come out
    // exactly as colormap.at gives them, since floor(t·4096)/16 floors to floor(t·256); the
    // interpolated RdBu_r is evaluated at each 1/4096's start, within a level of 255 of at.
    const Colormap& colormap = find_colormap(heatmap.colormap);
    const Range range = heatmap_range(heatmap);
    const double scale = 1.0 / (range.max - range.min);
    const ColourNorm norm = heatmap.norm;
    const bool linear = norm.kind == NormKind::Linear;
    auto byte = [](double v) { return uint32_t(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); };
    auto packed = [&](Rgb c) {  // RGBA bytes in memory order on a little-endian machine
        return byte(c.r) | byte(c.g) << 8 | byte(c.b) << 16 | 0xff000000u;
    };
    std::array<uint32_t, k_lut_size> lut;
    for (int i = 0; i < k_lut_size; ++i)
        lut[size_t(i)] = packed(colormap.at(double(i) / k_lut_size));
    const uint32_t masked = packed(masked_colour(theme, colormap));
    const Eigen::Index count = heatmap.values.size();
    std::vector<uint8_t> pixels(size_t(count) * 4);
    const double* values = heatmap.values.data();  // row-major: row 0 first
    uint8_t* out = pixels.data();
    const CancellationCheck cancellation;
    constexpr Eigen::Index k_chunk = 1 << 16;
    bool masked_seen = false;
#pragma omp parallel for schedule(static) reduction(|| : masked_seen) if (count > k_chunk)
    for (Eigen::Index first = 0; first < count; first += k_chunk) {
        if (cancellation.stop()) continue;
        const Eigen::Index n = std::min(count, first + k_chunk) - first;
        // The linear scale inline (most maps, and 4·10⁶ cells at L = 2048); a log or power scale
        // indexes the table by its own position, at a logarithm or power a cell.
        const bool chunk_masked =
            linear ? colour_cells(values + first, lut.data(), out + 4 * first, n, masked,
                                  [lo = range.min, scale](double v) { return (v - lo) * scale; })
                   : colour_cells(values + first, lut.data(), out + 4 * first, n, masked,
                                  [&](double v) { return colour_position(norm, range, v); });
        masked_seen = masked_seen || chunk_masked;
    }
    throw_if_cancelled();
    if (any_masked) *any_masked = masked_seen;
    return pixels;
}

HeatmapPixels heatmap_pixels(const Heatmap& heatmap, const Theme& theme) {
    HeatmapPixels pixels;
    pixels.rgba = heatmap_rgba(heatmap, theme, &pixels.has_masked);
    pixels.mips =
        rgba_mip_levels(pixels.rgba, int(heatmap.values.cols()), int(heatmap.values.rows()));
    return pixels;
}

std::vector<int> linked_panel_leaders(const Figure& figure) {
    auto same = [](const Panel& a, const Panel& b) {
        if (a.heatmap.has_value() != b.heatmap.has_value()) return false;
        if (a.heatmap && (heatmap_rows(*a.heatmap) != heatmap_rows(*b.heatmap) ||
                          heatmap_cols(*a.heatmap) != heatmap_cols(*b.heatmap)))
            return false;
        return panel_axis_range(a, true) == panel_axis_range(b, true) &&
               panel_axis_range(a, false) == panel_axis_range(b, false);
    };
    std::vector<int> leaders(figure.panels.size(), 0);
    for (size_t i = 0; i < figure.panels.size(); ++i) {
        leaders[i] = int(i);
        for (size_t j = 0; j < i; ++j)
            if (leaders[j] == int(j) && same(figure.panels[i], figure.panels[j])) {
                leaders[i] = int(j);
                break;
            }
    }
    return leaders;
}

}  // namespace posviz::gui
