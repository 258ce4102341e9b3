// The one error type for bad input anywhere in the core (options, files, configs).
// The command line turns it into exit status 2; the GUI shows it and keeps running.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace posviz {

// What kind of bad input an InputError reports, for callers that map errors onto types of their
// own (the Python module: ValueError, FileNotFoundError, IsADirectoryError, MemoryError). The
// message is the same whatever the cause; the command line ignores it.
enum class InputErrorCause {
    Value,       // a value out of range, malformed, of the wrong kind
    NoSuchFile,  // a named file or folder that does not exist
    Directory,   // a directory where a file was wanted
    Memory,      // a computation or table larger than --max-bytes
};

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
        return InputError(option, file + ": " + what(), InFile{}).with_cause(cause);
    }
    InputError with_cause(InputErrorCause c) const {
        InputError e = *this;
        e.cause = c;
        return e;
    }
    std::string option;
    InputErrorCause cause = InputErrorCause::Value;

  private:
    struct InFile {};
    InputError(std::string option_name, const std::string& message, InFile)
        : std::runtime_error(message), option(std::move(option_name)) {}
};

}  // namespace posviz
