#include "gpu/gpu_scores_backend.h"

#include <algorithm>
#include <cstdio>

#include "core/stage_times.h"
#include "gpu/egl_context.h"
#include "gpu/gpu_error.h"

namespace posviz::gpu {

GpuScoresBackend::GpuScoresBackend(std::string backend) : backend_(std::move(backend)) {}

GpuScoresBackend::GpuScoresBackend(std::unique_ptr<GpuContext> context, std::string error)
    : backend_("gpu"), context_(std::move(context)), error_(std::move(error)) {}

GpuScoresBackend::~GpuScoresBackend() {
    gl_thread_.call([this] {
        const std::lock_guard lock(mutex_);
        if (context_) context_->make_current();  // GpuAttention frees its GL objects in it
        attention_.reset();
        if (context_) context_->release();  // so that it can be destroyed on this thread
    });
}

std::optional<Matrix> GpuScoresBackend::dense_scores(const Encoding& encoding,
                                                     const Content& content, bool causal,
                                                     bool softmax) {
    return run([&](GpuAttention& gpu) {
        return gpu.logits(encoding, content.queries, content.keys, causal, softmax);
    });
}

std::optional<Matrix> GpuScoresBackend::max_abs_scores(const Encoding& encoding,
                                                       const Content& content, bool causal,
                                                       bool softmax, int resolution) {
    return run([&](GpuAttention& gpu) {
        return gpu.max_abs_logits(encoding, content.queries, content.keys, causal, softmax,
                                  resolution);
    });
}

std::shared_ptr<const DeviceMatrix> GpuScoresBackend::device_scores(const Encoding& encoding,
                                                                    const Content& content,
                                                                    bool causal, bool softmax,
                                                                    int resolution) {
    const long size = std::min<long>(resolution, content.queries.rows());
    char kept[128];
    std::snprintf(kept, sizeof kept,
                  "computed and kept on the GPU for drawing, a %ld×%ld map of %.1f MiB", size, size,
                  double(size * size * 4) / (1 << 20));
    return run(
               [&](GpuAttention& gpu) {
                   return gpu.device_scores(encoding, content.queries, content.keys, causal,
                                            softmax, resolution);
               },
               kept)
        .value_or(nullptr);
}

std::string GpuScoresBackend::status() const {
    std::lock_guard lock(mutex_);
    return status_;
}

template <class Compute>
auto GpuScoresBackend::run(Compute&& compute, const char* done)
    -> std::optional<decltype(compute(std::declval<GpuAttention&>()))> {
    return gl_thread_.call([&] {
        std::lock_guard lock(mutex_);
        if (!started_) start();
        std::optional<decltype(compute(std::declval<GpuAttention&>()))> values;
        if (attention_) {
            try {
                values = compute(*attention_);
            } catch (const GpuError& e) {
                error_ = e.what();
            }
            if (values) {
                char buffers[64];
                std::snprintf(buffers, sizeof buffers, "%.1f MiB of GPU buffers",
                              double(attention_->buffer_bytes()) / (1 << 20));
                status_ =
                    std::string(done) + " (" + context_->info().renderer + ", " + buffers + ")";
            }
        }
        if (!values) status_ = "no GPU result (" + error_ + "); computing on the CPU";
        std::fprintf(stderr, "posviz: backend %s: %s\n", backend_.c_str(), status_.c_str());
        return values;
    });
}

void GpuScoresBackend::start() {
    started_ = true;
    if (!context_ && error_.empty()) context_ = EglContext::create(error_);
    if (context_ && backend_ == "auto" && context_->info().software) {
        error_ = "the only GPU is a software renderer, " + context_->info().renderer;
        context_.reset();
    }
    try {
        if (context_) attention_ = std::make_unique<GpuAttention>(*context_);
    } catch (const GpuError& e) {
        error_ = e.what();
    }
    // The context stays current on gl_thread_, where every later call runs.
}

}  // namespace posviz::gpu
