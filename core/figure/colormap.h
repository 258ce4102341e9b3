// Colormaps for heatmaps. Sequential: viridis, magma, cividis (perceptually uniform, readable in
// grey and by colour-blind viewers); gray, Greys (white to black) and Blues, as greyscale prints
// and the d2l.ai book draw matrices. Diverging: RdBu_r, blue below zero, white at the centre, red
// above — for signed values shown with symmetric limits, so white means exactly 0.
#pragma once

#include <string>
#include <vector>

#include "core/figure/figure.h"

namespace posviz {

struct Colormap {
    const char* name;
    bool diverging;
    Rgb (*at)(double t);  // t in [0, 1], clamped
    // How `at` is defined, for a shader to repeat it exactly: colours evenly spaced over [0, 1],
    // either listed (matplotlib's ListedColormap: entry min(floor(t·n), n − 1)) or interpolated
    // linearly between neighbours.
    std::vector<Rgb> (*nodes)();
    bool interpolated;
};

// Throws InputError("--colormap", name, <the names>) for an unknown name.
const Colormap& find_colormap(const std::string& name);
Rgb colormap_lookup(const std::string& name, double t);
std::vector<std::string> colormap_names();

struct Theme;
// The colour of a masked heatmap cell (NaN or ±inf, e.g. the causal mask's −∞) under `colormap`:
// the theme's masked grey, unless the colormap holds a colour near it (gray, Greys), then a hue
// the colormap does not hold, so that a masked cell never reads as a value.
Rgb masked_colour(const Theme& theme, const Colormap& colormap);

}  // namespace posviz
