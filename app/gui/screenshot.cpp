#include "app/gui/screenshot.h"

#include <cairo.h>
#include <epoxy/gl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "app/gui/app.h"
#include "app/render/cairo_handles.h"
#include "core/formats/atomic_file.h"

namespace posviz::gui {

Image read_framebuffer(int width, int height) {
    Image image{width, height, {}};
    std::vector<uint8_t> bottom_up(size_t(width) * size_t(height) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
    image.rgba.resize(bottom_up.size());
    const size_t row = size_t(width) * 4;
    for (int y = 0; y < height; ++y)
        std::copy_n(&bottom_up[size_t(height - 1 - y) * row], row, &image.rgba[size_t(y) * row]);
    return image;
}

OffscreenTarget::OffscreenTarget(int width, int height) : width_(width), height_(height) {
    glGenRenderbuffers(1, &colour_);
    glBindRenderbuffer(GL_RENDERBUFFER, colour_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glGenFramebuffers(1, &framebuffer_);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_);
}

OffscreenTarget::~OffscreenTarget() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &framebuffer_);
    glDeleteRenderbuffers(1, &colour_);
}

void OffscreenTarget::bind() const {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
}

void settle(App& app, const OffscreenTarget& target) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    for (int frame = 0, settled = 0; settled < 3; ++frame) {
        target.bind();
        draw_frame(app);
        settled = frame >= 2 && app_settled(app) ? settled + 1 : 0;
        if (std::chrono::steady_clock::now() > deadline) {
            std::fprintf(stderr, "posviz: warning: figures still computing after 2 minutes\n");
            break;
        }
        if (settled == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void write_png(const Image& image, const std::string& path) {
    // cairo's RGB24 holds each pixel as one native-endian 0xXXRRGGBB word.
    const CairoSurface surface(
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, image.width, image.height));
    check_cairo(cairo_surface_status(surface.get()), "make the screenshot's image");
    cairo_surface_flush(surface.get());
    unsigned char* data = cairo_image_surface_get_data(surface.get());
    const int stride = cairo_image_surface_get_stride(surface.get());
    for (int y = 0; y < image.height; ++y) {
        auto* out = reinterpret_cast<uint32_t*>(data + size_t(y) * size_t(stride));
        const uint8_t* in = &image.rgba[size_t(y) * size_t(image.width) * 4];
        for (int x = 0; x < image.width; ++x, in += 4)
            out[x] = uint32_t(in[0]) << 16 | uint32_t(in[1]) << 8 | uint32_t(in[2]);
    }
    cairo_surface_mark_dirty(surface.get());
    std::string bytes;
    check_cairo(cairo_surface_write_to_png_stream(surface.get(), append_to_string, &bytes),
                "encode the screenshot");
    write_file_atomically(path, bytes);
}

}  // namespace posviz::gui
