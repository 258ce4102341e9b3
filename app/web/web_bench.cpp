#include "app/web/web_bench.h"

#include <emscripten.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/language.h"

namespace posviz::web {

namespace {

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", v);
    return text;
}

}  // namespace

void LatencyBench::start(gui::App& app, int seq_len, int dim) {
    gui::Preset preset = gui::latency_default_preset();
    preset.scene.seq_len = seq_len;
    preset.scene.dim = dim;
    gui::settings_of(preset.views, gui::ViewId::Attention).compare = {"sinusoidal", "rope"};
    changes_ = gui::scripted_changes(preset.scene);
    preset.scene.seq_len = std::max(2, seq_len * 88 / 100);
    gui::set_language("en");
    gui::set_lecture(app, false);
    gui::apply_preset(app, preset);
    app.preset_index = -1;
    app.animate = false;
    running_ = true;
    next_ = -1;
    warm_frames_ = 0;
    measuring_ = false;
    names_.clear();
    first_.clear();
    full_.clear();
    EM_ASM({ delete document.body.dataset.bench; });
}

void LatencyBench::before_frame(gui::App& app) {
    if (!running_ || measuring_ || next_ < 0 || warm_frames_ < 5) return;
    if (next_ == int(changes_.size())) {
        running_ = false;
        finish();
        return;
    }
    changes_[size_t(next_)].apply(app.scene);
    names_.push_back(changes_[size_t(next_)].what);
    ++next_;
    changed_ = Clock::now();
    first_ms_ = -1.0;
    measuring_ = true;
}

void LatencyBench::after_frame(const gui::App& app) {
    if (!running_) return;
    if (!measuring_) {
        // The first figures (and their fonts), then five frames for ImGui to settle, untimed.
        if (next_ < 0 && gui::all_shown(app, false)) next_ = 0;
        if (next_ >= 0) ++warm_frames_;
        return;
    }
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - changed_).count();
    if (first_ms_ < 0.0 && gui::all_shown(app, true)) first_ms_ = ms;
    if (gui::all_shown(app, false)) {
        first_.push_back(first_ms_);
        full_.push_back(ms);
        measuring_ = false;
    }
}

void LatencyBench::finish() const {
    if (full_.empty()) return;
    std::string json = "{\"changes\": [";
    for (size_t i = 0; i < names_.size(); ++i)
        json += std::string(i ? ", " : "") + "{\"change\": \"" + names_[i] +
                "\", \"first_ms\": " + number(first_[i]) + ", \"full_ms\": " + number(full_[i]) +
                "}";
    json += "], \"first_median_ms\": " + number(gui::percentile(first_, 0.5)) +
            ", \"full_median_ms\": " + number(gui::percentile(full_, 0.5)) +
            ", \"full_p95_ms\": " + number(gui::percentile(full_, 0.95)) + "}";
    EM_ASM({ document.body.dataset.bench = UTF8ToString($0); }, json.c_str());
}

}  // namespace posviz::web
