// `posviz export FIGURE [options] -o FILE`: data (.npy, .csv) and, from the figures work on,
// pictures (.png, .svg, .pdf) of one figure.
#pragma once

#include <CLI/CLI.hpp>

namespace posviz {

void add_export_command(CLI::App& app);

}  // namespace posviz
