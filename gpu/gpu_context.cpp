#include "gpu/gpu_context.h"

#include <epoxy/gl.h>

namespace posviz::gpu {

namespace {

const char* gl_string(GLenum name) {
    const GLubyte* s = glGetString(name);
    return s ? reinterpret_cast<const char*>(s) : "?";
}

}  // namespace

GpuInfo current_gpu_info(std::string platform) {
    GpuInfo info{std::move(platform),
                 gl_string(GL_VENDOR),
                 gl_string(GL_RENDERER),
                 gl_string(GL_VERSION),
                 epoxy_gl_version() >= 43 || epoxy_has_gl_extension("GL_ARB_compute_shader"),
                 false};
    info.software = info.renderer.find("llvmpipe") != std::string::npos ||
                    info.renderer.find("softpipe") != std::string::npos;
    return info;
}

}  // namespace posviz::gpu
