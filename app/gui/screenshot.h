// The window's pixels as a PNG file: glReadPixels of the frame just drawn, encoded by cairo's
// image surface (the PNG writer the exporter uses) and written atomically.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace posviz::gui {

struct Image {
    int width = 0, height = 0;
    std::vector<uint8_t> rgba;  // top row first, 4 bytes per pixel
};

// The bound framebuffer (default or FBO) as drawn so far; OpenGL reads bottom-up, Image is not.
Image read_framebuffer(int width, int height);

// A framebuffer object of a fixed size that frames draw into instead of the window's own, so a
// screenshot has exactly the requested pixels whatever the window system does with a hidden
// window (or when there is no window at all).
class OffscreenTarget {
  public:
    OffscreenTarget(int width, int height);
    OffscreenTarget(const OffscreenTarget&) = delete;
    OffscreenTarget& operator=(const OffscreenTarget&) = delete;
    ~OffscreenTarget();
    void bind() const;  // before drawing a frame
    int width() const { return width_; }
    int height() const { return height_; }

  private:
    int width_, height_;
    unsigned colour_ = 0, framebuffer_ = 0;
};

struct App;
// Draws frames of `app` into `target` until every figure is computed (and any export written)
// and the fonts hold every character shown, plus a few more for ImGui's windows to settle; two
// minutes at most.
void settle(App& app, const OffscreenTarget& target);

// Throws InputError("-o", path, ...) when the file cannot be written.
void write_png(const Image& image, const std::string& path);

}  // namespace posviz::gui
