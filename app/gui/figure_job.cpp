#include "app/gui/figure_job.h"

#include <atomic>
#include <chrono>

#include "app/gui/plot_transform.h"
#include "core/formats/scene_json.h"
#include "core/input_error.h"

namespace posviz::gui {

namespace {
// Versions are unique across jobs, so a texture keyed by panel never mistakes one job's figure
// for another's.
std::atomic<uint64_t> g_next_version{1};
}  // namespace

bool same_request(const FigureRequest& a, const FigureRequest& b) {
    return a.options.lang == b.options.lang && a.options.colormap == b.options.colormap &&
           a.options.log_x == b.options.log_x &&
           a.options.scores_backend == b.options.scores_backend &&
           a.options.device_heatmaps == b.options.device_heatmaps &&
           a.rotation_frame == b.rotation_frame && a.rotation_frames == b.rotation_frames &&
           a.theme == b.theme && same_scene(a.scene, b.scene);
}

FigureOutcome build_requested_figure(const FigureRequest& r) {
    FigureOutcome outcome;
    try {
        outcome.figure =
            r.rotation_frame >= 0
                ? build_rotation_frame(r.scene, r.options, r.rotation_frame, r.rotation_frames)
                : build_figure(r.scene, r.options);
    } catch (const InputError& e) {
        outcome.error = e.what();
    } catch (const std::bad_alloc&) {
        outcome.error = "not enough memory for this figure: lower L";
    } catch (const std::exception& e) {
        outcome.error = std::string("internal error: ") + e.what();
    }
    return outcome;
}

FigureJob::~FigureJob() {
    if (running_.valid()) running_.wait();
}

void FigureJob::request(const FigureRequest& request) {
    collect();
    if (requested_ && same_request(*requested_, request)) return;
    requested_ = request;
    if (running_.valid())
        pending_ = request;
    else
        start(request);
}

void FigureJob::start(const FigureRequest& request) {
    started_ = request;
    running_ = std::async(std::launch::async, build_requested_figure, request);
}

void FigureJob::collect() {
    if (!running_.valid() ||
        running_.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
        return;
    const std::optional<FigureRequest> built = started_;
    FigureOutcome outcome = running_.get();
    error_ = outcome.error;
    if (outcome.figure) {
        figure_ = std::move(outcome);
        pixels_theme_ = built->theme;
        version_ = g_next_version++;
    }
    if (pending_) {
        start(*pending_);
        pending_.reset();
    }
}

}  // namespace posviz::gui
