#include "core/figure/figure.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace posviz {

Heatmap matrix_heatmap(Matrix values, std::string colormap, ColourLimits limits) {
    Heatmap h;
    h.x1 = double(values.cols()) - 0.5;
    h.y1 = double(values.rows()) - 0.5;
    h.values = std::move(values);
    h.colormap = std::move(colormap);
    h.limits = limits;
    return h;
}

void set_series_style(LineSeries& series, int k) {
    constexpr LineDash k_dashes[] = {LineDash::Solid, LineDash::Dashed, LineDash::DashDot,
                                     LineDash::Dotted};
    constexpr MarkerShape k_markers[] = {MarkerShape::None, MarkerShape::Dot, MarkerShape::Square,
                                         MarkerShape::Triangle, MarkerShape::Diamond};
    constexpr int k_markers_per_line = 12;
    k = std::max(k, 0);
    series.colour = Colour::palette(k);
    series.dash = k_dashes[k % 4];
    series.marker = k_markers[(k / 4) % 5];
    series.marker_every = series.marker == MarkerShape::None
                              ? 1
                              : std::max(1, int(series.x.size()) / k_markers_per_line);
}

int heatmap_rows(const Heatmap& heatmap) {
    return heatmap.device ? heatmap.device->rows() : int(heatmap.values.rows());
}

int heatmap_cols(const Heatmap& heatmap) {
    return heatmap.device ? heatmap.device->cols() : int(heatmap.values.cols());
}

double heatmap_value(const Heatmap& heatmap, int row, int col) {
    return heatmap.device ? heatmap.device->at(row, col) : heatmap.values(row, col);
}

bool heatmap_has_masked(const Heatmap& heatmap) {
    if (heatmap.device) return heatmap.device->any_masked();
    return heatmap_summary(heatmap).masked;
}

ValueSummary heatmap_summary(const Heatmap& heatmap) {
    if (heatmap.summary) return *heatmap.summary;
    // In memory order (Eigen's reductions read a row-major matrix column by column, missing the
    // cache at every entry of a large map), in chunks shared out between the cores.
    const double* values = heatmap.values.data();
    const Eigen::Index count = heatmap.values.size();
    constexpr Eigen::Index k_chunk = 1 << 16;
    double lo = INFINITY, hi = -INFINITY;
    bool masked = false;
#pragma omp parallel for schedule(static) reduction(min                   \
                                                    : lo) reduction(max   \
                                                                    : hi) \
    reduction(||                                                          \
              : masked) if (count > k_chunk)
    for (Eigen::Index first = 0; first < count; first += k_chunk) {
        const Eigen::Index last = std::min(count, first + k_chunk);
        double chunk_lo = INFINITY, chunk_hi = -INFINITY;
        int masked_cells = 0;
        // In vector lanes (4·10⁶ cells a map at L = 2048): GCC vectorises a minimum only when
        // told that the order of the comparisons does not matter — it does not here, since no
        // NaN reaches them (masked cells count as ±inf). Clang, as the fuzzers' Debug build
        // runs it, does not vectorise it and would warn that it did not.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpass-failed"
#endif
#pragma omp simd reduction(min : chunk_lo) reduction(max : chunk_hi) reduction(+ : masked_cells)
        for (Eigen::Index i = first; i < last; ++i) {
            const double v = values[i];
            const bool finite = std::abs(v) <= std::numeric_limits<double>::max();
            masked_cells += finite ? 0 : 1;
            chunk_lo = std::min(chunk_lo, finite ? v : INFINITY);
            chunk_hi = std::max(chunk_hi, finite ? v : -INFINITY);
        }
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
        lo = std::min(lo, chunk_lo);
        hi = std::max(hi, chunk_hi);
        masked = masked || masked_cells > 0;
    }
    return {lo, hi, masked};
}

void summarise_heatmaps(Figure& figure) {
    for (Panel& panel : figure.panels)
        if (panel.heatmap && !panel.heatmap->device) {
            panel.heatmap->summary.reset();  // a copy's summary may be of other values
            panel.heatmap->summary = heatmap_summary(*panel.heatmap);
        }
}

namespace {

// The range the heatmap's colours span before a constant matrix is given room: its fixed limits,
// or its finite values' (symmetric about 0 where asked).
Range unpadded_range(const Heatmap& heatmap) {
    Range r{heatmap.vmin, heatmap.vmax};
    if (heatmap.limits != ColourLimits::Fixed) {
        const ValueSummary summary = heatmap_summary(heatmap);
        double lo = summary.min, hi = summary.max;
        if (lo > hi) lo = hi = 0.0;  // nothing finite: any range will do
        if (heatmap.limits == ColourLimits::Symmetric) {
            const double a = std::max(std::abs(lo), std::abs(hi));
            lo = -a;
            hi = a;
        }
        r = {lo, hi};
    }
    return r;
}

}  // namespace

Range heatmap_range(const Heatmap& heatmap) {
    Range r = unpadded_range(heatmap);
    // A constant matrix still needs a range to divide by; centre it on the value.
    if (!(r.max > r.min)) {
        const double pad = r.min == 0.0 ? 1.0 : std::abs(r.min) * 0.5;
        r = {r.min - pad, r.max + pad};
    }
    return norm_range(heatmap.norm, r);
}

double heatmap_colour_position(const Heatmap& heatmap, double value) {
    return colour_position(heatmap.norm, heatmap_range(heatmap), value);
}

}  // namespace posviz

namespace posviz {

Colorbar heatmap_colorbar(const Heatmap& heatmap) {
    Colorbar bar{heatmap.colormap,
                 heatmap_range(heatmap),
                 heatmap.norm,
                 heatmap.colorbar_label,
                 heatmap_has_masked(heatmap) ? heatmap.masked_label : "",
                 std::nullopt};
    // All-zero content gave logits of 0 everywhere and a bar from −1 to 1: a scale the map
    // does not have. A constant map's bar is its one colour, with one tick naming the value.
    // (A map with no finite value has no value to name: its range stays a placeholder.)
    const Range r = unpadded_range(heatmap);
    if (r.min == r.max && (heatmap.limits == ColourLimits::Fixed ||
                           heatmap_summary(heatmap).min <= heatmap_summary(heatmap).max))
        bar.constant = r.min;
    return bar;
}

}  // namespace posviz
