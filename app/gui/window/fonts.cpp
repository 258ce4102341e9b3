#include "app/gui/window/fonts.h"

#include <imgui_freetype.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <tuple>

#include "app/gui/window/font_advances.h"

namespace posviz::gui {

namespace {

constexpr const char* k_latin_regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr const char* k_latin_bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
constexpr const char* k_cjk_regular = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
constexpr const char* k_cjk_bold = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc";
constexpr int k_cjk_simplified_chinese = 2;  // face index of "Noto Sans CJK SC" in the .ttc
// ImGui's FreeType builder sizes a font by ascender + descender. Noto CJK's (1.448 em) are taller
// than DejaVu's (1.164 em), so at the same pixel size its characters come out a fifth smaller
// than the Latin beside them; this factor makes their em squares equal.
constexpr float k_cjk_size_factor = 1.448f / k_font_size_per_em;

// Latin-1, Greek, phonetic subscripts (ᵢ), punctuation (– … ·), super/subscripts (₂ ⁻⁴), arrows,
// maths operators (− × ∞ √ ≈), geometric shapes (▶ ■).
constexpr ImWchar k_latin_ranges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x1D00, 0x1DBF, 0x141F,
                                      0x141F, 0x2000, 0x206F, 0x2070, 0x209F, 0x2190, 0x21FF,
                                      0x2200, 0x22FF, 0x25A0, 0x25FF, 0};

// The atlas keeps pointers into the ranges until it is built and beyond: they live here, one
// set per atlas (the speaker notes window has an ImGui context, and an atlas, of its own).
std::map<const ImFontAtlas*, ImVector<ImWchar>> g_ranges;

ImFont* add_face(const char* latin, const char* cjk, float size, std::string& problem) {
    ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
    const ImWchar* ranges = g_ranges[&atlas].Data;
    ImFont* font = nullptr;
    if (std::filesystem::exists(latin)) {
        font = atlas.AddFontFromFileTTF(latin, size, nullptr, ranges);
    } else {
        problem = std::string("font not found: ") + latin + " (install fonts-dejavu-core)";
        ImFontConfig config;
        config.SizePixels = size;
        font = atlas.AddFontDefault(&config);
    }
    if (!std::filesystem::exists(cjk)) {
        problem = std::string("Chinese font not found: ") + cjk + " (install fonts-noto-cjk)";
        return font;
    }
    ImFontConfig config;
    config.MergeMode = true;
    config.FontNo = k_cjk_simplified_chinese;
    atlas.AddFontFromFileTTF(cjk, std::round(size * k_cjk_size_factor), &config, ranges);
    return font;
}

// The em, in pixels, of a face the atlas set at `size` (ImGui sizes by ascender + descender).
float em_pixels(float size, bool cjk) {
    return cjk ? std::round(size * k_cjk_size_factor) / 1.448f : size / k_font_size_per_em;
}

}  // namespace

Fonts build_fonts(const FontSpec& spec) {
    ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
    atlas.Clear();
    // FreeType hints small text onto the pixel grid: sharper than stb_truetype on a projector.
    atlas.FontBuilderIO = ImGuiFreeType::GetBuilderForFreeType();
    atlas.FontBuilderFlags = ImGuiFreeTypeBuilderFlags_LightHinting;

    ImFontGlyphRangesBuilder builder;
    builder.AddRanges(k_latin_ranges);
    if (spec.lang == "zh") builder.AddRanges(atlas.GetGlyphRangesChineseSimplifiedCommon());
    // The language menu names Chinese in Chinese, also while the UI is in English.
    builder.AddText("中文语言");
    for (ImWchar c : spec.extra) builder.AddChar(c);
    ImVector<ImWchar>& ranges = g_ranges[&atlas];
    ranges.clear();
    builder.BuildRanges(&ranges);

    Fonts fonts;
    fonts.body = add_face(k_latin_regular, k_cjk_regular, spec.size, fonts.problem);
    fonts.heading = add_face(k_latin_bold, k_cjk_bold, std::round(spec.size * 1.2f), fonts.problem);
    atlas.Build();
    // As exports measure text (font_advances.h).
    for (const auto& [font, latin, cjk, size] :
         {std::tuple{fonts.body, k_latin_regular, k_cjk_regular, spec.size},
          std::tuple{fonts.heading, k_latin_bold, k_cjk_bold, std::round(spec.size * 1.2f)}})
        use_exact_advances(font, {{latin, 0, em_pixels(size, false)},
                                  {cjk, k_cjk_simplified_chinese, em_pixels(size, true)}});
    return fonts;
}

void add_missing_characters(const ImFont* font, const std::string& text,
                            std::vector<ImWchar>& missing) {
    const char* s = text.c_str();
    const char* end = s + text.size();
    while (s < end) {
        unsigned int c = 0;
        s += ImTextCharFromUtf8(&c, s, end);
        if (c < 0x80 || c > 0xFFFF || (font && font->FindGlyphNoFallback(ImWchar(c)))) continue;
        if (std::find(missing.begin(), missing.end(), ImWchar(c)) == missing.end())
            missing.push_back(ImWchar(c));
    }
}

}  // namespace posviz::gui
