// The storyline as a handout: one PDF page per figure of each preset (handout_page.h), written
// by `posviz export storyline -o lecture.pdf [--preset a,b,c] [--lang en|zh] [--theme
// light|dark]` and by the GUI's File → Export storyline…. Figures are the storyline model's
// (app/storyline/view_figures.h: built as the views build them) drawn by the same cairo renderer
// as every export; the PDF is as reproducible as the others (export.h) and written whole or not
// at all.
#pragma once

#include <string>
#include <vector>

namespace posviz::handout {

struct HandoutRequest {
    std::vector<std::string> preset_paths;  // one page each, in this order
    std::string lang = "en";
    std::string theme = "light";  // paper
};

// The PDF's bytes. InputError naming --lang, --theme, a preset file (and its field), or a
// preset whose figures cannot be built.
std::string render_handout_pdf(const HandoutRequest& request);

// render_handout_pdf written to `path` atomically; InputError("-o", …) unless it ends in .pdf.
void export_handout(const HandoutRequest& request, const std::string& path);

}  // namespace posviz::handout
