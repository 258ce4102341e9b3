// Line breaks for text in both UI languages. ImGui 1.86 wraps at spaces only, so a Chinese
// sentence — which runs on without spaces — is one long "word" to it, moved whole to the next
// line and leaving the line before half empty (or a lone "。" on a line of its own).
#pragma once

#include <imgui.h>

#include <string>

namespace posviz::gui {

// `text` with line breaks where a line of `font` would pass `width`: after spaces, and after any
// Chinese character that no closing punctuation (，。）…) follows.
std::string wrap_text(ImFont* font, const std::string& text, float width);

}  // namespace posviz::gui
