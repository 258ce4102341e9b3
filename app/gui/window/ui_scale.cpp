#include "app/gui/window/ui_scale.h"

#include <algorithm>
#include <cmath>

namespace posviz::gui {

float ui_scale_factor(int percent, float content_scale, int monitor_height) {
    if (percent > 0) return float(percent) / 100.0f;
    const float by_height = std::floor(float(monitor_height) / 1080.0f * 4.0f) / 4.0f;
    return std::max({1.0f, content_scale, by_height});
}

}  // namespace posviz::gui
