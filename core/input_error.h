// The one error type for bad input anywhere in the core (options, files, configs).
// The command line turns it into exit status 2; the GUI shows it and keeps running.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace posviz {

class InputError : public std::runtime_error {
  public:
    // `what` names the option or field (e.g. "--dim", "rope_scaling.factor"), `value` what was
    // given and `allowed` what would have been accepted. Message: "--dim: got 0; expected ...".
    InputError(std::string what, const std::string& value, const std::string& allowed)
        : std::runtime_error(what + ": got " + value + "; expected " + allowed),
          option(std::move(what)) {}
    // The same error with the file it came from before the message, for a field named as the file
    // writes it: "models/llama/config.json: head_dim: got ...". `option` stays the field.
    InputError in_file(const std::string& file) const {
        return InputError(option, file + ": " + what(), InFile{});
    }
    std::string option;

  private:
    struct InFile {};
    InputError(std::string option_name, const std::string& message, InFile)
        : std::runtime_error(message), option(std::move(option_name)) {}
};

}  // namespace posviz
