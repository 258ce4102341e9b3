// `posviz bench latency`: the time from a changed parameter to the first frame that shows the
// new picture, measured on the real app drawing offscreen (as `screenshot` does), beside PyTorch
// computing the same logits in the same run. Speed lives here, not in timed tests.
#pragma once

#include <CLI/CLI.hpp>

namespace posviz::gui {

// Adds the `latency` subcommand to `bench`; its exit status goes to `exit_status`.
void add_latency_bench_command(CLI::App& bench, int& exit_status);

}  // namespace posviz::gui
