#include "core/formats/json_input.h"

#include <cmath>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>

namespace posviz {

namespace {

// Steps through JSON text one character at a time, knowing whether it is inside a string.
struct StringTracker {
    bool in_string = false;
    bool escaped = false;

    // Whether `c`, the next character, is outside strings (a quote is not: it opens or closes one).
    bool outside(char c) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
            return false;
        }
        if (c == '"') in_string = true;
        return !in_string;
    }
};

// The deepest nesting of [ and { in the text, counted outside strings; stops counting once past
// `limit`. Syntax is left to the parser: this only has to be right for text that parses.
int nesting_depth(const std::string& text, int limit) {
    int depth = 0, deepest = 0;
    StringTracker strings;
    for (const char c : text) {
        if (!strings.outside(c)) continue;
        if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
            if (deepest > limit) return deepest;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

// Python's literals stand in the text as strings beginning with the control character U+0001
// (escaped, as JSON requires), and become numbers again as they are parsed. A file's own string
// "\u0001Infinity" would be read as the number too: no config holds such a string.
constexpr std::pair<std::string_view, std::string_view> kPythonLiterals[] = {
    {"-Infinity", "\"\\u0001-Infinity\""},
    {"Infinity", "\"\\u0001Infinity\""},
    {"NaN", "\"\\u0001NaN\""},
};

// `text` with each Python literal outside strings replaced by its stand-in. Only the whole token
// is replaced: "NaNx" or "-NaN" stay a syntax error, as in Python.
std::string with_literal_stand_ins(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    StringTracker strings;
    for (size_t i = 0; i < text.size(); ++i) {
        // The literals hold no quote, so skipping over one leaves the tracker's state right.
        if (strings.outside(text[i])) {
            bool replaced = false;
            for (auto [literal, stand_in] : kPythonLiterals)
                if (std::string_view(text).substr(i, literal.size()) == literal) {
                    out += stand_in;
                    i += literal.size() - 1;
                    replaced = true;
                    break;
                }
            if (replaced) continue;
        }
        out += text[i];
    }
    return out;
}

// The number a stand-in string stands for, if it is one.
std::optional<double> literal_value(const nlohmann::json& value) {
    if (!value.is_string()) return std::nullopt;
    const std::string& s = value.get_ref<const std::string&>();
    if (s == "\x01-Infinity") return -std::numeric_limits<double>::infinity();
    if (s == "\x01Infinity") return std::numeric_limits<double>::infinity();
    if (s == "\x01NaN") return std::numeric_limits<double>::quiet_NaN();
    return std::nullopt;
}

}  // namespace

nlohmann::json parse_json(const std::string& text, const std::string& what,
                          const std::string& source, const std::string& expected,
                          JsonLiterals literals) {
    if (nesting_depth(text, kMaxJsonDepth) > kMaxJsonDepth)
        throw InputError(
            what,
            source + " (JSON nested more than " + std::to_string(kMaxJsonDepth) + " levels deep)",
            expected + " nested at most " + std::to_string(kMaxJsonDepth) + " levels");
    if (literals == JsonLiterals::Standard)
        return with_json_errors(what, source, expected,
                                [&] { return nlohmann::json::parse(text); });
    const std::string standard = with_literal_stand_ins(text);
    // A stand-in used as an object's key stays a string: Python's json reads keys as strings too.
    auto restore = [](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        if (event == nlohmann::json::parse_event_t::value)
            if (const std::optional<double> number = literal_value(parsed)) parsed = *number;
        return true;
    };
    return with_json_errors(what, source, expected,
                            [&] { return nlohmann::json::parse(standard, restore); });
}

std::string json_error_text(const nlohmann::json::exception& error) {
    constexpr size_t kMaxChars = 200;
    std::string text = error.what();
    if (text.size() > kMaxChars) text = text.substr(0, kMaxChars - 3) + "...";
    return text;
}

std::string json_excerpt(const nlohmann::json& value) {
    constexpr size_t kMaxChars = 60;
    if (value.is_number_float() && !std::isfinite(value.get<double>()))
        return std::isnan(value.get<double>())
                   ? "NaN"
                   : (value.get<double>() > 0 ? "Infinity" : "-Infinity");
    // Values come from parse_json, so dump() recurses at most kMaxJsonDepth levels.
    std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (text.size() > kMaxChars) text = text.substr(0, kMaxChars - 3) + "...";
    return text;
}

}  // namespace posviz
