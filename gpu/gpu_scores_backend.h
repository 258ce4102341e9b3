// core's ScoresBackend (core/figures/scores_backend.h) on the GPU: a headless EGL context made on
// first use and GpuAttention's compute shaders. "gpu" takes any compute-capable context; "auto"
// only a hardware one (Mesa's llvmpipe is far slower than core's CPU path). A GPU that is missing
// or fails returns nullopt, so the CPU computes instead; each outcome is said on stderr and kept
// for status(). Thread-safe: calls are serialised and the context is released after each, so the
// GUI's figure workers, on several threads, share one backend.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "core/figures/scores_backend.h"
#include "gpu/egl_context.h"
#include "gpu/gpu_attention.h"

namespace posviz::gpu {

class GpuScoresBackend : public ScoresBackend {
  public:
    explicit GpuScoresBackend(std::string backend);  // "gpu" or "auto"
    ~GpuScoresBackend() override;

    std::optional<Matrix> dense_scores(const Encoding& encoding, const Content& content,
                                       bool causal, bool softmax) override;
    std::optional<Matrix> max_abs_scores(const Encoding& encoding, const Content& content,
                                         bool causal, int resolution) override;

    // What the last call said: "computed on the GPU (renderer)" or why it was not.
    std::string status() const;

  private:
    template <class Compute>
    std::optional<Matrix> run(Compute&& compute);
    void start();

    std::string backend_;
    mutable std::mutex mutex_;
    std::unique_ptr<EglContext> context_;
    std::unique_ptr<GpuAttention> attention_;
    bool started_ = false;
    std::string error_;
    std::string status_;
};

}  // namespace posviz::gpu
