#include "app/gui/screenshot.h"

#include <epoxy/gl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "app/gui/app.h"

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

}  // namespace posviz::gui
