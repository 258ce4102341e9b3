// Debian has no FreeType built for wasm, so the browser's font atlas is rasterised by ImGui's
// own stb_truetype builder; fonts.cpp asks for the FreeType builder and its light hinting, which
// here name that builder and no flags.
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

namespace ImGuiFreeType {
inline const ImFontBuilderIO* GetBuilderForFreeType() {
    return ImFontAtlasGetBuilderForStbTruetype();
}
}  // namespace ImGuiFreeType

enum { ImGuiFreeTypeBuilderFlags_LightHinting = 0 };
