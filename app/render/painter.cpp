#include "app/render/painter.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "app/render/type_size.h"
#include "core/figure/label_lines.h"

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
        draw_text(cr, line, style, box.x + align.h * (box.w - width), baseline, text_log);
        baseline += line_height(style);
    }
    if (placed) placed->push_back({text, box, style.size});
    return box;
}

void Painter::vertical_text(const std::string& text, const TextStyle& style, double x,
                            double y) const {
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_rotate(cr, -M_PI / 2);
    Painter turned = *this;
    turned.placed = nullptr;  // its box is in turned coordinates; the page's is recorded below
    const Rect box = turned.text(text, style, 0.0, 0.0, {0.5, 0.5});
    cairo_restore(cr);
    if (placed)
        placed->push_back({text, {x - 0.5 * box.h, y - 0.5 * box.w, box.h, box.w}, style.size});
}

namespace {

// One piece of a line that may not be split: a word, or one Chinese character (Chinese breaks
// between any two characters); `space` says whether a space went before it.
struct Token {
    std::string text;
    bool space = false;
};

size_t codepoint_length(unsigned char lead) {
    return lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
}

std::vector<Token> tokens(const std::string& text) {
    std::vector<Token> out;
    bool space = false;
    for (size_t i = 0; i < text.size();) {
        const size_t n =
            std::min(codepoint_length(static_cast<unsigned char>(text[i])), text.size() - i);
        if (text[i] == ' ' || text[i] == '\n') {
            space = true;
            ++i;
            continue;
        }
        // U+3000 and above (three-byte sequences from 0xe3): CJK punctuation and ideographs.
        const bool cjk = static_cast<unsigned char>(text[i]) >= 0xe3 && n >= 3;
        if (out.empty() || space || cjk || out.back().text.empty() ||
            static_cast<unsigned char>(out.back().text[0]) >= 0xe3)
            out.push_back({"", space});
        out.back().text.append(text, i, n);
        space = false;
        i += n;
    }
    return out;
}

size_t codepoints(const std::string& s) {
    size_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
    return n;
}

void drop_last_codepoint(std::string& s) {
    while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xc0) == 0x80) s.pop_back();
    if (!s.empty()) s.pop_back();
}

}  // namespace

std::string Painter::fit_text(const std::string& text, const TextStyle& style, double max_width,
                              int max_lines) const {
    if (text.empty() || text_box(text, style).w <= max_width) return text;
    auto width = [&](const std::string& line) { return measure_text(cr, line, style).width; };
    std::vector<std::string> lines(1);
    for (const Token& token : tokens(text)) {
        const std::string joined =
            lines.back() + (token.space && !lines.back().empty() ? " " : "") + token.text;
        if (lines.back().empty() || width(joined) <= max_width || int(lines.size()) == max_lines)
            lines.back() = joined;
        else
            lines.push_back(token.text);
    }
    std::string fitted;
    for (std::string& line : lines) {
        if (width(line) > max_width) {
            while (!line.empty() && width(line + "…") > max_width) drop_last_codepoint(line);
            while (!line.empty() && line.back() == ' ') line.pop_back();
            // Decision: fewer than three characters left ("b…") say nothing; the line is left
            // out instead.
            if (codepoints(line) < 3) continue;
            line += "…";
        }
        fitted += (fitted.empty() ? "" : "\n") + line;
    }
    return fitted;
}

Painter::Label Painter::fit_label(const std::string& text, double size, double max_width) const {
    const double smallest = std::max(k_min_text_size, 0.75 * size);
    double at = size;
    while (true) {
        const TextStyle style = text_style(at);
        auto width = [&](const std::string& line) { return measure_text(cr, line, style).width; };
        if (text.empty() || width(text) <= max_width) return {text, at};
        const std::optional<TwoLines> lines = break_in_two(text, width);
        if (lines && std::max(width(lines->first), width(lines->second)) <= max_width)
            return {lines->first + "\n" + lines->second, at};
        if (at <= smallest) {
            if (!lines) return {fit_text(text, style, max_width, 1), at};
            const std::string first = fit_text(lines->first, style, max_width, 1);
            const std::string second = fit_text(lines->second, style, max_width, 1);
            return {first + (first.empty() || second.empty() ? "" : "\n") + second, at};
        }
        at = std::max(smallest, at - k_type_step);
    }
}

}  // namespace posviz
