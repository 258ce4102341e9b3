#include "app/render/svg_document.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <variant>
#include <vector>

namespace posviz {

namespace {

// Coordinates to a hundredth of a micrometre, without trailing zeros.
std::string number(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4f", std::abs(v) < 5e-5 ? 0.0 : v);
    std::string s = buffer;
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    return s;
}

std::string percent(double v) {
    return number(100.0 * std::clamp(v, 0.0, 1.0)) + "%";
}

std::string rgb(const Rgb& c) {
    return "rgb(" + percent(c.r) + "," + percent(c.g) + "," + percent(c.b) + ")";
}

std::string fill(const Paint& p) {
    return "fill:" + rgb(p.colour) + ";fill-opacity:" + number(p.alpha) + ";";
}

std::string stroke(const Paint& p, const StrokeStyle& s) {
    std::string out = "fill:none;stroke-width:" + number(s.width) +
                      ";stroke-linecap:" + (s.cap == LineCap::Butt ? "butt" : "round") +
                      ";stroke-linejoin:round;stroke:" + rgb(p.colour) +
                      ";stroke-opacity:" + number(p.alpha) + ";";
    if (!s.dashes.empty()) {
        out += "stroke-dasharray:";
        for (size_t i = 0; i < s.dashes.size(); ++i) {
            if (i > 0) out += ",";
            out += number(s.dashes[i]);
        }
        out += ";";
    }
    return out;
}

const char k_base64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64(const std::string& bytes) {
    std::string out;
    for (size_t i = 0; i < bytes.size(); i += 3) {
        uint32_t n = uint32_t(uint8_t(bytes[i])) << 16;
        if (i + 1 < bytes.size()) n |= uint32_t(uint8_t(bytes[i + 1])) << 8;
        if (i + 2 < bytes.size()) n |= uint32_t(uint8_t(bytes[i + 2]));
        out += k_base64[(n >> 18) & 63];
        out += k_base64[(n >> 12) & 63];
        out += i + 1 < bytes.size() ? k_base64[(n >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? k_base64[n & 63] : '=';
    }
    return out;
}

struct Writer {
    const SvgResources& resources;
    std::string out;
    int images = 0, clips = 0;

    void box(const BoxItem& b) {
        std::string style = b.fill ? fill(*b.fill) : "fill:none;";
        if (b.stroke) style += stroke(*b.stroke, b.style).substr(std::strlen("fill:none;"));
        out += "<rect x=\"" + number(b.box.x) + "\" y=\"" + number(b.box.y) + "\" width=\"" +
               number(b.box.w) + "\" height=\"" + number(b.box.h) + "\" style=\"" + style +
               "\"/>\n";
    }

    void polylines(const PolylineItem& item) {
        std::string d;
        for (const Polyline& line : item.lines)
            for (size_t i = 0; i < line.points.size(); ++i) {
                d += (i == 0 ? (d.empty() ? "M " : " M ") : " L ") + number(line.points[i].x) +
                     " " + number(line.points[i].y);
                if (line.closed && i + 1 == line.points.size()) d += " Z";
            }
        if (d.empty()) return;
        out += "<path style=\"" +
               (item.filled ? fill(item.paint) : stroke(item.paint, item.style)) + "\" d=\"" + d +
               "\"/>\n";
    }

    // As cairo_arc (clockwise on the page) or cairo_arc_negative draws it.
    void arc(const ArcItem& a) {
        double sweep = a.negative ? a.a0 - a.a1 : a.a1 - a.a0;
        while (sweep < 0.0) sweep += 2 * M_PI;
        const double cx = a.centre.x, cy = a.centre.y, r = a.radius;
        std::string d;
        if (sweep >= 2 * M_PI - 1e-9) {
            d = "M " + number(cx + r) + " " + number(cy) + " A " + number(r) + " " + number(r) +
                " 0 1 1 " + number(cx - r) + " " + number(cy) + " A " + number(r) + " " +
                number(r) + " 0 1 1 " + number(cx + r) + " " + number(cy);
        } else {
            const double end = a.negative ? a.a0 - sweep : a.a0 + sweep;
            d = "M " + number(cx + r * std::cos(a.a0)) + " " + number(cy + r * std::sin(a.a0)) +
                " A " + number(r) + " " + number(r) + " 0 " + (sweep > M_PI ? "1 " : "0 ") +
                (a.negative ? "0 " : "1 ") + number(cx + r * std::cos(end)) + " " +
                number(cy + r * std::sin(end));
        }
        out += "<path style=\"" + stroke(a.paint, a.style) + "\" d=\"" + d + "\"/>\n";
    }

    void markers(const MarkersItem& m) {
        std::string d;
        const std::string r = number(m.radius);
        for (const Point& c : m.centres)
            d += (d.empty() ? "M " : " M ") + number(c.x + m.radius) + " " + number(c.y) + " A " +
                 r + " " + r + " 0 1 1 " + number(c.x - m.radius) + " " + number(c.y) + " A " + r +
                 " " + r + " 0 1 1 " + number(c.x + m.radius) + " " + number(c.y) + " Z";
        out += "<path style=\"" + fill(m.paint) + "\" d=\"" + d + "\"/>\n";
    }

    // One pixel per cell, scaled onto the target without smoothing (SVG 1.1's optimizeSpeed for
    // viewers that do not know pixelated).
    void image(const ImageItem& item) {
        if (item.cols <= 0 || item.rows <= 0) return;
        const Rect t = item.target;
        const double sx = (item.flip_x ? -1.0 : 1.0) * t.w / item.cols;
        const double sy = (item.flip_y ? -1.0 : 1.0) * t.h / item.rows;
        const double x = item.flip_x ? t.x + t.w : t.x, y = item.flip_y ? t.y + t.h : t.y;
        out +=
            "<image style=\"image-rendering:optimizeSpeed;image-rendering:pixelated\" id=\"image" +
            std::to_string(images++) + "\" width=\"" + std::to_string(item.cols) + "\" height=\"" +
            std::to_string(item.rows) + "\" preserveAspectRatio=\"none\" transform=\"matrix(" +
            number(sx) + " 0 0 " + number(sy) + " " + number(x) + " " + number(y) +
            ")\" xlink:href=\"data:image/png;base64," + base64(resources.png(item)) + "\"/>\n";
    }

    void text(const TextItem& t) {
        const std::vector<DrawnRun> runs = resources.runs(t.text, t.style);
        if (runs.empty()) return;
        // The line's frame: turned by `rotation` about the pivot, its baseline start at origin.
        const double c = std::cos(t.rotation), s = std::sin(t.rotation);
        const double x = t.pivot.x + c * t.origin.x + s * t.origin.y;
        const double y = t.pivot.y - s * t.origin.x + c * t.origin.y;
        out += "<text xml:space=\"preserve\" style=\"" + fill(t.paint) + "\" font-family=\"" +
               runs.front().families + "\" font-size=\"" + number(t.style.size) + "\"";
        if (t.style.weight == FontWeight::Bold) out += " font-weight=\"bold\"";
        out += t.rotation != 0.0
                   ? " transform=\"matrix(" + number(c) + " " + number(-s) + " " + number(s) + " " +
                         number(c) + " " + number(x) + " " + number(y) + ")\">"
                   : " transform=\"translate(" + number(x) + " " + number(y) + ")\">";
        if (runs.size() == 1) {
            out += xml_escape(runs.front().text) + "</text>\n";
            return;
        }
        for (const DrawnRun& run : runs)
            out += "<tspan x=\"" + number(run.offset) + "\" font-family=\"" + run.families + "\">" +
                   xml_escape(run.text) + "</tspan>";
        out += "</text>\n";
    }

    void clip(const ClipItem& c) {
        const std::string id = "clip" + std::to_string(clips++);
        out += "<clipPath id=\"" + id + "\"><rect x=\"" + number(c.box.x) + "\" y=\"" +
               number(c.box.y) + "\" width=\"" + number(c.box.w) + "\" height=\"" +
               number(c.box.h) + "\"/></clipPath>\n<g clip-path=\"url(#" + id + ")\">\n";
    }
};

}  // namespace

std::string write_svg(const DisplayList& display, const std::string& title,
                      const SvgResources& resources) {
    Writer w{resources, {}};
    w.out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
        "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"" +
        number(display.width) + "pt\" height=\"" + number(display.height) + "pt\" viewBox=\"0 0 " +
        number(display.width) + " " + number(display.height) + "\" version=\"1.1\">\n<title>" +
        xml_escape(title) + "</title>\n";
    if (display.background)
        w.out += "<rect x=\"0\" y=\"0\" width=\"" + number(display.width) + "\" height=\"" +
                 number(display.height) + "\" style=\"" + fill({*display.background, 1.0}) +
                 "stroke:none;\"/>\n";
    int open = 0;
    for (const DisplayItem& item : display.items) {
        if (const auto* b = std::get_if<BoxItem>(&item)) w.box(*b);
        if (const auto* p = std::get_if<PolylineItem>(&item)) w.polylines(*p);
        if (const auto* a = std::get_if<ArcItem>(&item)) w.arc(*a);
        if (const auto* m = std::get_if<MarkersItem>(&item)) w.markers(*m);
        if (const auto* i = std::get_if<ImageItem>(&item)) w.image(*i);
        if (const auto* t = std::get_if<TextItem>(&item)) w.text(*t);
        if (const auto* c = std::get_if<ClipItem>(&item)) {
            w.clip(*c);
            ++open;
        }
        if (std::holds_alternative<UnclipItem>(item) && open > 0) {
            w.out += "</g>\n";
            --open;
        }
    }
    for (; open > 0; --open) w.out += "</g>\n";
    return w.out + "</svg>\n";
}

std::string xml_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

}  // namespace posviz
