// Figures are computed off the UI thread so that sliders stay fluid at L = 2048. Each frame a view
// says which figure it wants; when that differs from the last request (scenes compared field by
// field), a worker thread builds it while the previous figure stays on screen with a
// "computing…" note. One build runs at a time per job: requests made meanwhile collapse into the
// newest, so dragging a slider never queues a backlog.
#pragma once

#include <cstdint>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include "core/figure/figure.h"
#include "core/figure/theme.h"
#include "core/figures/figures.h"
#include "core/scene.h"

namespace posviz::gui {

struct FigureRequest {
    Scene scene;  // scene.figure names the figure
    FigureOptions options;
    int rotation_frame = -1;  // >= 0: build_rotation_frame at this m (of rotation_frames)
    int rotation_frames = 0;
    // When set, the heatmaps are also coloured for this theme on the worker: at L = 2048 that is
    // a tenth of a second per panel the UI thread does not spend.
    const Theme* theme = nullptr;
};

bool same_request(const FigureRequest& a, const FigureRequest& b);

// What a build gives back: a figure, or the message of the InputError (or other failure) it hit.
struct FigureOutcome {
    std::optional<Figure> figure;
    std::vector<std::vector<uint8_t>> heatmap_pixels;  // heatmap_rgba per panel (empty: none)
    std::string error;
};
FigureOutcome build_requested_figure(const FigureRequest& request);

class FigureJob {
  public:
    FigureJob() = default;
    FigureJob(const FigureJob&) = delete;
    FigureJob& operator=(const FigureJob&) = delete;
    ~FigureJob();  // waits for a build still running

    // Call every frame with the figure that should be on screen.
    void request(const FigureRequest& request);

    // The newest figure built (null before the first), and its version: a number that changes
    // with every new figure, for the plot widget's texture cache.
    const Figure* figure() const { return figure_ ? &figure_->figure.value() : nullptr; }
    // The heatmap colours made with the figure, and the theme they were made for.
    const std::vector<std::vector<uint8_t>>& heatmap_pixels() const {
        return figure_->heatmap_pixels;
    }
    const Theme* pixels_theme() const { return pixels_theme_; }
    uint64_t version() const { return version_; }
    // Why the newest request failed; empty when it did not.
    const std::string& error() const { return error_; }
    bool computing() const { return running_.valid(); }
    const std::optional<FigureRequest>& last_request() const { return requested_; }

  private:
    void collect();  // takes a finished build, starts the pending one
    void start(const FigureRequest& request);

    std::optional<FigureRequest> requested_;  // the newest request
    std::optional<FigureRequest> pending_;    // newer than the running build, not started yet
    std::optional<FigureRequest> started_;    // the running build's request
    std::future<FigureOutcome> running_;
    std::optional<FigureOutcome> figure_;  // the newest successful build
    const Theme* pixels_theme_ = nullptr;
    uint64_t version_ = 0;
    std::string error_;
};

}  // namespace posviz::gui
