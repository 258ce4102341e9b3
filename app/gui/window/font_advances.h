// Decision (issue 22): ImGui's FreeType builder rounds each glyph's advance up to whole pixels at
// the size a font is baked at, so text drawn at other sizes came out up to a twentieth wider or
// narrower than the same text in an export — enough to move a layout measured with it. The
// atlas's advances are replaced by the fonts' own (unhinted, from the font files' hmtx tables, as
// cairo measures with hinting off), so that ImGui draws and measures text as wide as the figure
// layout and cairo do. Read with the stb_truetype that ImGui ships, so the browser build (which
// has no FreeType) does the same.
#pragma once

#include <imgui.h>

#include <vector>

namespace posviz::gui {

// A font file a face of the atlas came from, and how many pixels its em has there.
struct FaceFile {
    const char* path;
    int index;  // the face within a collection (.ttc)
    float em_pixels;
};

// Each glyph of `font` takes its advance from the first of `faces` that has it; glyphs none has
// keep ImGui's. Files that cannot be read are passed over.
void use_exact_advances(ImFont* font, const std::vector<FaceFile>& faces);

}  // namespace posviz::gui
