// `posviz bench latency` in the page (posviz.benchLatency(L, D) in index.html): the desktop
// benchmark's scene and scripted changes (app/gui/latency_scene.h), each timed from the change to
// the end of the frame that draws its picture, the page's frames going on between them (the
// browser paces them; nothing can block it). The result, as JSON, lands in
// document.body.dataset.bench: per change its first picture and full map in ms, the medians and
// the p95 of the full map.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "app/gui/app.h"
#include "app/gui/latency_scene.h"

namespace posviz::web {

class LatencyBench {
  public:
    // Starts at the next frame: the scene at 88 % of L (untimed), then the changes.
    void start(gui::App& app, int seq_len, int dim);
    void before_frame(gui::App& app);  // applies the next change when the last one was drawn
    void after_frame(const gui::App& app);

  private:
    using Clock = std::chrono::steady_clock;
    void finish() const;

    bool running_ = false;
    std::vector<gui::Change> changes_;
    int next_ = -1;        // the change to apply; -1: the first figures are still coming
    int warm_frames_ = 0;  // frames after the first figures, before the first change
    bool measuring_ = false;
    Clock::time_point changed_;
    double first_ms_ = -1.0;
    std::vector<std::string> names_;
    std::vector<double> first_, full_;
};

}  // namespace posviz::web
