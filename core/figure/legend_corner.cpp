#include "core/figure/legend_corner.h"

#include <algorithm>
#include <cmath>

namespace posviz {

namespace {

bool contains(Rect r, double x, double y) {
    return x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}

bool overlaps(Rect a, Rect b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// The points along one line inside `area`: its data points and, between two of them, one every
// sample_step (at most 64 per segment). A NaN, or a non-positive value on a log axis, breaks it.
int line_points_in(const PlacedPanel& p, const LineSeries& line, Rect area) {
    int count = 0;
    double px = NAN, py = NAN;
    for (size_t i = 0; i < line.x.size() && i < line.y.size(); ++i) {
        if (!std::isfinite(line.x[i]) || !std::isfinite(line.y[i]) ||
            (p.x.log && line.x[i] <= 0.0) || (p.y.log && line.y[i] <= 0.0)) {
            px = NAN;
            continue;
        }
        const double x = p.x(line.x[i]), y = p.y(line.y[i]);
        const int steps =
            std::isnan(px)
                ? 1
                : std::clamp(int(std::hypot(x - px, y - py) / std::max(p.sample_step, 1e-9)), 1,
                             64);
        for (int k = 1; k <= steps; ++k) {
            const double f = double(k) / steps;
            if (std::isnan(px) ? contains(area, x, y)
                               : contains(area, px + f * (x - px), py + f * (y - py)))
                ++count;
        }
        px = x;
        py = y;
    }
    return count;
}

}  // namespace

int legend_coverage(const PlacedPanel& placed, Rect area) {
    int count = 0;
    for (const LineSeries& line : placed.panel->lines) count += line_points_in(placed, line, area);
    for (const Rect& note : placed.notes)
        if (overlaps(note, area)) count += 1000;
    return count;
}

LegendCorner best_legend_corner(const PlacedPanel& placed, Rect size, double inset) {
    const LegendPosition corners[] = {placed.panel->legend, LegendPosition::UpperRight,
                                      LegendPosition::UpperLeft, LegendPosition::LowerRight,
                                      LegendPosition::LowerLeft};
    const Rect& box = placed.box;
    LegendCorner best{LegendPosition::None, {}, -1};
    for (const LegendPosition corner : corners) {
        if (corner == LegendPosition::Outside || corner == LegendPosition::None) continue;
        const bool left =
            corner == LegendPosition::UpperLeft || corner == LegendPosition::LowerLeft;
        const bool lower =
            corner == LegendPosition::LowerLeft || corner == LegendPosition::LowerRight;
        const Rect area{left ? box.x + inset : box.x + box.w - inset - size.w,
                        lower ? box.y + box.h - inset - size.h : box.y + inset, size.w, size.h};
        const int covered = legend_coverage(placed, area);
        if (best.covered < 0 || covered < best.covered) best = {corner, area, covered};
        if (covered == 0) break;
    }
    return best;
}

}  // namespace posviz
