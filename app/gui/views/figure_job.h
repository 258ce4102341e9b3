// Figures are computed off the UI thread so that sliders stay fluid at L = 2048. Each frame a view
// says which figure it wants; when that differs from the last request (scenes compared field by
// field), the job submits a build to the app's one scheduler (figure_scheduler.h: a pool sized
// to the cores, newest first), which cancels the job's previous build — dropped if still queued,
// stopped at the core's next check if running — while the previous figure stays on screen with
// a "computing…" note. The new build does not wait for the stale one to stop. Of the builds that
// finish, a figure replaces the one shown only if it was requested later, so the picture is
// never older than the newest finished computation.
//
// Progressive refinement: a scores map of logits at L ≥ k_preview_from positions (a tenth of a
// second and more on two cores; seconds at L = 65536) is also built as a preview of about
// k_preview_texels² sampled logits (FigureOptions::preview_texels), under a key of its own so that
// neither build cancels the other, and ahead of it in the queue (newest first). The preview is
// shown if it finishes before the full map of its request (or of any later one); the full map
// always replaces it.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/plot/plot_transform.h"
#include "app/gui/storyline_names.h"
#include "app/gui/views/figure_scheduler.h"
#include "app/storyline/view_request.h"
#include "core/cancellation.h"
#include "core/figure/figure.h"
#include "core/figure/theme.h"
#include "core/figures/figures.h"
#include "core/scene.h"

namespace posviz::gui {

// What a build gives back: a figure, the message of the InputError (or other failure) it hit, or
// neither when it was cancelled.
struct FigureOutcome {
    std::optional<Figure> figure;
    std::vector<HeatmapPixels> heatmap_pixels;  // per panel (empty rgba: none)
    std::string error;
    bool cancelled = false;
};
// Builds on the calling thread, stopping early (outcome.cancelled) once the thread's current
// cancellation token is cancelled.
FigureOutcome build_requested_figure(const ViewRequest& request);

using Deadline = std::chrono::steady_clock::time_point;

class FigureJob {
  public:
    // Builds go to `scheduler` (the app's by default; tests give their own).
    explicit FigureJob(FigureScheduler* scheduler = nullptr);
    FigureJob(const FigureJob&) = delete;
    FigureJob& operator=(const FigureJob&) = delete;
    ~FigureJob();  // cancels its builds and waits for them to stop

    // Call every frame with the figure that should be on screen.
    void request(const ViewRequest& request);
    // After request(), before drawing: when this frame's request started builds, waits until
    // `deadline` at most for the one that gives its first picture (the preview of a long map,
    // else the map) and takes it, so that the frame that made the change already shows the
    // change — a frame sooner than at the next wake-up. (At L = 512 a build takes ~1 ms, and two
    // llvmpipe frames were most of a change's 16 ms.) Not for a full build when the job's last
    // one took longer than the wait allows (a 2048² map, ~30 ms): the frame would only come
    // later, and its drawing then fall on the build's busiest part.
    void show_first_picture(Deadline deadline);
    // Cancels the builds and forgets the requests (quitting): the next request starts afresh.
    void cancel();
    // Waits until no build of this job runs, or `deadline`; true when none does.
    bool wait_until(Deadline deadline) const;

    // The newest figure built (null before the first), and its version: a number that changes
    // with every new figure, for the plot widget's texture cache.
    const Figure* figure() const { return figure_ ? &figure_->figure.value() : nullptr; }
    // The heatmap colours made with the figure, and the theme they were made for.
    const std::vector<HeatmapPixels>& heatmap_pixels() const { return figure_->heatmap_pixels; }
    const Theme* pixels_theme() const { return pixels_theme_; }
    uint64_t version() const { return version_; }
    // Why the newest finished request failed; empty when it did not.
    const std::string& error() const { return error_; }
    bool computing() const { return !builds_.empty(); }
    // How far the newest build has got, 0 … 1 (core/cancellation.h's report_progress).
    double progress() const;
    const std::optional<ViewRequest>& last_request() const { return requested_; }
    // The request the figure on show was built from (null before the first): what a tooltip's
    // numbers must come from while a newer request is still computing.
    const ViewRequest* figure_request() const {
        return figure_request_ ? &*figure_request_ : nullptr;
    }
    // The newest request has finished (its figure or its error is what the view shows), or there
    // is none: what the latency benchmark waits for after each change.
    bool shows_newest() const;
    // As shows_newest, or the newest request's preview is on show (the first picture of a long
    // map).
    bool shows_newest_picture() const {
        return shows_newest() || (requested_ && preview_index_ == requests_);
    }

    // Not below: at L = 2048 the full map comes within a few frames (~40 ms on two cores), and a
    // preview there only delayed it (its build and the frame that drew it took the cores: full
    // map 55 → 49 ms median in the latency benchmark).
    static constexpr int k_preview_from = 4096;
    static constexpr int k_preview_texels = 256;

  private:
    struct Build {
        ViewRequest request;
        FigureOutcome outcome;  // written by the worker before the work is marked finished
        std::shared_ptr<ScheduledWork> work;
        uint64_t request_index = 0;  // which request() it serves, counted from 1
        bool preview = false;
        std::chrono::steady_clock::duration took{};  // the worker's time on it, once finished
    };
    void submit(const ViewRequest& request, bool preview);
    void collect();  // takes the finished builds
    void take(Build& build);
    // The scheduler key of the previews: another address than the job's own.
    const void* preview_key() const { return reinterpret_cast<const char*>(this) + 1; }

    FigureScheduler* scheduler_;
    std::optional<ViewRequest> requested_;        // the newest request
    std::vector<std::shared_ptr<Build>> builds_;  // submitted, not collected; oldest first
    uint64_t requests_ = 0;                       // request() calls that asked for a new figure
    std::shared_ptr<Build> first_picture_;        // of this frame's request(), until waited for
    std::optional<ViewRequest> finished_;         // the newest finished full build's
    uint64_t finished_index_ = 0;                 // and its request index
    uint64_t preview_index_ = 0;                  // the request index of the preview shown
    std::chrono::steady_clock::duration last_full_build_{};  // the newest finished full build's
    std::optional<FigureOutcome> figure_;                    // the newest successful build
    std::optional<ViewRequest> figure_request_;              // and its request
    const Theme* pixels_theme_ = nullptr;
    uint64_t version_ = 0;
    std::string error_;
};

}  // namespace posviz::gui
