// `posviz bench FIGURE [export options]`: computes the figure's data repeatedly in-process (no
// file written) and prints each time and, as its last line, `median_ms=<number>`.
#pragma once

#include <CLI/CLI.hpp>

namespace posviz {

void add_bench_command(CLI::App& app);

}  // namespace posviz
