// Work the GUI thread hands to a thread of its own and collects later (a figure build, an
// export). Once the result is ready the thread wakes the main loop (main_loop_wake.h), so the
// loop can sleep until then instead of polling: std::async could not wake it, as its future
// becomes ready only after the function has returned. As with std::async, destroying or
// replacing a task waits for its thread.
#pragma once

#include <chrono>
#include <future>
#include <thread>
#include <utility>

#include "app/gui/window/main_loop_wake.h"

namespace posviz::gui {

// Runs `task` on a thread of its own, which wakes the main loop when done. The browser build
// (app/web/) has one thread: there the task runs here, now, and no thread is returned.
template <class Task>
std::thread run_in_background(Task task) {
#ifdef __EMSCRIPTEN__
    task();
    return {};
#else
    return std::thread([task = std::move(task)]() mutable {
        task();
        wake_main_loop();
    });
#endif
}

template <class T>
class BackgroundTask {
  public:
    BackgroundTask() = default;
    template <class Work>
    explicit BackgroundTask(Work work) {
        std::packaged_task<T()> task(std::move(work));
        result_ = task.get_future();
        thread_ = run_in_background(std::move(task));
    }
    BackgroundTask(const BackgroundTask&) = delete;
    BackgroundTask& operator=(const BackgroundTask&) = delete;
    BackgroundTask& operator=(BackgroundTask&& other) noexcept {
        join();
        result_ = std::move(other.result_);
        thread_ = std::move(other.thread_);
        return *this;
    }
    ~BackgroundTask() { join(); }

    // Started and not collected yet.
    bool valid() const { return result_.valid(); }
    bool ready() const {
        return valid() && result_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    }
    // True when the result is ready (or there is none) by `deadline`.
    bool wait_until(std::chrono::steady_clock::time_point deadline) const {
        return !valid() || result_.wait_until(deadline) == std::future_status::ready;
    }
    // Waits for the result and takes it; the task is then no longer valid().
    T get() {
        T value = result_.get();
        join();
        return value;
    }

  private:
    void join() {
        if (thread_.joinable()) thread_.join();
    }

    std::future<T> result_;
    std::thread thread_;
};

}  // namespace posviz::gui
