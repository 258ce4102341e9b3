// JSON from files that may be hostile (config.json, .safetensors headers, presets, settings).
// nlohmann recurses once per nesting level when it prints, compares or copies a value, so a file
// of 100,000 '[' overflows the stack; the nesting depth is therefore checked on the text, before
// nlohmann builds anything. Every nlohmann error (syntax, a number out of range such as 1e999, a
// wrong type) becomes an InputError naming the source.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/input_error.h"

namespace posviz {

// Deeper than any real file: configs nest 3 levels (text_config.rope_scaling.long_factor),
// presets 4.
constexpr int kMaxJsonDepth = 64;

// Which non-standard literals a file may hold. Python: NaN, Infinity and -Infinity as values, the
// three that Python's json module reads and writes (json.JSONDecoder's parse_constant), because
// transformers saves config.json with it: Nemotron-H's holds "time_step_limit": [0.0, Infinity].
// Nothing else that Python's json refuses (nan, inf, +Infinity, -NaN) is accepted.
enum class JsonLiterals { Standard, Python };

// Parses `text`. `what` names the source in errors (the option or the file), `source` is shown as
// the value (a path), `expected` says what was wanted ("a config.json object").
nlohmann::json parse_json(const std::string& text, const std::string& what,
                          const std::string& source, const std::string& expected,
                          JsonLiterals literals = JsonLiterals::Standard);

// A value as written, shortened to one line of an error message (a non-finite number as Python
// writes it: Infinity, -Infinity, NaN).
std::string json_excerpt(const nlohmann::json& value);

// nlohmann's message, shortened: a syntax error quotes the last token read, which a hostile file
// can make megabytes long (a number of 100,000 digits).
std::string json_error_text(const nlohmann::json::exception& error);

// Runs `read` (code that takes values out of parsed JSON) with nlohmann's own exceptions (a type or
// range error from get<T>()) turned into InputError(what, source + details, expected).
template <class Read>
auto with_json_errors(const std::string& what, const std::string& source,
                      const std::string& expected, Read&& read) -> decltype(read()) {
    try {
        return read();
    } catch (const nlohmann::json::exception& e) {
        throw InputError(what, source + " (" + json_error_text(e) + ")", expected);
    }
}

}  // namespace posviz
