// The GUI on the command line:
//   posviz [FILE.json]  (no command) or  posviz gui [--preset NAME|FILE] [--lecture]
//                     [--lang en|zh] [--theme light|dark]   — the desktop visualizer
//   posviz screenshot --preset NAME|FILE -o FILE.png [--size 1600x900] [--lang en|zh]
//                     [--theme light|dark] [--views attention,rotation] [--lecture]
// The screenshot renders the GUI offscreen — a hidden GLFW window when there is an X display,
// else a surfaceless EGL context — lets the figures finish computing, and writes the frame.
// Without any display the GUI says so and points to `posviz export` (exit status 1).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace posviz {

// `exit_status` receives the commands' outcome (0 fine, 1 no display or no OpenGL).
void add_gui_commands(CLI::App& app, int& exit_status);

struct GuiArgs {
    std::string preset;  // empty: where the last session ended
    bool lecture = false;
    std::string lang, theme;  // empty: as in the settings
};

// The desktop GUI; returns the exit status. InputError for a bad option or preset.
int run_gui(const GuiArgs& args = {});

}  // namespace posviz
