// What the page cannot write: the storyline's PDF handout (cairo's PDF surface, which Debian
// does not build for wasm). Asking for it says so; the desktop app writes it.
#include "app/handout/handout_pdf.h"
#include "core/input_error.h"

namespace posviz::handout {

std::string render_handout_pdf(const HandoutRequest&) {
    throw InputError("export", "storyline.pdf",
                     "a figure (.svg, .png) or data (.npy, .csv) in the browser; the PDF handout "
                     "is written by the desktop app (posviz export storyline)");
}

void export_handout(const HandoutRequest& request, const std::string&) {
    render_handout_pdf(request);
}

}  // namespace posviz::handout
