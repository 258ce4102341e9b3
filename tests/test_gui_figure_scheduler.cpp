// The one scheduler of every view's figure builds: the newest submission runs first, work
// superseded by a newer submission for its key never runs (queued) or is cancelled (running),
// and an idle pool gives the heap back. No timed assertions: a deadline only stops a broken
// scheduler from hanging the suite.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/gui/views/figure_scheduler.h"
#include "app/gui/window/main_loop_wake.h"

namespace posviz::gui {
namespace {

using namespace std::chrono_literals;

// Waits for `done` (a minute at most: only a broken scheduler takes that long).
template <class Done>
bool eventually(Done done) {
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (!done()) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(1ms);
    }
    return true;
}

bool finished(const std::shared_ptr<ScheduledWork>& work) {
    return work->finished.load();
}

// Occupies the scheduler's only worker until release() is called.
class Blocker {
  public:
    explicit Blocker(FigureScheduler& scheduler) {
        work_ = scheduler.submit(this, [future = release_.get_future().share()] { future.wait(); });
        EXPECT_TRUE(eventually([&] { return work_->ran.load(); }));
    }
    void release() { release_.set_value(); }

  private:
    std::promise<void> release_;
    std::shared_ptr<ScheduledWork> work_;
};

TEST(GuiFigureScheduler, TheNewestSubmissionRunsFirst) {
    FigureScheduler scheduler(1, 0ms);
    Blocker blocker(scheduler);
    std::mutex mutex;
    std::vector<std::string> order;
    std::vector<std::shared_ptr<ScheduledWork>> works;
    const int keys[3] = {};
    for (const char* name : {"a", "b", "c"})
        works.push_back(scheduler.submit(&keys[works.size()], [&, name] {
            const std::lock_guard lock(mutex);
            order.push_back(name);
        }));
    blocker.release();
    ASSERT_TRUE(
        eventually([&] { return finished(works[0]) && finished(works[1]) && finished(works[2]); }));
    EXPECT_EQ(order, (std::vector<std::string>{"c", "b", "a"}));
}

TEST(GuiFigureScheduler, QueuedWorkSupersededByItsKeyNeverRuns) {
    FigureScheduler scheduler(1, 0ms);
    Blocker blocker(scheduler);
    const int key = 0;
    std::atomic<int> runs_of_old{0}, runs_of_new{0};
    const auto old_work = scheduler.submit(&key, [&] { ++runs_of_old; });
    const auto new_work = scheduler.submit(&key, [&] { ++runs_of_new; });
    EXPECT_TRUE(old_work->finished.load());  // dropped at once: nobody waits for it
    blocker.release();
    ASSERT_TRUE(eventually([&] { return finished(new_work); }));
    EXPECT_TRUE(new_work->ran.load());
    EXPECT_EQ(runs_of_new.load(), 1);
    // Once the newer work has finished, the older one still has not run, and never will.
    EXPECT_FALSE(old_work->ran.load());
    EXPECT_EQ(runs_of_old.load(), 0);
    EXPECT_TRUE(new_work->sequence > old_work->sequence);
}

TEST(GuiFigureScheduler, RunningWorkSupersededByItsKeyIsCancelled) {
    FigureScheduler scheduler(2, 0ms);
    const int key = 0;
    std::atomic<bool> stopped_by_cancel{false};
    const auto old_work = scheduler.submit(&key, [&] {
        try {
            while (true) {  // a long loop of the core, checking between its pieces
                throw_if_cancelled();
                std::this_thread::sleep_for(1ms);
            }
        } catch (const Cancelled&) {
            stopped_by_cancel = true;
        }
    });
    ASSERT_TRUE(eventually([&] { return old_work->ran.load(); }));
    const auto new_work = scheduler.submit(&key, [] {});
    ASSERT_TRUE(eventually([&] { return finished(old_work) && finished(new_work); }));
    EXPECT_TRUE(stopped_by_cancel.load());
    EXPECT_TRUE(old_work->token.cancelled());
    EXPECT_FALSE(new_work->token.cancelled());
    EXPECT_TRUE(new_work->ran.load());
}

TEST(GuiFigureScheduler, OtherKeysAreNotSuperseded) {
    FigureScheduler scheduler(1, 0ms);
    Blocker blocker(scheduler);
    const int a = 0, b = 0;
    const auto first = scheduler.submit(&a, [] {});
    const auto second = scheduler.submit(&b, [] {});
    blocker.release();
    ASSERT_TRUE(eventually([&] { return finished(first) && finished(second); }));
    EXPECT_TRUE(first->ran.load());
    EXPECT_TRUE(second->ran.load());
}

TEST(GuiFigureScheduler, CancelDropsAndCancelsTheKeysWork) {
    FigureScheduler scheduler(1, 0ms);
    Blocker blocker(scheduler);
    const int key = 0;
    const auto work = scheduler.submit(&key, [] {});
    scheduler.cancel(&key);
    blocker.release();
    EXPECT_TRUE(work->finished.load());
    EXPECT_FALSE(work->ran.load());
}

// A build that starts while only light work (a preview) runs keeps every core for its OpenMP
// loops; two builds running together share them; light work itself runs on one thread.
TEST(GuiFigureScheduler, LightWorkLeavesTheCoresToTheBuild) {
    const int cores = std::max(1, int(std::thread::hardware_concurrency()));
    FigureScheduler scheduler(3, 0ms);
    int light_threads = 0, build_threads = 0, second_threads = 0;
    std::promise<void> release;
    const auto released = release.get_future().share();
    const auto light = scheduler.submit(
        &light_threads,
        [&, released] {
            light_threads = omp_get_max_threads();
            released.wait();
        },
        true);
    ASSERT_TRUE(eventually([&] { return light->ran.load(); }));
    const auto build = scheduler.submit(&build_threads, [&, released] {
        build_threads = omp_get_max_threads();
        released.wait();
    });
    ASSERT_TRUE(eventually([&] { return build->ran.load(); }));
    const auto second =
        scheduler.submit(&second_threads, [&] { second_threads = omp_get_max_threads(); });
    ASSERT_TRUE(eventually([&] { return finished(second); }));
    release.set_value();
    ASSERT_TRUE(eventually([&] { return finished(light) && finished(build); }));
    EXPECT_EQ(light_threads, 1);
    EXPECT_EQ(build_threads, cores);
    EXPECT_EQ(second_threads, std::max(1, cores / 2));
}

std::atomic<int> g_wakes{0};

// Work that a waiter awaits finishes without waking the main loop; work whose waiter gave up
// (took the flag back) wakes it, as all other work does.
TEST(GuiFigureScheduler, AwaitedWorkFinishesWithoutAWakeUp) {
    set_main_loop_waker([] { ++g_wakes; });
    FigureScheduler scheduler(1, 0ms);
    for (const bool gave_up : {false, true}) {
        std::promise<void> release;
        const auto work =
            scheduler.submit(&release, [future = release.get_future().share()] { future.wait(); });
        ASSERT_TRUE(eventually([&] { return work->ran.load(); }));
        work->awaited.store(true);
        if (gave_up) {
            EXPECT_TRUE(work->awaited.exchange(false));
        }
        const int wakes = g_wakes.load();
        release.set_value();
        ASSERT_TRUE(eventually([&] { return finished(work); }));
        scheduler.cancel(&release);  // nothing left to cancel: no further wake-up either
        EXPECT_EQ(g_wakes.load() - wakes, gave_up ? 1 : 0) << (gave_up ? "gave up" : "awaited");
        EXPECT_FALSE(work->awaited.load());
    }
    set_main_loop_waker(nullptr);
}

TEST(GuiFigureScheduler, AnIdlePoolTrimsTheHeapAfterWork) {
    FigureScheduler scheduler(2, 5ms);
    EXPECT_EQ(scheduler.trims(), 0);  // no work yet: nothing to give back
    const int key = 0;
    const auto work = scheduler.submit(&key, [] {
        std::vector<char> big(64 << 20, 1);  // freed into the heap, which keeps it (app/main.cpp)
    });
    ASSERT_TRUE(eventually([&] { return finished(work); }));
    ASSERT_TRUE(eventually([&] { return scheduler.trims() >= 1; }));
}

}  // namespace
}  // namespace posviz::gui
