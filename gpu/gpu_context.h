// An OpenGL 4.3+ context that the GPU backend computes in, behind one small interface (as Polyscope
// puts its render engine behind one): the headless EGL context of the command line
// (gpu/egl_context.h), or a context the GUI makes sharing objects with its window, so that a buffer
// computed on a worker thread is drawn by the window without a copy.
#pragma once

#include <string>

namespace posviz::gpu {

struct GpuInfo {
    std::string platform;                   // "device", "surfaceless" (EGL), or "window"
    std::string vendor, renderer, version;  // glGetString of the context
    bool compute_shaders = false;           // OpenGL 4.3 or GL_ARB_compute_shader
    bool software = false;  // a CPU rasteriser (Mesa's llvmpipe/softpipe): slower than core's path
};

// The GpuInfo of the context current on this thread.
GpuInfo current_gpu_info(std::string platform);

class GpuContext {
  public:
    virtual ~GpuContext() = default;
    virtual const GpuInfo& info() const = 0;
    // Makes the context current on the calling thread; false when it cannot be.
    virtual bool make_current() const = 0;
    // Leaves the context current on no thread, so that another thread can make it current.
    virtual void release() const = 0;
};

}  // namespace posviz::gpu
