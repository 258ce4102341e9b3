#include "app/cli/backend_options.h"

#include <cstdio>

#include "gpu/egl_context.h"
#include "gpu/gpu_attention.h"
#include "gpu/gpu_error.h"

namespace posviz {

namespace {

class GpuScoresBackend : public ScoresBackend {
  public:
    explicit GpuScoresBackend(std::string backend) : backend_(std::move(backend)) {}

    std::optional<Matrix> dense_scores(const Encoding& encoding, const Content& content,
                                       bool causal, bool softmax) override {
        return run([&](gpu::GpuAttention& gpu) {
            return gpu.logits(encoding, content.queries, content.keys, causal, softmax);
        });
    }

    std::optional<Matrix> max_abs_scores(const Encoding& encoding, const Content& content,
                                         bool causal, int resolution) override {
        return run([&](gpu::GpuAttention& gpu) {
            return gpu.max_abs_logits(encoding, content.queries, content.keys, causal, resolution);
        });
    }

  private:
    // The computation on the GPU, or nullopt (said on stderr) when there is none or it fails.
    template <class Compute>
    std::optional<Matrix> run(Compute&& compute) {
        if (!attention_ && !failed_) start();
        if (attention_) {
            try {
                Matrix values = compute(*attention_);
                std::fprintf(stderr, "posviz: backend %s: computed on the GPU (%s)\n",
                             backend_.c_str(), context_->info().renderer.c_str());
                return values;
            } catch (const gpu::GpuError& e) {
                error_ = e.what();
            }
        }
        std::fprintf(stderr, "posviz: backend %s: no GPU result (%s); computing on the CPU\n",
                     backend_.c_str(), error_.c_str());
        return std::nullopt;
    }

    void start() {
        context_ = gpu::EglContext::create(error_);
        if (context_ && backend_ == "auto" && context_->info().software) {
            error_ = "the only GPU is a software renderer, " + context_->info().renderer;
            context_.reset();
        }
        try {
            if (context_) attention_ = std::make_unique<gpu::GpuAttention>(*context_);
        } catch (const gpu::GpuError& e) {
            error_ = e.what();
        }
        failed_ = !attention_;
    }

    std::string backend_;
    std::unique_ptr<gpu::EglContext> context_;
    std::unique_ptr<gpu::GpuAttention> attention_;
    bool failed_ = false;
    std::string error_;
};

}  // namespace

void add_backend_option(CLI::App& cmd, std::string& backend) {
    cmd.add_option("--backend", backend,
                   "where the scores figure is computed: cpu (double), gpu (compute shaders, "
                   "float32; falls back to cpu), auto (a hardware gpu when there is one)")
        ->check(CLI::IsMember({"cpu", "gpu", "auto"}))
        ->capture_default_str();
}

std::unique_ptr<ScoresBackend> make_scores_backend(const std::string& backend) {
    if (backend == "cpu") return nullptr;
    return std::make_unique<GpuScoresBackend>(backend);
}

}  // namespace posviz
