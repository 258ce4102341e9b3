// What `posviz bench latency` measures, shared with the browser page's benchmark
// (app/web/web_bench.cpp): its scene, its scripted changes and when a change counts as drawn.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/gui/app.h"
#include "app/gui/storyline_names.h"
#include "app/storyline/preset.h"

namespace posviz::gui {

// The benchmark's own scene (no --preset): the Attention view alone on random q and k, RoPE.
Preset latency_default_preset();

// A scene change as a slider or a field would make it.
struct Change {
    std::string what;
    std::function<void(Scene&)> apply;
};

// The scripted "drag": L rising to its value in 8 steps from 88 % of it (1800 → 2048), four
// seeds, then D rising to its value in three steps of D/16 (104 → 128), as a user exploring one
// scene does. Each change is measured on its own, from the change to its picture.
std::vector<Change> scripted_changes(const Scene& scene);

// Every view shows the figure of the scene as it is now: in full, or (`preview_will_do`) at
// least the preview of a long map (figure_job.h's progressive refinement).
bool all_shown(const App& app, bool preview_will_do);

// The p-quantile of `values` (the sorted value at index ⌊p·n⌋, the last at most): the median and
// p95 the benchmark reports.
double percentile(std::vector<double> values, double p);

}  // namespace posviz::gui
