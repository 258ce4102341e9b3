#include "app/gui/views/figure_job.h"

#include <atomic>
#include <thread>

#include "app/gui/plot/plot_transform.h"
#include "core/input_error.h"
#include "core/stage_times.h"

namespace posviz::gui {

namespace {
// Versions are unique across jobs, so a texture keyed by panel never mistakes one job's figure
// for another's.
std::atomic<uint64_t> g_next_version{1};
}  // namespace

namespace {

// The preview a request gets (FigureJob's progressive refinement), if any: logits only (a
// softmax row needs every key), computed on the CPU.
std::optional<ViewRequest> preview_of(const ViewRequest& r) {
    if (r.scene.figure != "scores" || r.scene.softmax || r.rotation_frame >= 0 ||
        r.options.device_heatmaps || r.scene.seq_len < FigureJob::k_preview_from)
        return std::nullopt;
    ViewRequest preview = r;
    preview.options.preview_texels = FigureJob::k_preview_texels;
    return preview;
}

}  // namespace

FigureOutcome build_requested_figure(const ViewRequest& r) {
    FigureOutcome outcome;
    try {
        Figure figure = build_view_figure(r);
        if (r.theme)
            for (const Panel& panel : figure.panels) {
                throw_if_cancelled();
                const bool on_host = panel.heatmap && !panel.heatmap->device;
                HeatmapPixels pixels;
                if (on_host) {
                    const stage_times::Scope timed(stage_times::Stage::Colouring);
                    pixels = heatmap_pixels(*panel.heatmap, *r.theme);
                }
                outcome.heatmap_pixels.push_back(std::move(pixels));
            }
        outcome.figure = std::move(figure);
    } catch (const Cancelled&) {
        outcome = FigureOutcome{};
        outcome.cancelled = true;
    } catch (const InputError& e) {
        outcome.error = e.what();
    } catch (const std::bad_alloc&) {
        outcome.error = "not enough memory for this figure: lower L";
    } catch (const std::exception& e) {
        outcome.error = std::string("internal error: ") + e.what();
    }
    return outcome;
}

FigureJob::FigureJob(FigureScheduler* scheduler)
    : scheduler_(scheduler ? scheduler : &figure_scheduler()) {}

FigureJob::~FigureJob() {
    cancel();
    // The builds hold nothing of the job's, but they may use what its owner owns (the GPU
    // backend): they must have stopped before the owner goes on.
    while (!wait_until(std::chrono::steady_clock::now() + std::chrono::seconds(1))) {
    }
}

void FigureJob::request(const ViewRequest& request) {
    collect();
    first_picture_.reset();
    if (requested_ && same_request(*requested_, request)) return;
    requested_ = request;
    ++requests_;
    // The full build first, then its preview: newest first, the preview is taken up first.
    submit(request, false);
    if (const std::optional<ViewRequest> preview = preview_of(request))
        submit(*preview, true);
    else
        scheduler_->cancel(preview_key());  // an older preview would only be stale
    first_picture_ = builds_.back();
}

void FigureJob::show_first_picture(Deadline deadline) {
    if (!first_picture_) return;
    const std::shared_ptr<Build> build = std::move(first_picture_);
    first_picture_.reset();
    if (!build->preview && std::chrono::steady_clock::now() + last_full_build_ > deadline) return;
    ScheduledWork& work = *build->work;
    work.awaited.store(true, std::memory_order_release);
    while (!work.finished.load(std::memory_order_acquire)) {
        // Given up: unless the worker has taken the flag (it finished without waking the loop,
        // and this frame must take the build), the wake-up will come.
        if (std::chrono::steady_clock::now() > deadline &&
            work.awaited.exchange(false, std::memory_order_acq_rel))
            return;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    collect();
}

void FigureJob::submit(const ViewRequest& request, bool preview) {
    auto build = std::make_shared<Build>();
    build->request = request;
    build->request_index = requests_;
    build->preview = preview;
    // The worker writes the outcome before it marks the work finished; the job reads it after.
    // A preview is light work beside its full build (figure_scheduler.h).
    build->work = scheduler_->submit(
        preview ? preview_key() : this,
        [build = build.get()] {
            const auto start = std::chrono::steady_clock::now();
            build->outcome = build_requested_figure(build->request);
            build->took = std::chrono::steady_clock::now() - start;
        },
        preview);
    builds_.push_back(std::move(build));
}

void FigureJob::cancel() {
    scheduler_->cancel(this);
    scheduler_->cancel(preview_key());
    requested_.reset();
}

bool FigureJob::wait_until(Deadline deadline) const {
    for (const auto& build : builds_)
        while (!build->work->finished.load(std::memory_order_acquire)) {
            if (std::chrono::steady_clock::now() > deadline) return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    return true;
}

double FigureJob::progress() const {
    // The newest full build's: a preview reports none.
    for (auto it = builds_.rbegin(); it != builds_.rend(); ++it)
        if (!(*it)->preview) return (*it)->work->token.progress();
    return 0.0;
}

bool FigureJob::shows_newest() const {
    return !requested_ || (finished_ && same_request(*finished_, *requested_));
}

void FigureJob::collect() {
    for (auto it = builds_.begin(); it != builds_.end();) {
        const Build& build = **it;
        if (!build.work->finished.load(std::memory_order_acquire)) {
            ++it;
            continue;
        }
        // Dropped unrun or cancelled: nothing to take.
        if (build.work->ran && !build.outcome.cancelled) take(**it);
        it = builds_.erase(it);
    }
}

void FigureJob::take(Build& build) {
    // Older than what is shown (a full map of this or a later request, or a later preview).
    if (build.request_index <= finished_index_) return;
    FigureOutcome& outcome = build.outcome;
    if (build.preview) {
        if (build.request_index <= preview_index_ || !outcome.figure) return;
        preview_index_ = build.request_index;
    } else {
        finished_ = build.request;
        finished_index_ = build.request_index;
        if (!outcome.cancelled) last_full_build_ = build.took;
        error_ = outcome.error;
        if (!outcome.figure) return;
    }
    figure_ = std::move(outcome);
    figure_request_ = build.request;
    pixels_theme_ = build.request.theme;
    version_ = g_next_version++;
}

}  // namespace posviz::gui
