#include "app/web/web_svg.h"

#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8

#include "app/render/svg_document.h"
#include "app/web/png_writer.h"
#include "core/layout/figure_layout.h"

namespace posviz::web {

namespace {

constexpr double k_points_per_inch = 72.0;
// ImGui's stb_truetype sizes a font by ascender + descender; DejaVu Sans's are 1901 + 483 of 2048
// units (its hhea table), 1.164 em, so text of `size` em is measured at 1.164 × size. The merged
// Noto Sans CJK is sized to the same em (fonts.cpp's k_cjk_size_factor).
constexpr double k_dejavu_height_em = (1901.0 + 483.0) / 2048.0;

// The page's fonts: body (regular) and heading (bold), each DejaVu Sans with Noto Sans CJK merged
// in (app/gui/window/fonts.cpp).
const ImFont& font_for(const TextStyle& style) {
    const ImVector<ImFont*>& fonts = ImGui::GetIO().Fonts->Fonts;
    return *fonts[style.weight == FontWeight::Bold && fonts.Size > 1 ? 1 : 0];
}

// Characters the Noto Sans CJK face draws in the page's atlas (fonts.cpp merges it for these).
bool is_cjk(unsigned c) {
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFF00 && c <= 0xFFEF);
}

// The CSS families of a run, as the desktop's SVG names them (app/render/text.cpp).
std::string families(bool cjk) {
    return cjk ? "'Noto Sans CJK SC', 'DejaVu Sans', sans-serif"
               : "'DejaVu Sans', 'Noto Sans CJK SC', sans-serif";
}

// The advance of `text` at `size` em.
double width_of(const ImFont& font, const std::string& text, double size) {
    return font
        .CalcTextSizeA(float(size * k_dejavu_height_em), FLT_MAX, 0.0f, text.data(),
                       text.data() + text.size())
        .x;
}

class PageTextMeasure : public TextMeasure {
  public:
    TextSize measure(const std::string& utf8, const TextStyle& style) const override {
        const ImFont& font = font_for(style);
        const double scale = style.size * k_dejavu_height_em / font.FontSize;
        return {width_of(font, utf8, style.size), font.Ascent * scale, -font.Descent * scale};
    }
};

class PageSvgResources : public SvgResources {
  public:
    std::vector<DrawnRun> runs(const std::string& utf8, const TextStyle& style) const override {
        const ImFont& font = font_for(style);
        std::vector<DrawnRun> runs;
        std::vector<bool> cjk_of;
        const char* s = utf8.c_str();
        const char* end = s + utf8.size();
        double x = 0.0;
        while (s < end) {
            unsigned c = 0;
            const char* start = s;
            s += ImTextCharFromUtf8(&c, s, end);
            const bool cjk = is_cjk(c);
            if (runs.empty() || cjk != cjk_of.back()) {
                if (!runs.empty()) x += width_of(font, runs.back().text, style.size);
                runs.push_back({"", families(cjk), x});
                cjk_of.push_back(cjk);
            }
            runs.back().text.append(start, s);
        }
        return runs;
    }
    std::string png(const ImageItem& item) const override {
        std::vector<uint8_t> rgba(item.pixels.size() * 4);
        for (size_t i = 0; i < item.pixels.size(); ++i) {
            rgba[4 * i] = uint8_t(item.pixels[i] >> 16);
            rgba[4 * i + 1] = uint8_t(item.pixels[i] >> 8);
            rgba[4 * i + 2] = uint8_t(item.pixels[i]);
            rgba[4 * i + 3] = 255;
        }
        return encode_png(item.cols, item.rows, rgba);
    }
};

}  // namespace

std::string figure_svg(const Figure& figure, const std::string& theme, const std::string& lang) {
    Canvas canvas;
    canvas.width = figure.width_in * k_points_per_inch;
    canvas.height = figure.height_in * k_points_per_inch;
    canvas.theme = theme;
    canvas.lang = lang;
    const LaidOutFigure laid_out = lay_out_figure(figure, canvas, PageTextMeasure());
    return write_svg(laid_out.display, figure.title, PageSvgResources());
}

}  // namespace posviz::web
