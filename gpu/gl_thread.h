// One thread on which every call runs, in the order they come: a GL context made current there
// stays current from one call to the next. Making an EGL context current and releasing it again
// cost ~12 ms a time on NVIDIA's driver (an H100, measured with `posviz bench latency`'s
// breakdown: 24 of a change's 50 ms at L = 2048), and the GUI's builds come from whichever worker
// of its scheduler is free, so the context would otherwise move between threads every call.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <thread>

namespace posviz::gpu {

class GlThread {
  public:
    GlThread();
    ~GlThread();  // runs what is queued, then ends the thread
    GlThread(const GlThread&) = delete;
    GlThread& operator=(const GlThread&) = delete;

    // Runs `f` on the thread (at once when called from it) and returns what it returns, or
    // throws what it throws.
    template <class F>
    auto call(F&& f) -> decltype(f()) {
        if (std::this_thread::get_id() == thread_.get_id()) return f();
        std::packaged_task<decltype(f())()> task(std::forward<F>(f));
        auto result = task.get_future();
        post([&task] { task(); });  // call waits below: the task outlives its run
        return result.get();
    }

  private:
    void post(std::function<void()> work);
    void loop();

    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::function<void()>> queue_;
    bool stopping_ = false;
    std::thread thread_;  // last: started once the members it uses exist
};

}  // namespace posviz::gpu
