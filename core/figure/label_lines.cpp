#include "core/figure/label_lines.h"

#include <algorithm>
#include <vector>

namespace posviz {

namespace {

// Bytes of the UTF-8 character whose first byte is `lead`.
size_t character_length(unsigned char lead) {
    return lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
}

// U+3000 and above, in three bytes (lead 0xe3 to 0xef): CJK punctuation, ideographs and the
// full-width forms, between any two of which Chinese may break.
bool chinese(const std::string& text, size_t at, size_t length) {
    return length == 3 && static_cast<unsigned char>(text[at]) >= 0xe3;
}

int bracket_depth_change(const std::string& character) {
    if (character == "(" || character == "（") return 1;
    if (character == ")" || character == "）") return -1;
    return 0;
}

// Chinese punctuation that never starts a line.
bool closing_punctuation(const std::string& character) {
    for (const char* mark : {"，", "。", "、", "；", "：", "？", "！", "）"})
        if (character == mark) return true;
    return false;
}

}  // namespace

std::optional<TwoLines> break_in_two(const std::string& text,
                                     const std::function<double(const std::string&)>& width) {
    std::optional<TwoLines> best;
    double best_longer = 0.0;
    auto consider = [&](std::string first, std::string second) {
        if (first.empty() || second.empty()) return;
        const double longer = std::max(width(first), width(second));
        if (!best || longer < best_longer) {
            best_longer = longer;
            best = TwoLines{std::move(first), std::move(second)};
        }
    };
    int depth = 0;
    bool previous_chinese = false;
    for (size_t at = 0; at < text.size();) {
        const size_t length =
            std::min(character_length(static_cast<unsigned char>(text[at])), text.size() - at);
        const std::string character = text.substr(at, length);
        const bool is_chinese = chinese(text, at, length);
        const int change = bracket_depth_change(character);
        if (depth == 0 && character == " ")
            consider(text.substr(0, at), text.substr(at + 1));
        else if (depth == 0 && is_chinese && !closing_punctuation(character) &&
                 (previous_chinese || change > 0))  // "√D（logit 单位）" breaks before "（"
            consider(text.substr(0, at), text.substr(at));
        depth = std::max(0, depth + change);
        previous_chinese = is_chinese;
        at += length;
    }
    return best;
}

}  // namespace posviz
