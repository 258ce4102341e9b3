#include "app/web/link_fragment.h"

#include <cstdlib>

#include "core/input_error.h"

namespace posviz::web {

namespace {

std::string percent_decoded(const std::string& text) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size()) {
            out += char(std::strtol(text.substr(i + 1, 2).c_str(), nullptr, 16));
            i += 2;
        } else {
            out += text[i] == '+' ? ' ' : text[i];
        }
    }
    return out;
}

}  // namespace

std::map<std::string, std::string> parse_fragment(const std::string& fragment) {
    std::map<std::string, std::string> values;
    const std::string text =
        !fragment.empty() && fragment[0] == '#' ? fragment.substr(1) : fragment;
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find('&', at);
        if (end == std::string::npos) end = text.size();
        const std::string part = text.substr(at, end - at);
        at = end + 1;
        if (part.empty()) continue;
        const size_t equals = part.find('=');
        if (equals == std::string::npos)
            throw InputError("#", part,
                             "KEY=VALUE parts joined by & (e.g. #preset=rope-rotation&lang=zh)");
        values[percent_decoded(part.substr(0, equals))] = percent_decoded(part.substr(equals + 1));
    }
    return values;
}

}  // namespace posviz::web
