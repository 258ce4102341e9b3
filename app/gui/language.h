// The UI language, switchable at run time. Every visible string is written in both languages at
// the place it is used — tr("Play", "播放") — so a translation always sits next to its English.
// Window titles keep a fixed "###id" suffix so that switching does not reset their state.
#pragma once

#include <string>

namespace posviz::gui {

void set_language(const std::string& lang);  // "en" or "zh"
const std::string& language();
const char* tr(const char* en, const char* zh);

}  // namespace posviz::gui
