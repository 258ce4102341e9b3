// A headless OpenGL 4.3+ core context for compute shaders, with no window and no display server:
// EGL's device platform (EGL_EXT_platform_device), preferring a hardware device over Mesa's
// software one, else Mesa's surfaceless platform (llvmpipe on machines without a GPU).
#pragma once

#include <memory>
#include <string>

#include "gpu/gpu_context.h"

namespace posviz::gpu {

class EglContext : public GpuContext {
  public:
    // nullptr with `error` set when no such context can be made (no EGL, no GL 4.3, ...).
    static std::unique_ptr<EglContext> create(std::string& error);
    ~EglContext() override;
    EglContext(const EglContext&) = delete;
    EglContext& operator=(const EglContext&) = delete;

    const GpuInfo& info() const override { return info_; }
    bool make_current() const override;
    void release() const override;

  private:
    EglContext() = default;
    void* display_ = nullptr;  // EGLDisplay, EGLContext: kept opaque so that users of this header
    void* context_ = nullptr;  // need not see EGL's headers
    GpuInfo info_;
};

}  // namespace posviz::gpu
