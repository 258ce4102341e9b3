// `posviz list`: the figures, encodings and options (with defaults) the command line offers.
#pragma once

#include <CLI/CLI.hpp>

namespace posviz {

void add_list_command(CLI::App& app);

}  // namespace posviz
