// write_png (app/gui/screenshot.h) in the browser: app/web/png_writer.h's encoder, written
// atomically into the page's file system (a download, web_file_chooser.cpp).
#include "app/gui/screenshot.h"
#include "app/web/png_writer.h"
#include "core/formats/atomic_file.h"

namespace posviz::gui {

void write_png(const Image& image, const std::string& path) {
    std::vector<uint8_t> opaque = image.rgba;  // the window's alpha is not meant as transparency
    for (size_t i = 3; i < opaque.size(); i += 4) opaque[i] = 255;
    write_file_atomically(path, web::encode_png(image.width, image.height, opaque));
}

}  // namespace posviz::gui
