// Light (paper) and dark (slides) looks. The dark theme is for projection: larger type, thicker
// lines and a palette re-ordered so that its first colours stand out on a dark background.
// Palettes are Okabe & Ito's colour-blind-safe set ("Color Universal Design", 2008).
#pragma once

#include <string>
#include <vector>

#include "core/figure/figure.h"

namespace posviz {

struct Theme {
    const char* name;
    Rgb background;
    Rgb foreground;  // text, axes, arrows
    Rgb muted;       // tick labels, subtitles, secondary marks
    Rgb grid;
    Rgb masked;    // heatmap cells that are NaN or ±inf (e.g. the causal mask)
    Rgb note_box;  // behind boxed annotations and the legend
    std::vector<Rgb> palette;
    // Font sizes in points.
    double title_size, subtitle_size, panel_title_size, label_size, tick_size, note_size;
    double line_scale;  // multiplies every line width
};

// Throws InputError("--theme", name, "light or dark").
const Theme& find_theme(const std::string& name);
Rgb resolve_colour(const Theme& theme, const Colour& colour);

}  // namespace posviz
