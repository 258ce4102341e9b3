// The desktop GUI sleeps in glfwWaitEvents until something happens (issue 11: idle means idle).
// Input wakes it by itself; work finishing on another thread (a figure build, an export) or a
// stop signal wakes it through wake_main_loop, which the window points at glfwPostEmptyEvent.
// Kept apart from GLFW so the figure jobs, which know no window, can call it.
#pragma once

namespace posviz::gui {

// `waker` must be callable from any thread; null (the default, and screenshots) wakes nothing.
void set_main_loop_waker(void (*waker)());
// Safe from any thread (not from a signal handler).
void wake_main_loop();

}  // namespace posviz::gui
