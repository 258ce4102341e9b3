// The layout's text measure (core/layout/text_measure.h) for the screen: ImGui's fonts, regular
// for body text and bold for titles, at any size, so that a figure laid out for the screen is
// measured with the fonts it is drawn with. Sizes are points; the screen has pixels_per_point
// pixels to one.
#pragma once

#include <imgui.h>

#include "app/gui/window/fonts.h"
#include "core/layout/text_measure.h"

namespace posviz::gui {

class ImGuiTextMeasure : public TextMeasure {
  public:
    ImGuiTextMeasure(ImFont* regular, ImFont* bold, float pixels_per_point)
        : regular_(regular), bold_(bold), pixels_per_point_(pixels_per_point) {}
    TextSize measure(const std::string& utf8, const TextStyle& style) const override;
    ImFont* font(const TextStyle& style) const {
        return style.weight == FontWeight::Bold ? bold_ : regular_;
    }
    // The size ImGui sets text of `points` (an em) at, in pixels (fonts.h: k_font_size_per_em).
    float imgui_size(double points) const {
        return float(points) * pixels_per_point_ * k_font_size_per_em;
    }
    float pixels_per_point() const { return pixels_per_point_; }

  private:
    ImFont* regular_;
    ImFont* bold_;
    float pixels_per_point_;
};

}  // namespace posviz::gui
