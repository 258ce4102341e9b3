#include "app/gui/files/storyline_page.h"

#include <algorithm>

#include "app/gui/views/tiling.h"
#include "app/render/render.h"
#include "app/render/text.h"
#include "core/figure/theme.h"

namespace posviz::gui {

namespace {

// Type for a projected slide or a printed handout page: large enough to read, small enough to
// leave the figures most of the page.
constexpr double k_margin = 28.0;
constexpr double k_title_size = 22.0;
constexpr double k_place_size = 11.0;
constexpr double k_caption_size = 14.0;
constexpr double k_line_spacing = 1.3;
constexpr double k_gap = 10.0;  // between the title, figures and caption, and between figures
// The smallest figure drawn at its own type size, in points (5.5 × 3.6 in); see below.
constexpr double k_min_figure_width = 396.0, k_min_figure_height = 260.0;
// The figures' tiles come closest to the views' shape on screen.
constexpr float k_figure_aspect = 1.6f;

// The length in bytes of the UTF-8 character starting with `lead`, and whether it is CJK (from
// the CJK radicals at U+2E80 on, which covers CJK punctuation, kana, ideographs and full-width
// forms): a line may break before and after any such character.
size_t char_length(unsigned char lead) {
    return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
}
bool is_cjk(const std::string& text, size_t at) {
    const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[at + i]); };
    if (byte(0) >= 0xF0) return true;  // beyond U+FFFF: CJK extension ideographs, emoji
    if (byte(0) < 0xE0 || at + 2 >= text.size()) return false;
    const unsigned code = (byte(0) & 0x0Fu) << 12 | (byte(1) & 0x3Fu) << 6 | (byte(2) & 0x3Fu);
    return code >= 0x2E80;
}

// Pieces a line may break between: a word with the spaces after it, or one CJK character.
std::vector<std::string> break_pieces(const std::string& text) {
    std::vector<std::string> pieces;
    std::string piece;
    for (size_t i = 0; i < text.size();) {
        const size_t n =
            std::min(char_length(static_cast<unsigned char>(text[i])), text.size() - i);
        const bool cjk = is_cjk(text, i);
        if ((cjk || (text[i] != ' ' && piece.ends_with(" "))) && !piece.empty()) {
            pieces.push_back(piece);
            piece.clear();
        }
        piece += text.substr(i, n);
        if (cjk) {
            pieces.push_back(piece);
            piece.clear();
        }
        i += n;
    }
    if (!piece.empty()) pieces.push_back(piece);
    return pieces;
}

void set_colour(cairo_t* cr, const Rgb& c) {
    cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

}  // namespace

std::vector<std::string> wrap_text(cairo_t* cr, const std::string& text, double size,
                                   const std::string& lang, double width) {
    const TextStyle style{lang, size, FontWeight::Regular};
    std::vector<std::string> lines;
    std::string line;
    for (const std::string& piece : break_pieces(text)) {
        std::string longer = line + piece;
        while (longer.ends_with(" ")) longer.pop_back();  // trailing spaces take no room
        if (!line.empty() && measure_text(cr, longer, style).width > width) {
            while (line.ends_with(" ")) line.pop_back();
            lines.push_back(line);
            line.clear();
        }
        line += piece;
    }
    while (line.ends_with(" ")) line.pop_back();
    if (!line.empty()) lines.push_back(line);
    return lines;
}

void draw_storyline_page(cairo_t* cr, const StorylinePage& page, const std::string& theme_name,
                         const std::string& lang) {
    const Theme& theme = find_theme(theme_name);
    set_colour(cr, theme.background);
    cairo_paint(cr);

    const double width = k_slide_width_pt - 2.0 * k_margin;
    const TextStyle title_style{lang, k_title_size, FontWeight::Bold};
    const TextStyle place_style{lang, k_place_size, FontWeight::Regular};
    const TextSize title_size = measure_text(cr, page.title, title_style);
    const TextSize place_size = measure_text(cr, page.place, place_style);
    double y = k_margin + title_size.ascent;
    set_colour(cr, theme.foreground);
    draw_text(cr, page.title, title_style, k_margin, y);
    set_colour(cr, theme.muted);
    draw_text(cr, page.place, place_style, k_slide_width_pt - k_margin - place_size.width, y);
    y += title_size.descent + k_gap;

    const std::vector<std::string> caption =
        wrap_text(cr, page.caption, k_caption_size, lang, width);
    const double line_height = k_caption_size * k_line_spacing;
    const double caption_top = k_slide_height_pt - k_margin - double(caption.size()) * line_height;
    set_colour(cr, theme.foreground);
    for (size_t i = 0; i < caption.size(); ++i)
        draw_text(cr, caption[i], {lang, k_caption_size, FontWeight::Regular}, k_margin,
                  caption_top + double(i) * line_height + k_caption_size);

    const Tile area{float(k_margin), float(y), float(width), float(caption_top - k_gap - y)};
    const std::vector<Tile> tiles = tile_area(int(page.figures.size()), area, k_figure_aspect);
    const RenderStyle style{theme_name, lang, false};
    for (size_t i = 0; i < page.figures.size(); ++i) {
        const Tile& t = tiles[i];
        // Half the gap on each side of every tile, so that neighbours are a whole gap apart.
        const double inset = k_gap / 2.0;
        const double w = t.width - 2.0 * inset, h = t.height - 2.0 * inset;
        // A tile smaller than a figure needs is drawn as a larger figure scaled down: its type
        // shrinks a little instead of its titles running into each other.
        const double scale = std::min({1.0, w / k_min_figure_width, h / k_min_figure_height});
        cairo_save(cr);
        cairo_translate(cr, t.x + inset, t.y + inset);
        cairo_scale(cr, scale, scale);
        render_figure(cr, page.figures[i], style, w / scale, h / scale);
        cairo_restore(cr);
    }
}

}  // namespace posviz::gui
