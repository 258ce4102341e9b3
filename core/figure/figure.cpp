#include "core/figure/figure.h"

#include <algorithm>
#include <cmath>

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
    // In memory order (allFinite() reads a row-major matrix column by column).
    return !Eigen::Map<const Eigen::ArrayXd>(heatmap.values.data(), heatmap.values.size())
                .isFinite()
                .all();
}

Range heatmap_range(const Heatmap& heatmap) {
    Range r{heatmap.vmin, heatmap.vmax};
    if (heatmap.limits != ColourLimits::Fixed) {
        double lo = INFINITY, hi = -INFINITY;
        // In memory order: reshaped() reads a row-major matrix column by column, missing the
        // cache at every entry of a large map.
        const double* values = heatmap.values.data();
        for (Eigen::Index i = 0; i < heatmap.values.size(); ++i) {
            const double v = values[i];
            if (!std::isfinite(v)) continue;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        if (lo > hi) lo = hi = 0.0;  // nothing finite: any range will do
        if (heatmap.limits == ColourLimits::Symmetric) {
            const double a = std::max(std::abs(lo), std::abs(hi));
            lo = -a;
            hi = a;
        }
        r = {lo, hi};
    }
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
    return {heatmap.colormap, heatmap_range(heatmap), heatmap.norm, heatmap.colorbar_label,
            heatmap_has_masked(heatmap) ? heatmap.masked_label : ""};
}

}  // namespace posviz
