// One pool of worker threads for every view's figure builds, sized to the cores: a view per
// thread, all at once, made two views' builds share two cores with each other and with any build
// made stale by a slider, so the newest value waited behind old ones. Here:
// - the newest submission runs first (a drag's latest value before anything older);
// - work is submitted for a key (a view's figure job): submitting again for the same key drops
//   the key's queued work unrun and cancels its running work at the core's next check
//   (core/cancellation.h), so no request runs after a newer one of its key was submitted, let
//   alone finished;
// - each build's OpenMP loops get the cores divided by the builds running when it starts, so two
//   builds do not ask for twice the cores; light work (a long map's preview, a few milliseconds)
//   runs on one thread and is not counted, so that a full build starting beside its preview
//   keeps every core for its whole run (at L = 8192, half a second) instead of one;
// - after a short idle following work, the heap's free memory goes back to the system
//   (malloc_trim): app/main.cpp keeps freed large blocks for the next build's speed, and an idle
//   app should not keep the peak of its last long map.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/cancellation.h"

namespace posviz::gui {

// One piece of submitted work, shared by the scheduler and whoever waits for it.
struct ScheduledWork {
    uint64_t sequence = 0;  // larger: submitted later
    const void* key = nullptr;
    std::function<void()> run;  // called on a worker with `token` current
    CancellationToken token;
    std::atomic<bool> finished{false};  // run returned, or the work was dropped unrun
    std::atomic<bool> ran{false};       // run was called
    bool light = false;                 // a few milliseconds of work: one OpenMP thread
    // Set by a UI thread that waits for this work itself (FigureJob::show_first_picture): the
    // worker that finishes it takes the flag instead of waking the main loop, whose frame would
    // only draw what the waiting frame already shows (on llvmpipe ~8 ms of both cores, taken from
    // the build still running). A waiter that gives up takes the flag back (exchange), so
    // exactly one of the two knows the work finished unannounced.
    std::atomic<bool> awaited{false};
};

class FigureScheduler {
  public:
    // `workers` threads; `idle_trim`: how long the pool must be idle after work before the heap
    // is trimmed (zero: never).
    FigureScheduler(int workers, std::chrono::milliseconds idle_trim);
    FigureScheduler(const FigureScheduler&) = delete;
    FigureScheduler& operator=(const FigureScheduler&) = delete;
    ~FigureScheduler();  // drops queued work, cancels running work and joins the workers

    // Queues `run` for `key`, superseding the key's earlier work (see above). Once it has run or
    // been dropped, `finished` is set and the main loop woken (window/main_loop_wake.h).
    // `light`: see above.
    std::shared_ptr<ScheduledWork> submit(const void* key, std::function<void()> run,
                                          bool light = false);
    // Drops the key's queued work and cancels its running work.
    void cancel(const void* key);

    int workers() const { return int(threads_.size()); }
    // Times the heap was trimmed after an idle spell (for tests).
    int trims() const { return trims_.load(); }

  private:
    void supersede(const void* key);  // with mutex_ held
    void work_loop();

    std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<std::shared_ptr<ScheduledWork>> queued_;   // any order; the newest runs first
    std::vector<std::shared_ptr<ScheduledWork>> running_;  // for cancellation by key
    uint64_t next_sequence_ = 1;
    bool stopping_ = false;
    bool worked_since_trim_ = false;
    std::chrono::milliseconds idle_trim_;
    std::atomic<int> trims_{0};
    std::vector<std::thread> threads_;
};

// The app's scheduler: one worker per core (at least two, so that a long build never holds up
// every other view), trimming the heap after two seconds idle.
FigureScheduler& figure_scheduler();

}  // namespace posviz::gui
