// core's ScoresBackend (core/figures/scores_backend.h) on the GPU: GpuAttention's compute shaders
// in a headless EGL context made on first use (the command line), or in a context it is given (the
// GUI's, sharing objects with its window, so that device_scores' buffers can be drawn there).
// "gpu" takes any compute-capable context; "auto" only a hardware one (Mesa's llvmpipe is far
// slower than core's CPU path). A GPU that is missing or fails returns nullopt (or null), so the
// CPU computes instead; each outcome is said on stderr and kept for status(). Thread-safe: calls
// are serialised and the context is released after each, so the GUI's figure workers, on several
// threads, share one backend.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "core/figures/scores_backend.h"
#include "gpu/gl_thread.h"
#include "gpu/gpu_attention.h"
#include "gpu/gpu_context.h"

namespace posviz::gpu {

class GpuScoresBackend : public ScoresBackend {
  public:
    explicit GpuScoresBackend(std::string backend);  // "gpu" or "auto"
    // Computes in `context`; null: say `error` (why there is none) and leave everything to the CPU.
    GpuScoresBackend(std::unique_ptr<GpuContext> context, std::string error);
    ~GpuScoresBackend() override;

    std::optional<Matrix> dense_scores(const Encoding& encoding, const Content& content,
                                       bool causal, bool softmax) override;
    std::optional<Matrix> max_abs_scores(const Encoding& encoding, const Content& content,
                                         bool causal, bool softmax, int resolution) override;
    std::shared_ptr<const DeviceMatrix> device_scores(const Encoding& encoding,
                                                      const Content& content, bool causal,
                                                      bool softmax, int resolution) override;

    // What the last call said: "computed on the GPU (renderer, working buffers)", "computed and
    // kept on the GPU for drawing, a R×R map of N MiB (...)", or why it was not.
    std::string status() const;

  private:
    // Runs `compute` on gl_thread_, where the context stays current.
    template <class Compute>
    auto run(Compute&& compute, const char* done = "computed on the GPU")
        -> std::optional<decltype(compute(std::declval<GpuAttention&>()))>;
    void start();

    std::string backend_;
    mutable std::mutex mutex_;
    std::unique_ptr<GpuContext> context_;
    std::unique_ptr<GpuAttention> attention_;
    bool started_ = false;
    std::string error_;
    std::string status_;
    GlThread gl_thread_;  // every GL call; last, so that it ends first
};

}  // namespace posviz::gpu
