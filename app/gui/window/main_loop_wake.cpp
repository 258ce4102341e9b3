#include "app/gui/window/main_loop_wake.h"

#include <atomic>

namespace posviz::gui {

namespace {
std::atomic<void (*)()> g_waker{nullptr};
}  // namespace

void set_main_loop_waker(void (*waker)()) {
    g_waker = waker;
}

void wake_main_loop() {
    if (void (*waker)() = g_waker.load()) waker();
}

}  // namespace posviz::gui
