#include "app/gui/language.h"

namespace posviz::gui {

namespace {
std::string g_language = "en";
}

void set_language(const std::string& lang) {
    g_language = lang == "zh" ? "zh" : "en";
}

const std::string& language() {
    return g_language;
}

const char* tr(const char* en, const char* zh) {
    return g_language == "zh" ? zh : en;
}

}  // namespace posviz::gui
