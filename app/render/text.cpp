#include "app/render/text.h"

#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>

#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

namespace posviz {

namespace {

struct Font {
    cairo_font_face_t* face = nullptr;
    FcPattern* pattern = nullptr;  // the match, which the face was made from
    FcCharSet* charset = nullptr;  // owned by the matched pattern
    std::string family;
    std::string css_families;  // for SVG: this font's family first, then the others
    // CJK fonts draw some symbols full width (· is a Chinese separator there); in our labels they
    // are mathematics (q·k, √D, 13 × 0.75, m = 0 … 8) and must stay narrow, so they are taken
    // from the next font of the chain.
    bool wide_math_symbols = false;
};

// One family resolved by fontconfig; the pattern (and with it the charset) lives as long as the
// font cache below, like the cairo font face made from it.
Font load_font(const char* family, FontWeight weight) {
    FcPattern* pattern = FcNameParse(reinterpret_cast<const FcChar8*>(family));
    FcPatternAddInteger(pattern, FC_WEIGHT,
                        weight == FontWeight::Bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    // Unhinted outlines: the same glyph shapes and advances in PNG, SVG and PDF whatever the
    // user's fontconfig settings say, so a layout measured once holds in every format.
    FcPatternAddBool(pattern, FC_HINTING, FcFalse);
    FcPatternAddBool(pattern, FC_ANTIALIAS, FcTrue);
    FcConfigSubstitute(nullptr, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern* match = FcFontMatch(nullptr, pattern, &result);
    FcPatternDestroy(pattern);
    if (!match) throw std::runtime_error(std::string("fontconfig found no font for ") + family);
    Font font;
    font.pattern = match;
    FcPatternGetCharSet(match, FC_CHARSET, 0, &font.charset);
    FcChar8* name = nullptr;
    if (FcPatternGetString(match, FC_FAMILY, 0, &name) == FcResultMatch)
        font.family = reinterpret_cast<const char*>(name);
    font.face = cairo_ft_font_face_create_for_pattern(match);
    return font;
}

// The fonts loaded so far, kept for the process. At exit they are released, and cairo's and
// fontconfig's caches with them, so that a leak checker sees only real leaks.
struct FontCache {
    std::map<std::pair<bool, FontWeight>, std::vector<Font>> chains;
    FontCache() = default;
    FontCache(const FontCache&) = delete;
    FontCache& operator=(const FontCache&) = delete;
    ~FontCache() {
        for (auto& [key, chain] : chains)
            for (Font& font : chain) {
                cairo_font_face_destroy(font.face);
                FcPatternDestroy(font.pattern);
            }
        cairo_debug_reset_static_data();
        FcFini();
    }
};

// Fonts in order of preference; loaded once per (language, weight).
const std::vector<Font>& font_chain(const TextStyle& style) {
    static FontCache cache;
    auto& chains = cache.chains;
    const bool chinese = style.lang == "zh";
    auto key = std::make_pair(chinese, style.weight);
    auto it = chains.find(key);
    if (it != chains.end()) return it->second;
    std::vector<Font> chain;
    Font cjk = load_font("Noto Sans CJK SC", style.weight);
    cjk.wide_math_symbols = true;
    cjk.css_families = "'Noto Sans CJK SC', 'DejaVu Sans', sans-serif";
    Font latin = load_font("DejaVu Sans", style.weight);
    latin.css_families = "'DejaVu Sans', 'Noto Sans CJK SC', sans-serif";
    if (chinese) chain.push_back(cjk);
    chain.push_back(latin);
    if (!chinese) chain.push_back(cjk);
    return chains.emplace(key, std::move(chain)).first->second;
}

// Decodes one UTF-8 character at s[i], advancing i; invalid bytes become U+FFFD.
FcChar32 next_codepoint(const std::string& s, size_t& i) {
    FcChar32 c = 0;
    const int length =
        FcUtf8ToUcs4(reinterpret_cast<const FcChar8*>(s.data() + i), &c, int(s.size() - i));
    if (length <= 0) {
        ++i;
        return 0xfffd;
    }
    i += size_t(length);
    return c;
}

bool is_math_symbol(FcChar32 c) {
    return c == 0x00b7 || c == 0x00d7 || c == 0x2026 || c == 0x2212 || c == 0x221a;  // · × … − √
}

// Splits text into runs that one font can draw: the first font of the chain that has the
// character (see wide_math_symbols), or the leading font (which draws its "missing" box)
// when none has it.
struct Run {
    size_t font = 0;
    std::string text;
};
std::vector<Run> split_runs(const std::string& utf8, const std::vector<Font>& chain) {
    std::vector<Run> runs;
    size_t i = 0;
    while (i < utf8.size()) {
        const size_t start = i;
        const FcChar32 c = next_codepoint(utf8, i);
        size_t font = 0;
        for (size_t f = 0; f < chain.size(); ++f) {
            if (chain[f].wide_math_symbols && is_math_symbol(c)) continue;
            if (chain[f].charset && FcCharSetHasChar(chain[f].charset, c)) {
                font = f;
                break;
            }
        }
        if (runs.empty() || runs.back().font != font) runs.push_back({font, {}});
        runs.back().text.append(utf8, start, i - start);
    }
    return runs;
}

void select_font(cairo_t* cr, const Font& font, double size) {
    cairo_set_font_face(cr, font.face);
    cairo_set_font_size(cr, size);
}

}  // namespace

TextSize measure_text(cairo_t* cr, const std::string& utf8, const TextStyle& style) {
    const std::vector<Font>& chain = font_chain(style);
    TextSize size;
    select_font(cr, chain.front(), style.size);
    cairo_font_extents_t font_extents;
    cairo_font_extents(cr, &font_extents);
    size.ascent = font_extents.ascent;
    size.descent = font_extents.descent;
    for (const Run& run : split_runs(utf8, chain)) {
        select_font(cr, chain[run.font], style.size);
        cairo_text_extents_t extents;
        cairo_text_extents(cr, run.text.c_str(), &extents);
        size.width += extents.x_advance;
    }
    return size;
}

void draw_text(cairo_t* cr, const std::string& utf8, const TextStyle& style, double x, double y) {
    const std::vector<Font>& chain = font_chain(style);
    for (const Run& run : split_runs(utf8, chain)) {
        select_font(cr, chain[run.font], style.size);
        cairo_move_to(cr, x, y);
        cairo_show_text(cr, run.text.c_str());
        cairo_text_extents_t extents;
        cairo_text_extents(cr, run.text.c_str(), &extents);
        x += extents.x_advance;
    }
}

std::vector<DrawnRun> text_runs(cairo_t* cr, const std::string& utf8, const TextStyle& style) {
    const std::vector<Font>& chain = font_chain(style);
    std::vector<DrawnRun> runs;
    double x = 0.0;
    for (const Run& run : split_runs(utf8, chain)) {
        select_font(cr, chain[run.font], style.size);
        runs.push_back({run.text, chain[run.font].css_families, x});
        cairo_text_extents_t extents;
        cairo_text_extents(cr, run.text.c_str(), &extents);
        x += extents.x_advance;
    }
    return runs;
}

std::string font_families(const TextStyle& style) {
    std::string names;
    for (const Font& font : font_chain(style)) names += (names.empty() ? "" : ", ") + font.family;
    return names;
}

}  // namespace posviz
