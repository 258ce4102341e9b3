#include "app/gui/plot/imgui_text_measure.h"

#include <cfloat>

namespace posviz::gui {

namespace {

// The leading font's ascender and descender in ems, as cairo's font extents give them: DejaVu
// Sans's hhea 1901 and 483 of 2048 units, Noto Sans CJK's 1160 and 288 of 1000 (lang zh puts it
// first, core/layout/text_measure.h). ImGui's own (FT_CEIL'd at the baked size) are a few
// hundredths larger.
struct EmExtents {
    double ascent, descent;
};
constexpr EmExtents k_dejavu = {1901.0 / 2048.0, 483.0 / 2048.0};
constexpr EmExtents k_noto_cjk = {1160.0 / 1000.0, 288.0 / 1000.0};

}  // namespace

TextSize ImGuiTextMeasure::measure(const std::string& utf8, const TextStyle& style) const {
    ImFont* f = font(style);
    const ImVec2 size = f->CalcTextSizeA(imgui_size(style.size), FLT_MAX, 0.0f, utf8.data(),
                                         utf8.data() + utf8.size());
    const EmExtents em = style.lang == "zh" ? k_noto_cjk : k_dejavu;
    return {double(size.x) / double(pixels_per_point_), em.ascent * style.size,
            em.descent * style.size};
}

}  // namespace posviz::gui
