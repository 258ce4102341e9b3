// The figures posviz draws, built from a Scene into the figure model (core/figure/figure.h).
// One builder per figure name; build_figure dispatches on scene.figure. Every title and label
// exists in English and Simplified Chinese (options.lang "zh").
//
// --compare: `scores` lays the listed encodings side by side with shared colour limits;
// `wavelengths` and `decay` overlay one curve per entry, where an entry is either a number (a
// base for the scene's encoding, e.g. 10000,500000) or an encoding name (sinusoidal, rope, xpos).
#pragma once

#include <string>
#include <vector>

#include "core/figure/figure.h"
#include "core/scene.h"

namespace posviz {

class ScoresBackend;

struct FigureOptions {
    std::string lang = "en";  // en|zh
    std::string colormap;     // replaces every heatmap's colormap; empty: each figure's own
    bool log_x = false;       // decay: relative distance on a log axis
    // scores: where its matrices are computed; null: on the CPU (core/figures/scores_backend.h).
    ScoresBackend* scores_backend = nullptr;
    // scores: heatmaps may stay on the backend's device (Heatmap::device); only the GUI draws
    // those, so exports leave this false.
    bool device_heatmaps = false;
};

// Throws InputError("FIGURE", ...) for an unknown figure, and InputError naming the option for
// an encoding the figure cannot show (e.g. "--encoding" for `bias` with rope).
Figure build_figure(const Scene& scene, const FigureOptions& options);
std::vector<std::string> figure_names();

// The rotation animation: frame f shows position m = f (pairs turning, q_m·k_0 so far).
Figure build_rotation_frame(const Scene& scene, const FigureOptions& options, int m, int frames);

}  // namespace posviz
