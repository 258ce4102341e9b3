// A headless OpenGL 4.3+ core context for compute shaders, with no window and no display server:
// EGL's device platform (EGL_EXT_platform_device), preferring a hardware device over Mesa's
// software one, else Mesa's surfaceless platform (llvmpipe on machines without a GPU).
#pragma once

#include <memory>
#include <string>

namespace posviz::gpu {

struct GpuInfo {
    std::string platform;                   // "device" or "surfaceless"
    std::string vendor, renderer, version;  // glGetString of the context
    bool compute_shaders = false;           // OpenGL 4.3 or GL_ARB_compute_shader
    bool software = false;  // a CPU rasteriser (Mesa's llvmpipe/softpipe): slower than core's path
};

class EglContext {
  public:
    // nullptr with `error` set when no such context can be made (no EGL, no GL 4.3, ...).
    static std::unique_ptr<EglContext> create(std::string& error);
    ~EglContext();
    EglContext(const EglContext&) = delete;
    EglContext& operator=(const EglContext&) = delete;

    const GpuInfo& info() const { return info_; }
    bool make_current() const;
    // Leaves the context current on no thread, so that another thread can make it current.
    void release() const;

  private:
    EglContext() = default;
    void* display_ = nullptr;  // EGLDisplay, EGLContext: kept opaque so that users of this header
    void* context_ = nullptr;  // need not see EGL's headers
    GpuInfo info_;
};

}  // namespace posviz::gpu
