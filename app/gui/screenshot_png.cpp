// write_png (screenshot.h) on the desktop: encoded by cairo's image surface, the PNG writer the
// exporter uses. The browser build encodes with app/web/web_png.cpp instead.
#include <cairo.h>

#include "app/gui/screenshot.h"
#include "app/render/cairo_handles.h"
#include "core/formats/atomic_file.h"

namespace posviz::gui {

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
