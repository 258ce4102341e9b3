#include "app/render/svg_document.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <regex>
#include <stdexcept>

namespace posviz {

namespace {

// cairo's SVG surface writes one cairo_show_text call as
//   <g style="fill:rgb(…);fill-opacity:1;">
//     <use xlink:href="#glyph0-1" x="12.5" y="30.25"/> … one per glyph
//   </g>
// with the first glyph at the run's start.
struct GlyphGroup {
    size_t begin = 0, end = 0;  // the group's bytes, its line break included
    std::string style;
    double x = 0.0, y = 0.0;  // its first glyph
};

constexpr const char* k_group_open = "<g style=\"";
constexpr const char* k_first_glyph = "\">\n  <use xlink:href=\"#glyph";

double attribute_number(const std::string& svg, size_t from, const char* name) {
    const size_t at = svg.find(name, from);
    if (at == std::string::npos) throw std::logic_error("SVG glyph without " + std::string(name));
    return std::strtod(svg.c_str() + at + std::char_traits<char>::length(name), nullptr);
}

std::vector<GlyphGroup> glyph_groups(const std::string& svg) {
    std::vector<GlyphGroup> groups;
    const size_t open_length = std::char_traits<char>::length(k_group_open);
    for (size_t at = svg.find(k_group_open); at != std::string::npos;
         at = svg.find(k_group_open, at + 1)) {
        const size_t style_end = svg.find('"', at + open_length);
        if (style_end == std::string::npos ||
            svg.compare(style_end, std::strlen(k_first_glyph), k_first_glyph) != 0)
            continue;
        GlyphGroup g;
        g.begin = at;
        g.style = svg.substr(at + open_length, style_end - at - open_length);
        g.x = attribute_number(svg, style_end, " x=\"");
        g.y = attribute_number(svg, style_end, " y=\"");
        const size_t close = svg.find("</g>", style_end);
        if (close == std::string::npos) throw std::logic_error("SVG glyph group without </g>");
        g.end = close + 4 + (svg.compare(close + 4, 1, "\n") == 0 ? 1 : 0);
        groups.push_back(std::move(g));
    }
    return groups;
}

// Coordinates to a hundredth of a micrometre, without trailing zeros.
std::string number(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4f", std::abs(v) < 5e-5 ? 0.0 : v);
    std::string s = buffer;
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    return s;
}

std::string text_element(const DrawnLine& line, const std::string& style) {
    const cairo_matrix_t& m = line.placement;
    const bool turned = m.xx != 1.0 || m.yx != 0.0 || m.xy != 0.0 || m.yy != 1.0;
    std::string out = "<text xml:space=\"preserve\" style=\"" + style + "\" font-family=\"" +
                      line.runs.front().families + "\" font-size=\"" + number(line.size) + "\"";
    if (line.weight == FontWeight::Bold) out += " font-weight=\"bold\"";
    out += turned
               ? " transform=\"matrix(" + number(m.xx) + " " + number(m.yx) + " " + number(m.xy) +
                     " " + number(m.yy) + " " + number(m.x0) + " " + number(m.y0) + ")\">"
               : " transform=\"translate(" + number(m.x0) + " " + number(m.y0) + ")\">";
    if (line.runs.size() == 1) return out + xml_escape(line.runs.front().text) + "</text>\n";
    for (const DrawnRun& run : line.runs)
        out += "<tspan x=\"" + number(run.offset) + "\" font-family=\"" + run.families + "\">" +
               xml_escape(run.text) + "</tspan>";
    return out + "</text>\n";
}

// Drops cairo's glyph outlines (<symbol id="glyph…">) and the empty group that held them.
std::string without_glyph_symbols(const std::string& svg) {
    static const std::string symbol = "<symbol overflow=\"visible\" id=\"glyph";
    std::string out;
    size_t last = 0;
    for (size_t at = svg.find(symbol); at != std::string::npos; at = svg.find(symbol, last)) {
        const size_t close = svg.find("</symbol>", at);
        if (close == std::string::npos) throw std::logic_error("SVG glyph symbol without end");
        out.append(svg, last, at - last);
        last = close + 9 + (svg.compare(close + 9, 1, "\n") == 0 ? 1 : 0);
    }
    out.append(svg, last, std::string::npos);
    static const std::string empty_defs_group = "<defs>\n<g>\n</g>\n";
    if (const size_t at = out.find(empty_defs_group); at != std::string::npos)
        out.replace(at, empty_defs_group.size(), "<defs>\n");
    return out;
}

}  // namespace

std::string svg_with_text(const std::string& svg, const std::vector<DrawnLine>& lines) {
    // Runs that cairo did not draw (wholly outside the page) have no group: a run matches the next
    // group only where that group's first glyph sits at the run's start.
    std::string out;
    size_t last = 0, line = 0, run = 0;
    std::vector<bool> written(lines.size(), false);
    for (const GlyphGroup& group : glyph_groups(svg)) {
        while (line < lines.size()) {
            const DrawnRun& r = lines[line].runs[run];
            // cairo keeps glyph positions in 24.8 fixed point: within 1/256 of ours.
            if (std::abs(r.device_x - group.x) < 0.01 && std::abs(r.device_y - group.y) < 0.01)
                break;
            if (++run == lines[line].runs.size()) ++line, run = 0;
        }
        if (line == lines.size())
            throw std::logic_error("SVG text: a group of glyphs at (" + number(group.x) + ", " +
                                   number(group.y) + ") that no line of text accounts for");
        out.append(svg, last, group.begin - last);
        if (!written[line]) out += text_element(lines[line], group.style);
        written[line] = true;
        last = group.end;
        if (++run == lines[line].runs.size()) ++line, run = 0;
    }
    out.append(svg, last, std::string::npos);
    return without_glyph_symbols(out);
}

std::string svg_with_pixelated_images(const std::string& svg) {
    static const std::string tag = "<image ";
    static const std::string style =
        "style=\"image-rendering:optimizeSpeed;image-rendering:pixelated\" ";
    std::string out;
    size_t last = 0;
    for (size_t at = svg.find(tag); at != std::string::npos; at = svg.find(tag, last)) {
        out.append(svg, last, at + tag.size() - last);
        out += style;
        last = at + tag.size();
    }
    out.append(svg, last, std::string::npos);
    return out;
}

std::string svg_with_renumbered_ids(const std::string& svg) {
    static const std::regex id_pattern(
        R"((id="|#)(surface|image|glyph|clip|mask|pattern|source)(\d+(?:-\d+)?)\b)");
    std::map<std::string, std::string> renamed;
    std::string out;
    auto last = svg.cbegin();
    for (std::sregex_iterator it(svg.begin(), svg.end(), id_pattern), end; it != end; ++it) {
        const std::smatch& m = *it;
        const std::string key = m[2].str() + m[3].str();
        auto [entry, fresh] = renamed.try_emplace(key, "");
        if (fresh) entry->second = m[2].str() + std::to_string(renamed.size() - 1);
        out.append(last, m[0].first);
        out += m[1].str() + entry->second;
        last = m[0].second;
    }
    out.append(last, svg.cend());
    return out;
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
