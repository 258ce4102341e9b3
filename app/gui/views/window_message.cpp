#include "app/gui/views/window_message.h"

#include <regex>
#include <utility>

#include "app/gui/language.h"
#include "app/gui/views/chinese_message.h"

namespace posviz::gui {

std::string window_message(const std::string& message) {
    std::string s = message;
    // nlohmann::json's own text: "[json.exception.parse_error.101] parse error at line 1, column
    // 25: syntax error while parsing …; last read: '…'; expected string literal".
    s = std::regex_replace(
        s,
        std::regex(
            R"(\[json\.exception\.parse_error\.\d+\] parse error at line (\d+), column (\d+)[^)]*)"),
        "not valid JSON at line $1, column $2");
    s = std::regex_replace(s, std::regex(R"(\[json\.exception\.[a-z_]+\.\d+\] ?)"), "");
    // Hints that name flags ("(--layer N or --layer-type full|sliding for others)") are for the
    // command line; the window has its own controls for them.
    s = std::regex_replace(s, std::regex(R"( ?\([^()]*--[a-z][^()]*\))"), "");
    s = std::regex_replace(
        s, std::regex(R"( unless --layer N or --layer-type full\|sliding says otherwise)"),
        " (the layer picker shows others)");
    static const std::pair<const char*, const char*> k_names[] = {
        {"--model-config", "model"}, {"--model", "model"},     {"--layer-type", "layer"},
        {"--seq-len", "L"},          {"--dim", "D"},           {"--max-bytes", "memory budget"},
        {"--max-len", "table rows"}, {"--compare", "compare"}, {"--dims", "dims shown"}};
    for (const auto& [flag, name] : k_names)
        s = std::regex_replace(s, std::regex(std::string("(^|[\\s(])") + flag + "\\b(?!-)"),
                               std::string("$1") + name);
    // Any other flag: its name without the dashes ("--num-buckets" → "num buckets").
    std::smatch m;
    static const std::regex k_flag(R"((^|[\s(])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*))");
    std::string out;
    while (std::regex_search(s, m, k_flag)) {
        std::string name = m[2].str();
        for (char& c : name)
            if (c == '-') c = ' ';
        out += m.prefix().str() + m[1].str() + name;
        s = m.suffix().str();
    }
    out += s;
    return language() == "zh" ? chinese_message(out) : out;
}

}  // namespace posviz::gui
