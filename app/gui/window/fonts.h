// The font atlas. DejaVu Sans covers Latin, Greek and the maths the figures print (θᵢ, −, ×, ⁻⁴,
// ∞); Noto Sans CJK SC is merged in for Chinese: ImGui's common simplified set (2500 characters)
// when the UI is Chinese, plus any character a figure or preset uses beyond it (in English, just
// those and the language menu's "中文"). Two faces: regular for
// text and ticks, bold and larger for titles. Rebuilt whenever language, lecture mode or screen
// scale change (the caller then re-uploads the texture).
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

namespace posviz::gui {

// ImGui's FreeType builder sizes a font by its ascender + descender, which for DejaVu Sans is
// 1.164 em: text ImGui sets at size s has an em of s / k_font_size_per_em (the size cairo and the
// figure layout mean).
constexpr float k_font_size_per_em = 1.164f;

struct FontSpec {
    std::string lang = "en";
    float size = 17.0f;          // body text in pixels, screen scale included
    std::vector<ImWchar> extra;  // characters wanted beyond the standard ranges
    bool operator==(const FontSpec&) const = default;
};

struct Fonts {
    ImFont* body = nullptr;
    ImFont* heading = nullptr;
    std::string problem;  // e.g. a missing font file, shown in the UI; empty when all is well
};

// Clears ImGui's atlas and builds it anew for `spec`. A missing file falls back to ImGui's own
// font (Latin only) and says so in `problem`.
Fonts build_fonts(const FontSpec& spec);

// Appends the non-ASCII characters of `text` (UTF-8) that `font` lacks (all of them when `font`
// is null) and `missing` does not hold yet.
void add_missing_characters(const ImFont* font, const std::string& text,
                            std::vector<ImWchar>& missing);

}  // namespace posviz::gui
