#include "app/cli/backend_options.h"

#include <cstdio>
#include <memory>

#include "core/input_error.h"
#include "gpu/egl_context.h"
#include "gpu/gpu_attention.h"
#include "gpu/gpu_error.h"

namespace posviz {

void add_backend_option(CLI::App& cmd, std::string& backend) {
    cmd.add_option("--backend", backend,
                   "where the scores figure is computed: cpu (double), gpu (compute shaders, "
                   "float32; falls back to cpu), auto (a hardware gpu when there is one)")
        ->check(CLI::IsMember({"cpu", "gpu", "auto"}))
        ->capture_default_str();
}

std::optional<DataTable> scores_on_gpu(const Scene& s, const std::string& backend) {
    if (backend == "cpu" || s.figure != "scores") return std::nullopt;
    // The checks compute_figure_data makes before the scores: the scene, then the dense size.
    validate_scene(s);
    const double bytes = double(s.seq_len) * double(s.seq_len) * 8.0;
    if (bytes > double(s.max_bytes))
        throw InputError("--seq-len", std::to_string(s.seq_len),
                         "a length whose dense scores output fits in --max-bytes = " +
                             std::to_string(s.max_bytes) + " bytes (it would take " +
                             std::to_string(int64_t(bytes)) + ")");
    const Encoding encoding = make_encoding(s);
    const Content content = make_content(s);
    std::string error;
    std::unique_ptr<gpu::EglContext> context = gpu::EglContext::create(error);
    if (context && backend == "auto" && context->info().software) {
        error = "the only GPU is a software renderer, " + context->info().renderer;
        context.reset();
    }
    if (context) {
        try {
            gpu::GpuAttention attention(*context);
            Matrix values =
                attention.logits(encoding, content.queries, content.keys, s.causal, s.softmax);
            std::fprintf(stderr, "posviz: backend %s: computed on the GPU (%s)\n", backend.c_str(),
                         context->info().renderer.c_str());
            DataTable table;
            table.shape = {values.rows(), values.cols()};
            for (Eigen::Index n = 0; n < values.cols(); ++n)
                table.columns.push_back("n" + std::to_string(n));
            table.values = std::move(values);
            return table;
        } catch (const gpu::GpuError& e) {
            error = e.what();
        }
    }
    std::fprintf(stderr, "posviz: backend %s: no GPU result (%s); computing on the CPU\n",
                 backend.c_str(), error.c_str());
    return std::nullopt;
}

}  // namespace posviz
