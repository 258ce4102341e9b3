// The figures posviz draws, built from a Scene into the figure model (core/figure/figure.h).
// One builder per figure name; build_figure dispatches on scene.figure. Every title and label
// exists in English and Simplified Chinese (options.lang "zh").
//
// --compare: `scores` lays the listed encodings side by side (one colour scale for them where their
// ranges allow, core/figures/colour_scale.h); `bias` one bias matrix per listed encoding and their
// curves overlaid; `wavelengths` and `decay` overlay
// one curve per entry, where an entry is either a number (a base for the scene's encoding, e.g.
// 10000,500000) or an encoding name (sinusoidal, rope, xpos). The listed encodings replace
// --encoding there; every other figure refuses --compare (InputError("--compare")).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/figure/figure.h"
#include "core/scene.h"

namespace posviz {

class ScoresBackend;

// Whether the heatmaps of a figure that compares like with like (scores and bias with several
// encodings or heads) share one colour scale: always, never, or (Auto) when their largest |values|
// are within k_shared_scale_ratio of each other (core/figures/colour_scale.h).
enum class ColourScale { Auto, Shared, PerPanel };

struct FigureOptions {
    std::string lang = "en";  // en|zh
    std::string colormap;     // replaces every heatmap's colormap; empty: each figure's own
    bool log_x = false;       // decay: relative distance on a log axis
    // scores: where its matrices are computed; null: on the CPU (core/figures/scores_backend.h).
    ScoresBackend* scores_backend = nullptr;
    // scores: heatmaps may stay on the backend's device (Heatmap::device); only the GUI draws
    // those, so exports leave this false.
    bool device_heatmaps = false;
    // scores on the CPU: the products of the picture's logits in float32 (core/attention_rows.h),
    // twice the speed of double and as precise as the GPU's. Only the GUI sets it, for what it
    // draws; data exports (and everything else) stay double.
    bool single_precision = false;
    // curves: one panel per dimension instead of all curves in one (--split).
    bool split = false;
    // bias with alibi: one matrix per head, 0 … heads − 1, as the ALiBi paper draws them
    // (--all-heads).
    bool all_heads = false;
    // scores with exactly two encodings in --compare: a third panel A − B on a diverging scale
    // centred at 0, of its own (--difference).
    bool difference = false;
    // Heatmap colours (core/figures/colour_scale.h): --scale, --vmin/--vmax (unset: each map's
    // own limits) and --norm (unset: each figure's own, log for long softmax maps).
    ColourScale scale = ColourScale::Auto;
    std::optional<double> vmin = {}, vmax = {};
    std::optional<ColourNorm> norm = {};
    // scores logits of L > 2·preview_texels (0: off): a preview of about preview_texels² cells,
    // the logits at every ⌈L/preview_texels⌉-th position (core/analyses/sampled_logits.h), where
    // the encoding allows; the GUI shows it while the full map is computed.
    int preview_texels = 0;
};

// Throws InputError("FIGURE", ...) for an unknown figure, and InputError naming the option for
// an encoding the figure cannot show (e.g. "--encoding" for `bias` with rope).
Figure build_figure(const Scene& scene, const FigureOptions& options);
std::vector<std::string> figure_names();

// The rotation animation: frame f shows position m = f (pairs turning, q_m·k_0 so far).
Figure build_rotation_frame(const Scene& scene, const FigureOptions& options, int m, int frames);

}  // namespace posviz
