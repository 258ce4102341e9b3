// The storyline as a handout: one PDF page per figure of each preset (storyline_page.h), written by
// `posviz export storyline -o lecture.pdf [--preset a,b,c] [--lang en|zh] [--theme light|dark]`
// and by the GUI's File → Export storyline…. Figures are built as the views build them
// (view_figures.h) and drawn by the same cairo renderer as every export; the PDF is as
// reproducible as the others (export.h) and written whole or not at all.
#pragma once

#include <string>
#include <vector>

#include "app/gui/files/preset.h"
#include "core/figure/figure.h"

namespace posviz::gui {

struct StorylineRequest {
    std::vector<std::string> preset_paths;  // one page each, in this order
    std::string lang = "en";
    std::string theme = "light";  // paper
};

// The shipped storyline in its order (the GUI's: file-name order in presets_dir()), or the
// presets `names` gives, in the order given (a name as `--preset` takes it, or a preset file).
// InputError("--preset", …) for a name that is neither.
std::vector<std::string> storyline_presets(const std::vector<std::string>& names);

// The preset's figures in the order of the Views menu, as its open views show them: the
// handout's pages. InputError naming `path` where one cannot be built.
std::vector<Figure> preset_figures(const Preset& preset, const std::string& path,
                                   const std::string& lang);

// The PDF's bytes. InputError naming --lang, --theme, a preset file (and its field), or a
// preset whose figures cannot be built.
std::string render_storyline_pdf(const StorylineRequest& request);

// render_storyline_pdf written to `path` atomically; InputError("-o", …) unless it ends in .pdf.
void export_storyline(const StorylineRequest& request, const std::string& path);

}  // namespace posviz::gui
