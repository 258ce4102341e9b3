#include "gpu/egl_context.h"

#include <epoxy/egl.h>
#include <epoxy/gl.h>

#include <cstring>
#include <vector>

namespace posviz::gpu {

namespace {

// Mesa marks its llvmpipe device with EGL_MESA_device_software.
bool is_software_device(EGLDeviceEXT device) {
    const char* extensions = eglQueryDeviceStringEXT(device, EGL_EXTENSIONS);
    return extensions && std::strstr(extensions, "EGL_MESA_device_software");
}

// The device platform's displays, hardware devices first.
std::vector<EGLDeviceEXT> devices_hardware_first() {
    std::vector<EGLDeviceEXT> ordered;
    if (!epoxy_has_egl_extension(EGL_NO_DISPLAY, "EGL_EXT_platform_device")) return ordered;
    EGLint count = 0;
    if (!eglQueryDevicesEXT(0, nullptr, &count) || count <= 0) return ordered;
    std::vector<EGLDeviceEXT> devices(count);
    if (!eglQueryDevicesEXT(count, devices.data(), &count)) return ordered;
    for (EGLDeviceEXT d : devices)
        if (!is_software_device(d)) ordered.push_back(d);
    for (EGLDeviceEXT d : devices)
        if (is_software_device(d)) ordered.push_back(d);
    return ordered;
}

// A GL 4.3 core context current on `display` without a surface, or EGL_NO_CONTEXT.
EGLContext make_compute_context(EGLDisplay display, std::string& error) {
    EGLint major = 0, minor = 0;
    if (!eglInitialize(display, &major, &minor)) {
        error = "eglInitialize failed";
        return EGL_NO_CONTEXT;
    }
    if (!eglBindAPI(EGL_OPENGL_API)) {
        error = "EGL has no desktop OpenGL";
        eglTerminate(display);
        return EGL_NO_CONTEXT;
    }
    // No surface will be made: any surface type will do.
    const EGLint config_attributes[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                        EGL_NONE};
    const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                         4,
                                         EGL_CONTEXT_MINOR_VERSION,
                                         3,
                                         EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                         EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                         EGL_NONE};
    EGLConfig config = nullptr;
    EGLint configs = 0;
    EGLContext context = EGL_NO_CONTEXT;
    if (eglChooseConfig(display, config_attributes, &config, 1, &configs) && configs > 0)
        context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
    if (context == EGL_NO_CONTEXT ||
        !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        error = "EGL could not make an OpenGL 4.3 core context without a surface";
        if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
        eglTerminate(display);
        return EGL_NO_CONTEXT;
    }
    return context;
}

}  // namespace

std::unique_ptr<EglContext> EglContext::create(std::string& error) {
    // libepoxy reports a missing libEGL by aborting on the first call; ask first.
    if (!epoxy_has_egl()) {
        error = "no EGL library (libEGL.so.1) could be loaded";
        return nullptr;
    }
    struct Candidate {
        EGLDisplay display;
        const char* platform;
    };
    std::vector<Candidate> candidates;
    for (EGLDeviceEXT device : devices_hardware_first())
        candidates.push_back(
            {eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, device, nullptr), "device"});
    if (epoxy_has_egl_extension(EGL_NO_DISPLAY, "EGL_MESA_platform_surfaceless"))
        candidates.push_back(
            {eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr),
             "surfaceless"});
    if (candidates.empty()) {
        error = "EGL offers neither the device nor the surfaceless platform";
        return nullptr;
    }
    error = "no EGL display could be opened";
    for (const Candidate& candidate : candidates) {
        if (candidate.display == EGL_NO_DISPLAY) continue;
        EGLContext context = make_compute_context(candidate.display, error);
        if (context == EGL_NO_CONTEXT) continue;
        std::unique_ptr<EglContext> result(new EglContext);
        result->display_ = candidate.display;
        result->context_ = context;
        result->info_ = current_gpu_info(candidate.platform);
        if (result->info_.compute_shaders) return result;
        error = "the OpenGL context (" + result->info_.renderer + ", " + result->info_.version +
                ") has no compute shaders";
    }
    return nullptr;
}

EglContext::~EglContext() {
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display_, static_cast<EGLContext>(context_));
    eglTerminate(display_);
}

bool EglContext::make_current() const {
    return eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE,
                          static_cast<EGLContext>(context_));
}

void EglContext::release() const {
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
}

}  // namespace posviz::gpu
