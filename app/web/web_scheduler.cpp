// The figure scheduler (app/gui/views/figure_scheduler.h) for the browser's one thread: no
// workers; light work (a long map's preview, a few milliseconds) runs at once, inside submit(),
// and every other build waits for a browser task of its own (emscripten_async_call: a timeout of
// 0 ms, which the browser runs between two animation frames), the newest first, one per task.
// So the page keeps drawing between builds, a slider's stale builds are dropped unrun as on the
// desktop (a build already running cannot be overtaken: nothing runs beside it), and a long map
// shows its preview a frame before the full map. Nothing to trim: the heap of a wasm page can
// only grow.
#include <emscripten.h>

#include <algorithm>

#include "app/gui/views/figure_scheduler.h"

namespace posviz::gui {

namespace {

void run(ScheduledWork& work) {
    work.ran.store(true);
    {
        const CancellationScope scope(work.token);
        work.run();
    }
    work.finished.store(true);
}

}  // namespace

FigureScheduler::FigureScheduler(int, std::chrono::milliseconds idle_trim)
    : idle_trim_(idle_trim) {}

FigureScheduler::~FigureScheduler() {
    stopping_ = true;
    for (const auto& work : queued_) work->finished.store(true);
    queued_.clear();
}

void FigureScheduler::supersede(const void* key) {
    for (const auto& work : running_)
        if (work->key == key) work->token.cancel();
    const auto stale = std::stable_partition(queued_.begin(), queued_.end(),
                                             [key](const auto& work) { return work->key != key; });
    for (auto it = stale; it != queued_.end(); ++it) (*it)->finished.store(true);
    queued_.erase(stale, queued_.end());
}

std::shared_ptr<ScheduledWork> FigureScheduler::submit(const void* key,
                                                       std::function<void()> work_run, bool light) {
    auto work = std::make_shared<ScheduledWork>();
    work->key = key;
    work->run = std::move(work_run);
    work->light = light;
    work->sequence = next_sequence_++;
    supersede(key);
    if (stopping_) {
        work->finished.store(true);
    } else if (light) {
        running_.push_back(work);
        run(*work);
        running_.erase(std::find(running_.begin(), running_.end(), work));
    } else {
        queued_.push_back(work);
        if (queued_.size() == 1)
            emscripten_async_call(
                [](void* self) { static_cast<FigureScheduler*>(self)->work_loop(); }, this, 0);
    }
    return work;
}

void FigureScheduler::cancel(const void* key) {
    supersede(key);
}

// One browser task: the newest queued build, then another task for the rest.
void FigureScheduler::work_loop() {
    if (queued_.empty() || stopping_) return;
    const auto newest =
        std::max_element(queued_.begin(), queued_.end(),
                         [](const auto& a, const auto& b) { return a->sequence < b->sequence; });
    std::shared_ptr<ScheduledWork> work = *newest;
    queued_.erase(newest);
    running_.push_back(work);
    run(*work);
    running_.erase(std::find(running_.begin(), running_.end(), work));
    if (!queued_.empty())
        emscripten_async_call([](void* self) { static_cast<FigureScheduler*>(self)->work_loop(); },
                              this, 0);
}

FigureScheduler& figure_scheduler() {
    static FigureScheduler scheduler(0, std::chrono::milliseconds(0));
    return scheduler;
}

}  // namespace posviz::gui
