// `--backend cpu|gpu|auto` for `posviz export scores`: cpu is core's double path; gpu the compute
// shaders of posviz_gpu (float32, see gpu/gpu_problem.h); auto the GPU when a compute-capable
// headless context exists on a hardware GPU (Mesa's llvmpipe is far slower than the CPU path). A
// GPU that fails falls back to the CPU with a message on stderr.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "core/figure_data.h"
#include "core/scene.h"

namespace posviz {

void add_backend_option(CLI::App& cmd, std::string& backend);

// The scores figure computed on the GPU when `backend` asks for it and the GPU delivers; nullopt
// when the CPU should compute it (backend cpu, or the GPU unavailable or failing: said on stderr).
// Bad input is an InputError either way.
std::optional<DataTable> scores_on_gpu(const Scene& scene, const std::string& backend);

}  // namespace posviz
