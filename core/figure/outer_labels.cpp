#include "core/figure/outer_labels.h"

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

}  // namespace posviz
