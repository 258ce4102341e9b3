#include "core/formats/json_input.h"

namespace posviz {

namespace {

// The deepest nesting of [ and { in the text, counted outside strings; stops counting once past
// `limit`. Syntax is left to the parser: this only has to be right for text that parses.
int nesting_depth(const std::string& text, int limit) {
    int depth = 0, deepest = 0;
    bool in_string = false, escaped = false;
    for (const char c : text) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
            if (deepest > limit) return deepest;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

}  // namespace

nlohmann::json parse_json(const std::string& text, const std::string& what,
                          const std::string& source, const std::string& expected) {
    if (nesting_depth(text, kMaxJsonDepth) > kMaxJsonDepth)
        throw InputError(
            what,
            source + " (JSON nested more than " + std::to_string(kMaxJsonDepth) + " levels deep)",
            expected + " nested at most " + std::to_string(kMaxJsonDepth) + " levels");
    return with_json_errors(what, source, expected, [&] { return nlohmann::json::parse(text); });
}

std::string json_error_text(const nlohmann::json::exception& error) {
    constexpr size_t kMaxChars = 200;
    std::string text = error.what();
    if (text.size() > kMaxChars) text = text.substr(0, kMaxChars - 3) + "...";
    return text;
}

std::string json_excerpt(const nlohmann::json& value) {
    constexpr size_t kMaxChars = 60;
    // Values come from parse_json, so dump() recurses at most kMaxJsonDepth levels.
    std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (text.size() > kMaxChars) text = text.substr(0, kMaxChars - 3) + "...";
    return text;
}

}  // namespace posviz
