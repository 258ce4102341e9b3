#include "app/gui/window/font_advances.h"

#include <fstream>
#include <iterator>
#include <optional>
#include <string>

// ImGui's own copy of stb_truetype, compiled here with its functions static to this file.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wcast-qual"
#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include <imstb_truetype.h>
#pragma GCC diagnostic pop

namespace posviz::gui {

namespace {

struct OpenFace {
    std::string bytes;
    stbtt_fontinfo info{};
    float em_pixels = 0.0f;
};

std::optional<OpenFace> open_face(const FaceFile& file) {
    std::ifstream in(file.path, std::ios::binary);
    if (!in) return std::nullopt;
    OpenFace face;
    face.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    const auto* data = reinterpret_cast<const unsigned char*>(face.bytes.data());
    const int offset = stbtt_GetFontOffsetForIndex(data, file.index);
    if (offset < 0 || !stbtt_InitFont(&face.info, data, offset)) return std::nullopt;
    face.em_pixels = file.em_pixels;
    return face;
}

}  // namespace

void use_exact_advances(ImFont* font, const std::vector<FaceFile>& faces) {
    if (!font) return;
    std::vector<OpenFace> open;
    for (const FaceFile& file : faces)
        if (std::optional<OpenFace> face = open_face(file)) open.push_back(std::move(*face));
    for (ImFontGlyph& glyph : font->Glyphs)
        for (OpenFace& face : open) {
            const int index = stbtt_FindGlyphIndex(&face.info, int(glyph.Codepoint));
            if (index == 0) continue;
            int advance = 0, left_bearing = 0;
            stbtt_GetGlyphHMetrics(&face.info, index, &advance, &left_bearing);
            glyph.AdvanceX =
                float(advance) * stbtt_ScaleForMappingEmToPixels(&face.info, face.em_pixels);
            break;
        }
    font->BuildLookupTable();
}

}  // namespace posviz::gui
