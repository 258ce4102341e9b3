// Runs the real `posviz` binary from a test, capturing exit status, stdout and stderr.
#pragma once

#include <string>

namespace posviz::testing {

struct RunResult {
    int status = -1;  // the process's exit status (or -1 if it died by a signal)
    std::string out;
    std::string err;
    long max_rss_kb = 0;  // posviz's peak resident memory (VmHWM, read while it runs)
};

// `args` is appended to the binary's path and run through /bin/sh; quote as needed.
RunResult run_posviz(const std::string& args);

// For commands that open the system's OpenGL stack (screenshot, gui): Mesa's dlopen'd driver keeps
// allocations that LeakSanitizer reports from modules already unloaded at exit, where no
// suppression can name them, so leak detection is off in that process (memory errors and UB are
// still checked). The same as the gui_smoke test's setting in tests/CMakeLists.txt.
RunResult run_posviz_on_opengl(const std::string& args);

// A peak-memory budget for a run of posviz: `release_kb` itself, or under AddressSanitizer that
// plus what the sanitizer adds to every process (its 256 MiB quarantine of freed blocks and
// shadow memory). Still far below the dense matrices and tables the budgets are there to catch.
long rss_budget_kb(long release_kb);

// A fresh empty directory under the build's temp area, unique per call.
std::string make_temp_dir();

bool file_exists(const std::string& path);
std::string read_file(const std::string& path);

}  // namespace posviz::testing
