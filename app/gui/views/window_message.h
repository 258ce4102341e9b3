// Messages as the window shows them. The core's InputError speaks the command line's language
// ("--model-config: got x ([json.exception.parse_error.101] parse error at line 1, column 25: …);
// expected …"): the window names its own controls instead of flags and says what a JSON library's
// error means, not its code. GL-free, for the tests.
#pragma once

#include <string>

namespace posviz::gui {

// `message` with each command-line option named as the window's control ("--seq-len" → "L",
// "--model-config" → "model"), parenthetical hints about flags dropped, and JSON library errors
// turned into "not valid JSON at line 1, column 25"; in the zh window, in Chinese as far as
// chinese_message (chinese_message.h) knows its phrases.
std::string window_message(const std::string& message);

}  // namespace posviz::gui
