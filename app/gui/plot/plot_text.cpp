#include "app/gui/plot/plot_text.h"

#include <imgui_internal.h>

#include <cfloat>
#include <optional>

#include "core/figure/label_lines.h"

namespace posviz::gui {

namespace {
PlacedTextLog* g_placed_text = nullptr;

void record(const std::string& text, ImVec2 min, ImVec2 max) {
    if (g_placed_text && !text.empty())
        g_placed_text->boxes.push_back({text, ImRect(min, max), g_placed_text->within});
}
}  // namespace

void set_placed_text_log(PlacedTextLog* log) {
    g_placed_text = log;
}

PlacedTextLog* placed_text_log() {
    return g_placed_text;
}

ImVec2 text_size(ImFont* font, const std::string& text) {
    return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, text.c_str(),
                               text.c_str() + text.size());
}

TextBox add_text(ImDrawList* draw, ImFont* font, ImVec2 anchor, ImVec2 align, ImU32 colour,
                 const std::string& text) {
    const ImVec2 size = text_size(font, text);
    const ImVec2 top_left(anchor.x - align.x * size.x, anchor.y - align.y * size.y);
    float y = top_left.y;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const char* begin = text.c_str() + start;
        const char* stop = text.c_str() + end;
        const float width = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, begin, stop).x;
        draw->AddText(font, font->FontSize, ImVec2(top_left.x + align.x * (size.x - width), y),
                      colour, begin, stop);
        y += font->FontSize;
        start = end + 1;
    }
    const TextBox box{top_left, ImVec2(top_left.x + size.x, top_left.y + size.y)};
    record(text, box.min, box.max);
    return box;
}

void add_vertical_text(ImDrawList* draw, ImFont* font, ImVec2 centre, ImU32 colour,
                       const std::string& text) {
    // Laid out level first, centred on the same point, then turned vertex by vertex. ImGui drops
    // glyphs outside the clip rectangle as it lays them out, and the level text may stick out
    // where the turned text will not (even off the screen, at its edge): lay it out unclipped,
    // then clip the turned text as usual.
    const ImVec4 clip = draw->_ClipRectStack.back();
    draw->PushClipRect(ImVec2(-1e6f, -1e6f), ImVec2(1e6f, 1e6f));
    const int first = draw->VtxBuffer.Size;
    PlacedTextLog* const log = g_placed_text;
    g_placed_text = nullptr;  // recorded below as turned, not as laid out level
    const TextBox level = add_text(draw, font, centre, ImVec2(0.5f, 0.5f), colour, text);
    g_placed_text = log;
    const float half_w = 0.5f * (level.max.x - level.min.x);
    const float half_h = 0.5f * (level.max.y - level.min.y);
    record(text, ImVec2(centre.x - half_h, centre.y - half_w),
           ImVec2(centre.x + half_h, centre.y + half_w));
    // A quarter turn counter-clockwise about the centre (screen y points down).
    for (int i = first; i < draw->VtxBuffer.Size; ++i) {
        ImVec2& p = draw->VtxBuffer[i].pos;
        const float dx = p.x - centre.x, dy = p.y - centre.y;
        p = ImVec2(centre.x + dy, centre.y - dx);
    }
    draw->CmdBuffer.back().ClipRect = clip;
    draw->PopClipRect();
}

std::string fit_text(ImFont* font, const std::string& text, float width) {
    if (text_size(font, text).x <= width) return text;
    const std::string ellipsis = "…";
    size_t keep = text.size();
    while (keep > 0) {
        // Step back over a whole UTF-8 character (continuation bytes are 10xxxxxx).
        do --keep;
        while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80);
        const std::string shorter = text.substr(0, keep) + ellipsis;
        if (text_size(font, shorter).x <= width) return shorter;
    }
    return ellipsis;
}

std::string fit_two_lines(ImFont* font, const std::string& text, float width) {
    if (text_size(font, text).x <= width) return text;
    const std::optional<TwoLines> lines = break_in_two(
        text, [&](const std::string& line) { return double(text_size(font, line).x); });
    if (!lines) return fit_text(font, text, width);
    return fit_text(font, lines->first, width) + "\n" + fit_text(font, lines->second, width);
}

std::string fit_lines(ImFont* font, const std::string& text, float width) {
    std::string fitted;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        if (start > 0) fitted += '\n';
        fitted += fit_text(font, text.substr(start, end - start), width);
        start = end + 1;
    }
    return fitted;
}

}  // namespace posviz::gui
