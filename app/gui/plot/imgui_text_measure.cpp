#include "app/gui/plot/imgui_text_measure.h"

#include <cfloat>

namespace posviz::gui {

TextSize ImGuiTextMeasure::measure(const std::string& utf8, const TextStyle& style) const {
    ImFont* f = font(style);
    const float pixels = float(style.size) * pixels_per_point_;
    const ImVec2 size =
        f->CalcTextSizeA(pixels, FLT_MAX, 0.0f, utf8.data(), utf8.data() + utf8.size());
    // The font's own ascent and descent, scaled from the size it was baked at.
    const double to_points = double(pixels) / double(f->FontSize) / double(pixels_per_point_);
    return {double(size.x) / double(pixels_per_point_), double(f->Ascent) * to_points,
            -double(f->Descent) * to_points};
}

}  // namespace posviz::gui
