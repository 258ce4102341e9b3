#include "app/cli/backend_options.h"

#include "gpu/gpu_scores_backend.h"

namespace posviz {

void add_backend_option(CLI::App& cmd, std::string& backend) {
    cmd.add_option("--backend", backend,
                   "where the scores figure is computed: cpu (double), gpu (compute shaders, "
                   "float32; falls back to cpu), auto (a hardware gpu when there is one)")
        ->check(CLI::IsMember({"cpu", "gpu", "auto"}))
        ->capture_default_str();
}

std::unique_ptr<ScoresBackend> make_scores_backend(const std::string& backend) {
    if (backend == "cpu") return nullptr;
    return std::make_unique<gpu::GpuScoresBackend>(backend);
}

}  // namespace posviz
