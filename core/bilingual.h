// The two languages posviz speaks, English and Chinese, for text core makes: figures' words, a
// model's description and notes. The window, the handout and the command line pick one.
#pragma once

#include <string>

namespace posviz {

// Picks the words in the reader's language: t("Position", "位置").
struct Text {
    std::string lang = "en";
    std::string operator()(const std::string& en, const std::string& zh) const {
        return lang == "zh" ? zh : en;
    }
};

// Words said in both languages, kept until they are shown: a model's notes are read once from
// its config and shown in whichever language the window is in then.
struct Bilingual {
    std::string en, zh;
    bool empty() const { return en.empty(); }
    std::string in(const Text& t) const { return t(en, zh); }
};

}  // namespace posviz
