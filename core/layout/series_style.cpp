#include "core/layout/series_style.h"

#include <cmath>

namespace posviz {

StrokeStyle series_stroke(const Pen& p, const LineSeries& series) {
    StrokeStyle s = p.stroke(series.width);
    const double w = s.width;
    switch (series.dash) {
        case LineDash::Solid:
            return s;
        case LineDash::Dashed:
            return p.stroke(series.width, true);  // the pattern every dashed mark has
        case LineDash::DashDot:
            s.dashes = {6.4 * w, 1.6 * w, 1.0 * w, 1.6 * w};
            break;
        case LineDash::Dotted:
            s.dashes = {1.0 * w, 1.65 * w};
            break;
    }
    s.cap = LineCap::Butt;
    return s;
}

void draw_markers(const Pen& p, const LineSeries& series, std::vector<Point> centres) {
    if (series.marker == MarkerShape::None || centres.empty()) return;
    const double radius = (1.2 * series.width + 0.9) * p.theme.line_scale;
    const Paint paint{p.paint(series.colour).colour, 1.0};
    if (series.marker == MarkerShape::Dot) {
        p.add(MarkersItem{std::move(centres), radius, paint});
        return;
    }
    // Corners as offsets from the centre (canvas y points down: the triangle's apex is up).
    std::vector<Point> corners;
    switch (series.marker) {
        case MarkerShape::Square: {
            const double h = radius * std::sqrt(M_PI) / 2.0;  // the disc's area
            corners = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
            break;
        }
        case MarkerShape::Triangle: {
            const double r = 1.3 * radius;
            corners = {{0.0, -r},
                       {r * std::sqrt(3.0) / 2.0, 0.5 * r},
                       {-r * std::sqrt(3.0) / 2.0, 0.5 * r}};
            break;
        }
        case MarkerShape::Diamond: {
            const double r = 1.25 * radius;
            corners = {{0.0, -r}, {r, 0.0}, {0.0, r}, {-r, 0.0}};
            break;
        }
        case MarkerShape::None:
        case MarkerShape::Dot:
            return;
    }
    PolylineItem shapes;
    for (const Point& c : centres) {
        Polyline shape{{}, true};
        for (const Point& d : corners) shape.points.push_back({c.x + d.x, c.y + d.y});
        shapes.lines.push_back(std::move(shape));
    }
    shapes.paint = paint;
    shapes.style = p.stroke(0.5);
    shapes.filled = true;
    p.add(std::move(shapes));
}

}  // namespace posviz
