#include "app/render/painter.h"

#include <algorithm>
#include <cmath>

namespace posviz {

namespace {

double line_height(const TextStyle& style) {
    return 1.25 * style.size;
}

}  // namespace

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (true) {
        const size_t end = text.find('\n', start);
        lines.push_back(
            text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) return lines;
        start = end + 1;
    }
}

Rect Painter::text_box(const std::string& text, const TextStyle& style) const {
    const std::vector<std::string> lines = split_lines(text);
    Rect box;
    for (const std::string& line : lines)
        box.w = std::max(box.w, measure_text(cr, line, style).width);
    // The last line needs only its ascent and descent, not the full line spacing.
    const TextSize one = measure_text(cr, "", style);
    box.h = line_height(style) * double(lines.size() - 1) + one.ascent + one.descent;
    return box;
}

Rect Painter::text(const std::string& text, const TextStyle& style, double x, double y,
                   Align align) const {
    Rect box = text_box(text, style);
    box.x = x - align.h * box.w;
    box.y = y - align.v * box.h;
    const double ascent = measure_text(cr, "", style).ascent;
    double baseline = box.y + ascent;
    for (const std::string& line : split_lines(text)) {
        const double width = measure_text(cr, line, style).width;
        draw_text(cr, line, style, box.x + align.h * (box.w - width), baseline);
        baseline += line_height(style);
    }
    return box;
}

void Painter::vertical_text(const std::string& text, const TextStyle& style, double x,
                            double y) const {
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_rotate(cr, -M_PI / 2);
    this->text(text, style, 0.0, 0.0, {0.5, 0.5});
    cairo_restore(cr);
}

}  // namespace posviz
