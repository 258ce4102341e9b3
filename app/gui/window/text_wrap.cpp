#include "app/gui/window/text_wrap.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <vector>

namespace posviz::gui {

namespace {

// Chinese may end a line after any character except before closing punctuation.
bool is_cjk(unsigned int c) {
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x3000 && c <= 0x303F);
}

bool is_closing(unsigned int c) {
    static const std::u32string closing = U"，。、；：！？）》」』”’";
    return closing.find(char32_t(c)) != std::u32string::npos;
}

}  // namespace

std::string wrap_text(ImFont* font, const std::string& text, float width) {
    // Pieces no line break may split: a run of non-space non-Chinese characters, or one Chinese
    // character, each with the closing punctuation after it; and single spaces or newlines.
    std::vector<std::string> pieces;
    const char* s = text.c_str();
    const char* end = s + text.size();
    bool glue = false;  // the last piece takes the next characters (a Latin run)
    while (s < end) {
        unsigned int c = 0;
        const int n = ImTextCharFromUtf8(&c, s, end);
        const std::string ch(s, size_t(std::max(n, 1)));
        s += std::max(n, 1);
        if (c == ' ' || c == '\n') {
            pieces.push_back(ch);
            glue = false;
        } else if (is_closing(c) && !pieces.empty() && pieces.back() != " " &&
                   pieces.back() != "\n") {
            pieces.back() += ch;
        } else if (is_cjk(c)) {
            pieces.push_back(ch);
            glue = false;
        } else if (glue) {
            pieces.back() += ch;
        } else {
            pieces.push_back(ch);
            glue = true;
        }
    }
    std::string out, line;
    bool space = false;
    const auto measure = [&](const std::string& t) {
        return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, t.c_str()).x;
    };
    for (const std::string& piece : pieces) {
        if (piece == "\n") {
            out += line + "\n";
            line.clear();
            space = false;
        } else if (piece == " ") {
            space = !line.empty();
        } else {
            const std::string longer = line + (space ? " " : "") + piece;
            if (!line.empty() && measure(longer) > width) {
                out += line + "\n";
                line = piece;
            } else {
                line = longer;
            }
            space = false;
        }
    }
    return out + line;
}

}  // namespace posviz::gui
