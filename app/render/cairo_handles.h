// Owning handles for cairo objects, and the status check every drawing ends with. cairo does not
// fail a call: a surface too large, memory running out or a stream that cannot be written leaves
// an error status on the surface or context and turns later calls into no-ops, so an unchecked
// export would write an empty or half-drawn picture. check_cairo turns the status into an
// exception before any file is written.
#pragma once

#include <cairo.h>

#include <memory>
#include <string>

namespace posviz {

struct CairoSurfaceRelease {
    void operator()(cairo_surface_t* surface) const { cairo_surface_destroy(surface); }
};
struct CairoContextRelease {
    void operator()(cairo_t* cr) const { cairo_destroy(cr); }
};
using CairoSurface = std::unique_ptr<cairo_surface_t, CairoSurfaceRelease>;
using CairoContext = std::unique_ptr<cairo_t, CairoContextRelease>;

// std::runtime_error("cairo could not <step>: <cairo's reason>") unless status is success.
void check_cairo(cairo_status_t status, const char* step);

// A cairo_write_func_t appending to the std::string `closure`; a failed append is a write error.
cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length);

}  // namespace posviz
