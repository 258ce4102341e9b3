// Headless rendering for screenshots without a display: EGL on Mesa's surfaceless platform (or,
// failing that, the first EGL device) and an OpenGL 3.3 core context with no surface at all. It
// has no framebuffer of its own: screenshots draw into an OffscreenTarget.
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <imgui.h>

#include "app/gui/window.h"

namespace posviz::gui {

namespace {

class HeadlessWindow : public Window {
  public:
    HeadlessWindow(EGLDisplay display, EGLContext context, int width, int height)
        : display_(display), context_(context), width_(width), height_(height) {
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
    WindowOptions placement() const override {
        WindowOptions p;
        p.width = width_;
        p.height = height_;
        return p;
    }
    void wait_events(double) override {}

  private:
    EGLDisplay display_;
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
    return std::make_unique<HeadlessWindow>(display, context, options.width, options.height);
}

}  // namespace posviz::gui
