#include "core/figures/coinciding_lines.h"

#include <algorithm>
#include <cmath>

namespace posviz {

namespace {

// Decision: a thousandth of the axis span is under a line's width on any page or screen we draw
// (0.01 in of a 10-in axis), so two lines that close cannot be told apart.
constexpr double k_tolerance = 1e-3;

// Where a value sits on the panel's y axis (log: its logarithm); NaN where it is not drawn.
double axis_position(const Panel& panel, double y) {
    if (panel.y.scale == AxisScale::Log) return y > 0.0 ? std::log(y) : NAN;
    return y;
}

double y_span(const Panel& panel) {
    double lo = INFINITY, hi = -INFINITY;
    for (const LineSeries& s : panel.lines)
        for (double y : s.y) {
            const double v = axis_position(panel, y);
            if (!std::isfinite(v)) continue;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    return hi > lo ? hi - lo : 0.0;
}

bool coincide(const Panel& panel, const LineSeries& a, const LineSeries& b, double span) {
    if (a.x != b.x || a.y.size() != b.y.size() || a.y.empty()) return false;
    for (size_t i = 0; i < a.y.size(); ++i) {
        const double u = axis_position(panel, a.y[i]), v = axis_position(panel, b.y[i]);
        if (std::isfinite(u) != std::isfinite(v)) return false;
        if (std::isfinite(u) && std::abs(u - v) > k_tolerance * span) return false;
    }
    return true;
}

}  // namespace

void mark_coinciding_lines(Panel& panel, const Text& t) {
    const double span = y_span(panel);
    std::vector<std::string> labels;  // as they were, so that "(= …)" names the line, not a note
    for (const LineSeries& s : panel.lines) labels.push_back(s.label);
    for (size_t later = 1; later < panel.lines.size(); ++later) {
        LineSeries& line = panel.lines[later];
        if (labels[later].empty()) continue;
        for (size_t earlier = 0; earlier < later; ++earlier) {
            if (labels[earlier].empty() || !coincide(panel, panel.lines[earlier], line, span))
                continue;
            if (line.dash == LineDash::Solid) line.dash = LineDash::Dashed;
            line.label += t(" (= ", "（= ") + labels[earlier] + t(")", "）");
            break;
        }
    }
}

}  // namespace posviz
