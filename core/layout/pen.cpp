#include "core/layout/pen.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <optional>
#include <string_view>
#include <utility>

#include "core/figure/label_lines.h"
#include "core/layout/canvas.h"

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

Rect Pen::text_box(const std::string& text, const TextStyle& style) const {
    const std::vector<std::string> lines = split_lines(text);
    Rect box;
    for (const std::string& line : lines) box.w = std::max(box.w, width(line, style));
    // The last line needs only its ascent and descent, not the full line spacing.
    const TextSize one = measure.measure("", style);
    box.h = line_height(style) * double(lines.size() - 1) + one.ascent + one.descent;
    return box;
}

Rect Pen::text(const std::string& text, const TextStyle& style, double x, double y, Align align,
               Rgb colour, TextRole role, bool numeric) const {
    Rect box = text_box(text, style);
    box.x = x - align.h * box.w;
    box.y = y - align.v * box.h;
    if (!out) return box;
    const size_t block = out->blocks.size();
    out->blocks.push_back({text, box, style.size, role, panel, numeric});
    text_lines(text, style, colour, box, align.h, {}, 0.0, block);
    return box;
}

void Pen::vertical_text(const std::string& text, const TextStyle& style, double x, double y,
                        Rgb colour, TextRole role) const {
    if (!out) return;
    const Rect box = text_box(text, style);
    const size_t block = out->blocks.size();
    out->blocks.push_back(
        {text, {x - 0.5 * box.h, y - 0.5 * box.w, box.h, box.w}, style.size, role, panel});
    // Laid out about (0, 0) in the turned frame, centred there.
    text_lines(text, style, colour, {-0.5 * box.w, -0.5 * box.h, box.w, box.h}, 0.5, {x, y},
               M_PI / 2, block);
}

void Pen::text_lines(const std::string& text, const TextStyle& style, Rgb colour, Rect frame,
                     double align_h, Point pivot, double rotation, size_t block) const {
    double baseline = frame.y + measure.measure("", style).ascent;
    for (const std::string& line : split_lines(text)) {
        const double w = width(line, style);
        if (!line.empty())
            out->items.push_back(TextItem{line,
                                          style,
                                          {colour, 1.0},
                                          {frame.x + align_h * (frame.w - w), baseline},
                                          pivot,
                                          rotation,
                                          block});
        baseline += line_height(style);
    }
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

// Chinese line breaking (kinsoku, as CSS line-break: strict keeps it): no line begins with a
// closing mark and none ends with an opening one, so "：" stays on its line's end ("无位置编码：").
bool closes(std::string_view c) {
    static constexpr std::string_view marks[] = {"，", "。", "：", "；", "、", "）", "」",
                                                 "』", "》", "〉", "】", "！", "？"};
    return std::find(std::begin(marks), std::end(marks), c) != std::end(marks);
}
bool opens(std::string_view c) {
    static constexpr std::string_view marks[] = {"（", "「", "『", "《", "〈", "【"};
    return std::find(std::begin(marks), std::end(marks), c) != std::end(marks);
}

std::string_view last_character(const std::string& s) {
    size_t i = s.size();
    while (i > 0 && (static_cast<unsigned char>(s[i - 1]) & 0xc0) == 0x80) --i;
    return i > 0 ? std::string_view(s).substr(i - 1) : std::string_view();
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
        const std::string_view piece = std::string_view(text).substr(i, n);
        // U+3000 and above (three-byte sequences from 0xe3): CJK punctuation and ideographs.
        const bool cjk = static_cast<unsigned char>(text[i]) >= 0xe3 && n >= 3;
        const bool held =
            !out.empty() && !space && (closes(piece) || opens(last_character(out.back().text)));
        if (!held && (out.empty() || space || cjk || out.back().text.empty() ||
                      static_cast<unsigned char>(last_character(out.back().text)[0]) >= 0xe3))
            out.push_back({"", space});
        out.back().text.append(piece);
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

namespace {

// The pieces first to last joined as set: a space where one went before a piece.
std::string joined(const std::vector<Token>& pieces, size_t first, size_t last) {
    std::string line;
    for (size_t i = first; i < last; ++i)
        line += (pieces[i].space && i > first ? " " : "") + pieces[i].text;
    return line;
}

// Decision (issue 22: orphan words, a subtitle's "·" lost at a wrap): a text that fits on two
// lines breaks where its lines come out most even — never one word left alone under a full
// line — never beside a relation or operator ("b* = 463.3" stays on one line) — and, among breaks
// that make the longer line no more than an em longer, after a " · " separator, which then ends
// the first line (its parts stay whole). None where no break fits.
std::optional<std::pair<std::string, std::string>> balanced_two_lines(
    const std::vector<Token>& pieces, const std::function<double(const std::string&)>& w,
    double max_width, double em) {
    std::optional<std::pair<std::string, std::string>> best;
    double best_cost = INFINITY;
    // Never beside a relation or operator: "b* = 463.3" is read as one.
    auto binds = [](const std::string& piece) {
        for (const char* op : {"=", "≥", "≤", "<", ">", "×", "+", "−", "≈"})
            if (piece == op) return true;
        return false;
    };
    for (size_t k = 1; k < pieces.size(); ++k) {
        if (binds(pieces[k - 1].text) || binds(pieces[k].text)) continue;
        const std::string first = joined(pieces, 0, k), second = joined(pieces, k, pieces.size());
        const double longer = std::max(w(first), w(second));
        if (longer > max_width) continue;
        const double cost = longer - (pieces[k - 1].text == "·" ? em : 0.0);
        if (cost < best_cost) best_cost = cost, best = std::pair{first, second};
    }
    return best;
}

}  // namespace

std::string Pen::fit_text(const std::string& text, const TextStyle& style, double max_width,
                          int max_lines) const {
    if (text.empty() || text_box(text, style).w <= max_width) return text;
    auto w = [&](const std::string& line) { return width(line, style); };
    if (max_lines >= 2 && text.find('\n') == std::string::npos)
        if (const auto two = balanced_two_lines(tokens(text), w, max_width, style.size))
            return two->first + "\n" + two->second;
    std::vector<std::string> lines(1);
    for (const Token& token : tokens(text)) {
        const std::string joined =
            lines.back() + (token.space && !lines.back().empty() ? " " : "") + token.text;
        if (lines.back().empty() || w(joined) <= max_width || int(lines.size()) == max_lines)
            lines.back() = joined;
        else
            lines.push_back(token.text);
    }
    std::string fitted;
    for (std::string& line : lines) {
        if (w(line) > max_width) {
            while (!line.empty() && w(line + "…") > max_width) drop_last_codepoint(line);
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

std::string Pen::fit_title(const std::string& title, const TextStyle& style,
                           double max_width) const {
    const std::string two = fit_text(title, style, max_width, 2);
    const bool cut = two.find("…") != std::string::npos && title.find("…") == std::string::npos;
    return cut ? fit_text(title, style, max_width, 3) : two;
}

Pen::Label Pen::fit_label(const std::string& text, double size, double max_width) const {
    const double smallest = std::max(min_text_size, 0.75 * size);
    double at = size;
    while (true) {
        const TextStyle style = text_style(at);
        auto w = [&](const std::string& line) { return width(line, style); };
        if (text.empty() || w(text) <= max_width) return {text, at};
        const std::optional<TwoLines> lines = break_in_two(text, w);
        if (lines && std::max(w(lines->first), w(lines->second)) <= max_width)
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

StrokeStyle Pen::stroke(double w, bool dashed) const {
    StrokeStyle s;
    s.width = w * theme.line_scale;
    s.cap = dashed ? LineCap::Butt : LineCap::Round;
    if (dashed) s.dashes = {3.7 * s.width, 1.6 * s.width};
    return s;
}

void Pen::lines(std::vector<Polyline> polylines, Rgb colour, StrokeStyle style) const {
    if (!out || polylines.empty()) return;
    out->items.push_back(
        PolylineItem{std::move(polylines), {colour, 1.0}, std::move(style), false});
}

void Pen::box(Rect r, std::optional<Paint> fill, std::optional<Paint> stroke,
              StrokeStyle style) const {
    add(BoxItem{r, fill, stroke, std::move(style)});
}

void Pen::note_background(Rect r, double pad) const {
    box({r.x - pad, r.y - pad, r.w + 2 * pad, r.h + 2 * pad}, Paint{theme.note_box, 0.88},
        Paint{theme.grid, 1.0}, stroke(0.6));
}

}  // namespace posviz
