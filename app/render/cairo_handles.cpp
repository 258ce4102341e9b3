#include "app/render/cairo_handles.h"

#include <stdexcept>

namespace posviz {

void check_cairo(cairo_status_t status, const char* step) {
    if (status != CAIRO_STATUS_SUCCESS)
        throw std::runtime_error(std::string("cairo could not ") + step + ": " +
                                 cairo_status_to_string(status));
}

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
    try {
        static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
        return CAIRO_STATUS_SUCCESS;
    } catch (const std::exception&) {  // cairo is C: nothing may be thrown through it
        return CAIRO_STATUS_WRITE_ERROR;
    }
}

}  // namespace posviz
