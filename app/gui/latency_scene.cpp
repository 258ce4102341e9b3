#include "app/gui/latency_scene.h"

#include <algorithm>
#include <cstdint>

namespace posviz::gui {

Preset latency_default_preset() {
    Preset preset;
    preset.scene.encoding = "rope";
    preset.scene.content = "random";  // the case: random q and k
    settings_of(preset.views, ViewId::Attention).open = true;
    return preset;
}

std::vector<Change> scripted_changes(const Scene& scene) {
    std::vector<Change> changes;
    const int seq_len = scene.seq_len, from = std::max(2, seq_len * 88 / 100);
    for (int i = 1; i <= 8; ++i) {
        const int l = from + (seq_len - from) * i / 8;
        changes.push_back({"L=" + std::to_string(l), [l](Scene& s) { s.seq_len = l; }});
    }
    for (uint64_t i = 1; i <= 4; ++i) {
        const uint64_t seed = scene.seed + i;
        changes.push_back({"seed=" + std::to_string(seed), [seed](Scene& s) { s.seed = seed; }});
    }
    const int step = std::max(2, scene.dim / 16 / 2 * 2);
    for (int i = 3; i >= 0; --i) {
        const int d = scene.dim - i * step;
        if (d >= 2) changes.push_back({"D=" + std::to_string(d), [d](Scene& s) { s.dim = d; }});
    }
    return changes;
}

bool all_shown(const App& app, bool preview_will_do) {
    for (const ViewRuntime& rt : app.runtime)
        for (const FigureJob& job : rt.jobs)
            if (!(preview_will_do ? job.shows_newest_picture() : job.shows_newest())) return false;
    return true;
}

double percentile(std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, size_t(p * double(values.size())))];
}

}  // namespace posviz::gui
