// Sizes used everywhere around a plot box, in points, scaled with the theme's tick font.
#pragma once

#include "core/figure/theme.h"

namespace posviz {

struct PanelMetrics {
    double tick_length, pad, colorbar_width, colorbar_gap;
    explicit PanelMetrics(const Theme& theme)
        : tick_length(0.4 * theme.tick_size),
          pad(0.35 * theme.tick_size),
          colorbar_width(1.1 * theme.tick_size),
          colorbar_gap(1.0 * theme.tick_size) {}
};

}  // namespace posviz
