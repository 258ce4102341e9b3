// `posviz bench FIGURE [export options]`: computes the figure's data repeatedly in-process (no
// file written) and prints each time and, as its last line, `median_ms=<number>`. `posviz bench
// latency` times the GUI instead (app/gui/latency_bench.h); its exit status goes to `exit_status`.
#pragma once

#include <CLI/CLI.hpp>

namespace posviz {

void add_bench_command(CLI::App& app, int& exit_status);

}  // namespace posviz
