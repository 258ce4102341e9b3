// The GUI on the command line:
//   posviz            (no command) or  posviz gui   — the desktop visualizer
//   posviz screenshot --preset NAME|FILE -o FILE.png [--size 1600x900] [--lang en|zh]
//                     [--theme light|dark] [--views attention,rotation] [--lecture]
// The screenshot renders the GUI offscreen — a hidden GLFW window when there is an X display,
// else a surfaceless EGL context — lets the figures finish computing, and writes the frame.
// Without any display the GUI says so and points to `posviz export` (exit status 1).
#pragma once

#include <CLI/CLI.hpp>

namespace posviz {

// `exit_status` receives the commands' outcome (0 fine, 1 no display or no OpenGL).
void add_gui_commands(CLI::App& app, int& exit_status);

// The desktop GUI; returns the exit status.
int run_gui();

}  // namespace posviz
