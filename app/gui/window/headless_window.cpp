// Headless rendering for screenshots without a display: EGL on Mesa's surfaceless platform (or,
// failing that, the first EGL device) and an OpenGL 3.3 core context with no surface at all. It
// has no framebuffer of its own: screenshots draw into an OffscreenTarget.
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <imgui.h>

#include "app/gui/window/window.h"

namespace posviz::gui {

namespace {

const EGLint k_compute_context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                               4,
                                               EGL_CONTEXT_MINOR_VERSION,
                                               3,
                                               EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                               EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                               EGL_NONE};

// What a thread had current before a shared context, given back by release().
thread_local EGLContext t_previous_context = EGL_NO_CONTEXT;

// An OpenGL 4.3 core context sharing objects with the headless window's, without a surface.
class EglSharedContext : public gpu::GpuContext {
  public:
    EglSharedContext(EGLDisplay display, EGLContext context, gpu::GpuInfo info)
        : display_(display), context_(context), info_(info) {}
    ~EglSharedContext() override {
        release();
        eglDestroyContext(display_, context_);
    }
    const gpu::GpuInfo& info() const override { return info_; }
    bool make_current() const override {
        EGLContext current = eglGetCurrentContext();
        if (current == context_) return true;
        t_previous_context = current;
        return eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_);
    }
    void release() const override {
        if (eglGetCurrentContext() != context_) return;
        eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, t_previous_context);
        t_previous_context = EGL_NO_CONTEXT;
    }

  private:
    EGLDisplay display_;
    EGLContext context_;
    gpu::GpuInfo info_;
};

class HeadlessWindow : public Window {
  public:
    HeadlessWindow(EGLDisplay display, EGLConfig config, EGLContext context, int width, int height)
        : display_(display), config_(config), context_(context), width_(width), height_(height) {
        ImGui::GetIO().BackendPlatformName = "posviz_headless";
    }
    ~HeadlessWindow() override {
        eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(display_, context_);
        eglTerminate(display_);
    }

    void new_frame() override {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(float(width_), float(height_));
        io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
        io.DeltaTime = 1.0f / 60.0f;
    }
    void present() override { glFinish(); }
    bool should_close() const override { return false; }
    void framebuffer_size(int& width, int& height) const override {
        width = width_;
        height = height_;
    }
    float content_scale() const override { return 1.0f; }
    void set_fullscreen(bool) override {}
    int monitor_count() const override { return 0; }
    WindowOptions placement() const override {
        WindowOptions p;
        p.width = width_;
        p.height = height_;
        return p;
    }
    void poll_events() override {}
    void wait_events() override {}
    void wait_events_timeout(double) override {}
    std::vector<KeyPress> take_key_presses() override { return {}; }
    uint64_t input_events() const override { return 0; }
    void set_title(const std::string&) override {}
    std::unique_ptr<SecondWindow> open_second_window(const WindowOptions&,
                                                     std::string& error) override {
        error = "no second window without a display";
        return nullptr;
    }
    std::unique_ptr<gpu::GpuContext> make_shared_compute_context(std::string& error) override {
        EGLContext shared =
            eglCreateContext(display_, config_, context_, k_compute_context_attributes);
        if (shared == EGL_NO_CONTEXT ||
            !eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, shared)) {
            error = "EGL could not make an OpenGL 4.3 context sharing the window's";
            if (shared != EGL_NO_CONTEXT) eglDestroyContext(display_, shared);
            eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_);
            return nullptr;
        }
        const gpu::GpuInfo info = gpu::current_gpu_info("surfaceless");
        eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_);
        return std::make_unique<EglSharedContext>(display_, shared, info);
    }

  private:
    EGLDisplay display_;
    EGLConfig config_;
    EGLContext context_;
    int width_, height_;
};

// Mesa's surfaceless platform needs no device node; EGL devices are the fallback elsewhere.
EGLDisplay headless_display() {
    if (epoxy_has_egl_extension(EGL_NO_DISPLAY, "EGL_MESA_platform_surfaceless")) {
        EGLDisplay d =
            eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
        if (d != EGL_NO_DISPLAY) return d;
    }
    if (epoxy_has_egl_extension(EGL_NO_DISPLAY, "EGL_EXT_platform_device")) {
        EGLDeviceEXT device = nullptr;
        EGLint count = 0;
        if (eglQueryDevicesEXT(1, &device, &count) && count > 0)
            return eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
    }
    return EGL_NO_DISPLAY;
}

}  // namespace

std::unique_ptr<Window> open_headless_window(const WindowOptions& options, std::string& error) {
    EGLDisplay display = headless_display();
    if (display == EGL_NO_DISPLAY) {
        error = "EGL offers neither the surfaceless nor the device platform";
        return nullptr;
    }
    EGLint major = 0, minor = 0;
    if (!eglInitialize(display, &major, &minor) || !eglBindAPI(EGL_OPENGL_API)) {
        error = "EGL could not be initialised for desktop OpenGL";
        return nullptr;
    }
    // No surface will be made: any surface type will do.
    const EGLint config_attributes[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                        EGL_NONE};
    EGLConfig config = nullptr;
    EGLint configs = 0;
    const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                         3,
                                         EGL_CONTEXT_MINOR_VERSION,
                                         3,
                                         EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                         EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                         EGL_NONE};
    EGLContext context = EGL_NO_CONTEXT;
    if (eglChooseConfig(display, config_attributes, &config, 1, &configs) && configs > 0)
        context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
    if (context == EGL_NO_CONTEXT ||
        !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        error = "EGL could not make an OpenGL 3.3 core context without a surface";
        if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
        eglTerminate(display);
        return nullptr;
    }
    return std::make_unique<HeadlessWindow>(display, config, context, options.width,
                                            options.height);
}

}  // namespace posviz::gui
