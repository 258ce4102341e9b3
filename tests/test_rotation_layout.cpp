// The rotation figure as laid out (issue 22, defect 2), read from the display list at a paper
// column, a text width and a slide: each step number beside its own arrow's head, clear of every
// other head and inside its panel's plot box; the θᵢ label clear of every arrow; and a pair that
// turns little per position (pair 12 of 64, θ₁₂ = 10000^(−24/64) ≈ 0.032) still shows its arrows.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "app/render/text.h"
#include "core/figures/figures.h"
#include "core/layout/figure_layout.h"
#include "core/scene.h"

namespace posviz {
namespace {

struct Size {
    const char* name;
    double width_in, height_in;
};
constexpr Size k_sizes[] = {{"column", 3.25, 2.4}, {"text", 6.75, 3.6}, {"slide", 13.33, 7.5}};

LaidOutFigure laid_out(const Figure& figure, Size size) {
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(surface);
    const CairoTextMeasure measure(cr);
    Canvas canvas;
    canvas.width = 72.0 * size.width_in;
    canvas.height = 72.0 * size.height_in;
    LaidOutFigure l = lay_out_figure(figure, canvas, measure);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return l;
}

Figure rotation(std::vector<int> dims) {
    Scene s;
    s.figure = "rotation";
    s.encoding = "rope";
    s.dim = 64;
    s.dims = std::move(dims);
    return build_figure(s, {"en", "", false});
}

bool contains(const Rect& r, Point p) {
    return p.x > r.x && p.x < r.x + r.w && p.y > r.y && p.y < r.y + r.h;
}

bool overlap(const Rect& a, const Rect& b) {
    return std::min(a.x + a.w, b.x + b.w) > std::max(a.x, b.x) &&
           std::min(a.y + a.h, b.y + b.h) > std::max(a.y, b.y);
}

bool within(const Rect& inner, const Rect& outer) {
    constexpr double slack = 0.01;
    return inner.x >= outer.x - slack && inner.y >= outer.y - slack &&
           inner.x + inner.w <= outer.x + outer.w + slack &&
           inner.y + inner.h <= outer.y + outer.h + slack;
}

// Whether a straight segment passes through a rectangle: sampled every hundredth of its length.
bool crosses(Point a, Point b, const Rect& r) {
    for (int k = 0; k <= 100; ++k)
        if (contains(r, {a.x + k * (b.x - a.x) / 100.0, a.y + k * (b.y - a.y) / 100.0}))
            return true;
    return false;
}

Rect bounds(const std::vector<Point>& points) {
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (const Point& p : points) {
        x0 = std::min(x0, p.x), y0 = std::min(y0, p.y);
        x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
    }
    return {x0, y0, x1 - x0, y1 - y0};
}

// One panel's arrows as drawn: shafts from the circle's centre, filled triangular heads.
struct Drawn {
    std::vector<std::pair<Point, Point>> shafts;
    std::vector<std::vector<Point>> heads;
};

Drawn arrows_of(const LaidOutFigure& l, size_t panel) {
    const PanelPlacement& p = l.panels[panel];
    const Point centre{p.x(0.0), p.y(0.0)};
    Drawn d;
    for (const DisplayItem& item : l.display.items) {
        const auto* poly = std::get_if<PolylineItem>(&item);
        if (!poly) continue;
        for (const Polyline& line : poly->lines) {
            if (poly->filled && line.points.size() == 3 && contains(p.box, line.points[0]))
                d.heads.push_back(line.points);
            else if (!poly->filled && line.points.size() == 2 &&
                     std::hypot(line.points[0].x - centre.x, line.points[0].y - centre.y) < 0.01)
                d.shafts.push_back({line.points[0], line.points[1]});
        }
    }
    return d;
}

TEST(RotationLayout, StepNumbersSitBesideTheirOwnHeadsInsideThePlotBox) {
    for (const Size size : k_sizes)
        for (const auto& dims : {std::vector<int>{2, 6, 12}, std::vector<int>{0, 24, 63}}) {
            const Figure figure = rotation(dims);
            const LaidOutFigure l = laid_out(figure, size);
            ASSERT_EQ(l.panels.size(), 3u) << size.name;
            for (size_t i = 0; i < 3; ++i) {
                const Drawn d = arrows_of(l, i);
                // Arrows for m = 0 … 8 (FigureBuilders.RotationShowsTheWorkedFrequency).
                ASSERT_EQ(d.heads.size(), 9u) << size.name << " panel " << i;
                int labels = 0;
                for (const TextBlock& b : l.display.blocks) {
                    if (b.panel != int(i) || b.role != TextRole::ArrowLabel) continue;
                    ++labels;
                    EXPECT_TRUE(within(b.box, l.panels[i].box))
                        << size.name << " panel " << i << " \"" << b.text << "\" leaves the box";
                    const size_t m = size_t(std::stoi(b.text));
                    for (size_t h = 0; h < d.heads.size(); ++h) {
                        const bool same_place =
                            std::hypot(d.heads[h][0].x - d.heads[m][0].x,
                                       d.heads[h][0].y - d.heads[m][0].y) < 0.01;
                        if (h == m || same_place) continue;
                        EXPECT_FALSE(overlap(b.box, bounds(d.heads[h])))
                            << size.name << " panel " << i << ": \"" << b.text
                            << "\" on the head of arrow " << h;
                    }
                }
                // The first arrow (m = 0) is always named.
                EXPECT_GE(labels, 1) << size.name << " panel " << i;
            }
        }
}

TEST(RotationLayout, TheThetaLabelCoversNoArrowAndPairTwelveShowsItsArrows) {
    for (const Size size : k_sizes)
        for (const auto& dims : {std::vector<int>{2, 24, 63}, std::vector<int>{6, 12, 63}}) {
            const Figure figure = rotation(dims);
            const LaidOutFigure l = laid_out(figure, size);
            ASSERT_EQ(l.panels.size(), 3u) << size.name;
            for (size_t i = 0; i < 3; ++i) {
                const Drawn d = arrows_of(l, i);
                ASSERT_EQ(d.shafts.size(), 9u) << size.name << " panel " << i;
                // Every shaft reaches most of the way to the unit circle (the rest is its head).
                const double radius = l.panels[i].x(1.0) - l.panels[i].x(0.0);
                for (const auto& [from, to] : d.shafts)
                    EXPECT_GT(std::hypot(to.x - from.x, to.y - from.y), 0.7 * radius) << size.name;
                int notes = 0;
                for (const TextBlock& b : l.display.blocks) {
                    if (b.panel != int(i) || b.role != TextRole::Note) continue;
                    ++notes;
                    EXPECT_EQ(b.text.rfind("θ", 0), 0u) << b.text;
                    for (const auto& [from, to] : d.shafts)
                        EXPECT_FALSE(crosses(from, to, b.box))
                            << size.name << " panel " << i << ": \"" << b.text << "\" on an arrow";
                    for (const std::vector<Point>& head : d.heads)
                        EXPECT_FALSE(overlap(b.box, bounds(head)))
                            << size.name << " panel " << i << ": \"" << b.text << "\" on a head";
                }
                EXPECT_EQ(notes, 1) << size.name << " panel " << i;
            }
            // No background box over the circles: a boxed θ label hid the arrows of pair 12.
            for (const DisplayItem& item : l.display.items) {
                const auto* box = std::get_if<BoxItem>(&item);
                if (!box || !box->fill) continue;
                for (const PanelPlacement& p : l.panels)
                    EXPECT_FALSE(within(box->box, p.box) && box->box.w < p.box.w)
                        << size.name << ": a filled box inside a panel";
            }
        }
}

}  // namespace
}  // namespace posviz
