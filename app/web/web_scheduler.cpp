// The figure scheduler (app/gui/views/figure_scheduler.h) for the browser's one thread: no
// workers; light work (a long map's preview, a few milliseconds) runs at once, inside submit(),
// and every other build runs in a browser task of its own (a timeout of 0 ms), the newest first,
// one at a time. A long build is cut into slices: between two of the core's cancellation checks,
// once it has run for a frame's budget, it pauses (core/cancellation.h's pause hook) and lets the
// page draw a frame before it goes on — emscripten's Asyncify unwinds the build's stack to the
// browser and rewinds it afterwards. So the page keeps drawing during a build (its preview, the
// "computing… n %"), a slider's stale builds are cancelled at their next check as on the desktop,
// and a long map shows its preview a frame before the full map. Nothing to trim: the heap of a
// wasm page can only grow.
#include <emscripten.h>

#include <algorithm>

#include "app/gui/views/figure_scheduler.h"

// Lets the page draw a frame, then goes on: the build's stack is unwound to the browser
// (Asyncify.handleSleep) and rewound once a frame has been drawn. handleSleep pauses emscripten's
// main loop while a sleep is pending, for programs whose main loop is the sleeper; here the frames
// are the point, so it is resumed at once (the frame callback never pauses, so it runs beside the
// paused build as a GLFW callback would).
EM_JS(void, posviz_web_let_a_frame_draw, (), {
    Asyncify.handleSleep(function(wakeUp) {
        setTimeout(
            function() {
                Browser.mainLoop.resume();
                requestAnimationFrame(function() { setTimeout(wakeUp, 0); });
            },
            0);
    });
});

// Runs posviz_web_run_builds in a browser task of its own. Through the module's export, not a
// function pointer: only an export's wrapper ends Asyncify's unwinding when a build pauses.
EM_JS(void, posviz_web_schedule_builds, (), {
    setTimeout(
        function() { _posviz_web_run_builds(); }, 0);
});

namespace posviz::gui {

namespace {

// Decision: slices of 30 ms. The page then draws at least about 20 frames a second while a build
// runs, and a build short enough to matter for latency (a map at L = 1024, tens of milliseconds)
// runs whole: each pause costs a frame drawn on the same thread (SwiftShader draws WebGL on the
// CPU), which at 10 ms slices made such a change 1.5 times slower.
constexpr double k_slice_ms = 30.0;
double g_slice_start = 0.0;

void pause_when_the_slice_is_spent() {
    if (emscripten_get_now() - g_slice_start < k_slice_ms) return;
    {
        // The frames drawn in the pause run on this thread: not under the build's token or hook.
        const CancellationSuspension frames_run_meanwhile;
        posviz_web_let_a_frame_draw();
    }
    g_slice_start = emscripten_get_now();
}

void run(ScheduledWork& work, bool sliced) {
    work.ran.store(true);
    {
        const CancellationScope scope(work.token);
        if (sliced) {
            g_slice_start = emscripten_get_now();
            set_pause_hook(pause_when_the_slice_is_spent);
        }
        try {
            work.run();
        } catch (...) {
            set_pause_hook(nullptr);
            throw;
        }
        set_pause_hook(nullptr);
    }
    work.finished.store(true);
}

// A build is running (perhaps paused between slices): no other may start beside it, since a
// paused build's stack is Asyncify's one saved stack.
bool g_building = false;

// What posviz_web_run_builds runs: the scheduler's work loop (set by its constructor, which may
// name its private members).
void (*g_run_builds)() = nullptr;

}  // namespace

FigureScheduler::FigureScheduler(int, std::chrono::milliseconds idle_trim) : idle_trim_(idle_trim) {
    g_run_builds = [] { figure_scheduler().work_loop(); };
}

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
        // Inside the frame that submits it: never paused (the frame itself must not sleep).
        running_.push_back(work);
        run(*work, false);
        running_.erase(std::find(running_.begin(), running_.end(), work));
    } else {
        queued_.push_back(work);
        if (queued_.size() == 1 && !g_building) posviz_web_schedule_builds();
    }
    return work;
}

void FigureScheduler::cancel(const void* key) {
    supersede(key);
}

// One browser task: the newest queued build, in slices, then another task for the rest.
void FigureScheduler::work_loop() {
    if (queued_.empty() || stopping_ || g_building) return;
    const auto newest =
        std::max_element(queued_.begin(), queued_.end(),
                         [](const auto& a, const auto& b) { return a->sequence < b->sequence; });
    std::shared_ptr<ScheduledWork> work = *newest;
    queued_.erase(newest);
    running_.push_back(work);
    g_building = true;
    run(*work, true);
    g_building = false;
    running_.erase(std::find(running_.begin(), running_.end(), work));
    if (!queued_.empty()) posviz_web_schedule_builds();
}

FigureScheduler& figure_scheduler() {
    static FigureScheduler scheduler(0, std::chrono::milliseconds(0));
    return scheduler;
}

}  // namespace posviz::gui

extern "C" EMSCRIPTEN_KEEPALIVE void posviz_web_run_builds() {
    if (posviz::gui::g_run_builds) posviz::gui::g_run_builds();
}
