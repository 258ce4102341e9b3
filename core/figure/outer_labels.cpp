#include "core/figure/outer_labels.h"

#include <algorithm>
#include <cmath>

namespace posviz {

std::vector<AxisLabels> outer_axis_labels(const Figure& figure, int cols, size_t count) {
    const size_t across = size_t(cols > 0 ? cols : 1);
    std::vector<AxisLabels> labels(count);
    for (size_t i = 0; i < count; ++i) {
        const Panel& panel = figure.panels[i];
        if (i + across < count) labels[i].x = figure.panels[i + across].x.label != panel.x.label;
        if (i % across != 0) labels[i].y = figure.panels[i - 1].y.label != panel.y.label;
    }
    return labels;
}

namespace {

bool same_axis(const ShownAxis& a, const ShownAxis& b) {
    const double slack = 1e-9 * std::max(std::abs(a.hi - a.lo), std::abs(b.hi - b.lo));
    return a.log == b.log && std::abs(a.lo - b.lo) <= slack && std::abs(a.hi - b.hi) <= slack &&
           a.tick_labels == b.tick_labels && !a.tick_labels.empty() &&
           std::abs(a.length - b.length) <= 0.02 * std::max(a.length, b.length);
}

}  // namespace

void hide_repeated_tick_labels(std::vector<AxisLabels>& labels, const std::vector<ShownAxis>& x,
                               const std::vector<ShownAxis>& y, int cols) {
    const size_t across = size_t(cols > 0 ? cols : 1);
    const size_t count = std::min({labels.size(), x.size(), y.size()});
    for (size_t i = 0; i < count; ++i) {
        if (i + across < count && same_axis(x[i], x[i + across])) labels[i].x_ticks = false;
        if (i % across != 0 && same_axis(y[i], y[i - 1])) labels[i].y_ticks = false;
    }
}

}  // namespace posviz
