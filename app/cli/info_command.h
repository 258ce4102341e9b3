// `posviz info`: the compute backends this machine offers (cpu always; gpu when a headless OpenGL
// 4.3 context with compute shaders can be made, with its vendor, renderer and version).
#pragma once

#include <CLI/CLI.hpp>

namespace posviz {

void add_info_command(CLI::App& app);

}  // namespace posviz
