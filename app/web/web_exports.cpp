// What the page cannot write: the storyline's PDF handout (cairo's PDF surface, which Debian
// does not build for wasm). Asking for it says so; the desktop app writes it.
#include "app/gui/files/storyline_pdf.h"
#include "core/input_error.h"

namespace posviz::gui {

std::vector<std::string> storyline_presets(const std::vector<std::string>& names) {
    return names;
}

std::string render_storyline_pdf(const StorylineRequest&) {
    throw InputError("export", "storyline.pdf",
                     "a figure (.svg, .png) or data (.npy, .csv) in the browser; the PDF handout "
                     "is written by the desktop app (posviz export-storyline)");
}

void export_storyline(const StorylineRequest& request, const std::string&) {
    render_storyline_pdf(request);
}

}  // namespace posviz::gui
