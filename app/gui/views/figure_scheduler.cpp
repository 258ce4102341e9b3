#include "app/gui/views/figure_scheduler.h"

#include <malloc.h>
#include <omp.h>

#include <algorithm>

#include "app/gui/window/main_loop_wake.h"

namespace posviz::gui {

namespace {

void finish(ScheduledWork& work) {
    work.finished.store(true, std::memory_order_release);
    if (!work.awaited.exchange(false, std::memory_order_acq_rel)) wake_main_loop();
}

}  // namespace

FigureScheduler::FigureScheduler(int workers, std::chrono::milliseconds idle_trim)
    : idle_trim_(idle_trim) {
    for (int i = 0; i < std::max(1, workers); ++i) threads_.emplace_back([this] { work_loop(); });
}

FigureScheduler::~FigureScheduler() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
        for (const auto& work : queued_) finish(*work);
        queued_.clear();
        for (const auto& work : running_) work->token.cancel();
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
}

void FigureScheduler::supersede(const void* key) {
    for (const auto& work : running_)
        if (work->key == key) work->token.cancel();
    const auto stale = std::stable_partition(queued_.begin(), queued_.end(),
                                             [key](const auto& work) { return work->key != key; });
    for (auto it = stale; it != queued_.end(); ++it) finish(**it);
    queued_.erase(stale, queued_.end());
}

std::shared_ptr<ScheduledWork> FigureScheduler::submit(const void* key, std::function<void()> run,
                                                       bool light) {
    auto work = std::make_shared<ScheduledWork>();
    work->key = key;
    work->run = std::move(run);
    work->light = light;
    {
        const std::lock_guard lock(mutex_);
        supersede(key);
        work->sequence = next_sequence_++;
        if (stopping_)
            finish(*work);
        else
            queued_.push_back(work);
    }
    wake_.notify_one();
    return work;
}

void FigureScheduler::cancel(const void* key) {
    const std::lock_guard lock(mutex_);
    supersede(key);
}

void FigureScheduler::work_loop() {
    const int cores = std::max(1, int(std::thread::hardware_concurrency()));
    std::unique_lock lock(mutex_);
    while (true) {
        if (queued_.empty() && !stopping_) {
            // Idle: once the whole pool has been idle for idle_trim_ after some work, give the
            // heap's free pages back. Any worker may be the one to notice.
            const bool timed_out =
                idle_trim_.count() > 0
                    ? !wake_.wait_for(lock, idle_trim_,
                                      [this] { return !queued_.empty() || stopping_; })
                    : (wake_.wait(lock, [this] { return !queued_.empty() || stopping_; }), false);
            if (timed_out && worked_since_trim_ && running_.empty()) {
                worked_since_trim_ = false;
                lock.unlock();
                malloc_trim(0);
                ++trims_;
                lock.lock();
            }
            continue;
        }
        if (stopping_) return;
        const auto newest = std::max_element(
            queued_.begin(), queued_.end(),
            [](const auto& a, const auto& b) { return a->sequence < b->sequence; });
        std::shared_ptr<ScheduledWork> work = *newest;
        queued_.erase(newest);
        running_.push_back(work);
        worked_since_trim_ = true;
        // The cores shared between the builds running now (this one included), light work aside.
        const long builds = std::count_if(running_.begin(), running_.end(),
                                          [](const auto& w) { return !w->light; });
        const int threads = work->light ? 1 : std::max(1, cores / int(std::max(1L, builds)));
        lock.unlock();
        omp_set_num_threads(threads);
        work->ran.store(true);
        {
            const CancellationScope scope(work->token);
            work->run();
        }
        lock.lock();
        running_.erase(std::find(running_.begin(), running_.end(), work));
        finish(*work);
    }
}

FigureScheduler& figure_scheduler() {
    static FigureScheduler scheduler(std::max(2, int(std::thread::hardware_concurrency())),
                                     std::chrono::milliseconds(2000));
    return scheduler;
}

}  // namespace posviz::gui
