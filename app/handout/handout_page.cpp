#include "app/handout/handout_page.h"

#include <algorithm>

#include "app/render/render.h"
#include "app/render/text.h"
#include "core/figure/theme.h"

namespace posviz::handout {

namespace {

// Type for a projected slide or a printed handout page: none below k_handout_type_pt.
constexpr double k_margin = 28.0;
constexpr double k_title_size = 22.0;
constexpr double k_place_size = k_handout_type_pt;
constexpr double k_caption_size = k_handout_type_pt;
constexpr double k_line_spacing = 1.3;
constexpr double k_gap = 10.0;  // between the title, the figure and the caption

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

double handout_label_size(const Theme& theme) {
    const double smallest = std::min({theme.title_size, theme.subtitle_size, theme.panel_title_size,
                                      theme.label_size, theme.tick_size, theme.note_size});
    return k_handout_type_pt * theme.label_size / smallest;
}

namespace {

// Where the title's baseline, the caption's lines and the figure go on a page.
struct PagePlan {
    double title_baseline = 0.0, caption_top = 0.0;
    std::vector<std::string> caption;
    PageFigureArea figure{};
};

PagePlan plan_page(cairo_t* cr, const HandoutPage& page, const std::string& lang) {
    PagePlan plan;
    const double width = k_slide_width_pt - 2.0 * k_margin;
    const TextSize title_size =
        measure_text(cr, page.title, {lang, k_title_size, FontWeight::Bold});
    plan.title_baseline = k_margin + title_size.ascent;
    const double top = plan.title_baseline + title_size.descent + k_gap;
    plan.caption = wrap_text(cr, page.caption, k_caption_size, lang, width);
    plan.caption_top = k_slide_height_pt - k_margin -
                       double(plan.caption.size()) * k_caption_size * k_line_spacing;
    const double bottom =
        plan.caption.empty() ? k_slide_height_pt - k_margin : plan.caption_top - k_gap;
    plan.figure = {k_margin, top, width, bottom - top};
    return plan;
}

}  // namespace

PageFigureArea handout_figure_area(cairo_t* cr, const HandoutPage& page, const std::string& lang) {
    return plan_page(cr, page, lang).figure;
}

RenderStyle handout_figure_style(const std::string& theme, const std::string& lang) {
    RenderStyle style{theme, lang, false};
    style.font_size = handout_label_size(find_theme(theme));
    style.min_text_size = k_handout_type_pt;
    return style;
}

void draw_handout_page(cairo_t* cr, const HandoutPage& page, const std::string& theme_name,
                       const std::string& lang) {
    const Theme& theme = find_theme(theme_name);
    set_colour(cr, theme.background);
    cairo_paint(cr);
    const PagePlan plan = plan_page(cr, page, lang);
    const TextStyle place_style{lang, k_place_size, FontWeight::Regular};
    set_colour(cr, theme.foreground);
    draw_text(cr, page.title, {lang, k_title_size, FontWeight::Bold}, k_margin,
              plan.title_baseline);
    set_colour(cr, theme.muted);
    draw_text(cr, page.place, place_style,
              k_slide_width_pt - k_margin - measure_text(cr, page.place, place_style).width,
              plan.title_baseline);
    set_colour(cr, theme.foreground);
    const double line_height = k_caption_size * k_line_spacing;
    for (size_t i = 0; i < plan.caption.size(); ++i)
        draw_text(cr, plan.caption[i], {lang, k_caption_size, FontWeight::Regular}, k_margin,
                  plan.caption_top + double(i) * line_height + k_caption_size);
    const PageFigureArea& area = plan.figure;
    cairo_save(cr);
    cairo_translate(cr, area.x, area.y);
    render_figure(cr, page.figure, handout_figure_style(theme_name, lang), area.width, area.height);
    cairo_restore(cr);
}

}  // namespace posviz::handout
