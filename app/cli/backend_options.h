// `--backend cpu|gpu|auto` for the scores figure: cpu is core's double path; gpu the compute
// shaders of posviz_gpu (float32, see gpu/gpu_problem.h); auto the GPU when a compute-capable
// headless context exists on a hardware GPU (Mesa's llvmpipe is far slower than the CPU path). A
// GPU that is missing or fails leaves the work to the CPU, with a message on stderr.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "core/figures/scores_backend.h"
#include "core/scene.h"

namespace posviz {

void add_backend_option(CLI::App& cmd, std::string& backend);

// The ScoresBackend that --backend names: null for cpu; for gpu and auto, one over a headless EGL
// context made on first use, which says on stderr where each matrix was computed.
std::unique_ptr<ScoresBackend> make_scores_backend(const std::string& backend);

}  // namespace posviz
