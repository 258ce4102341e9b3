// A core message as the zh window shows it. The core's InputError says "WHAT: got VALUE; expected
// ALLOWED" in English for the command line and the files it reads; the window, in Chinese, frames
// it as "WHAT：收到 VALUE；应为 ALLOWED" and puts the phrases of that frame that the readers
// (config.json, .npy, .safetensors, presets, settings.json) and the scene's checks use into
// Chinese. What stays as it is: identifiers (config keys, file paths, option values such as
// "llama3"), numbers, proper names, and the more specific explanations of some checks, which no
// phrase below matches. GL-free.
#pragma once

#include <string>

namespace posviz::gui {

std::string chinese_message(const std::string& message);

}  // namespace posviz::gui
