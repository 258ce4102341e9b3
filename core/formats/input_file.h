// Opening a file a user named (--table, --model-config, a preset, settings.json) for reading. Only
// regular files are read: a directory cannot be read, and a device or pipe reports a size of 0, so
// a size cap would never hold for it (`--model-config /dev/zero` would read for ever).
#pragma once

#include <cstdint>
#include <fstream>
#include <string>

namespace posviz {

struct InputFile {
    std::ifstream stream;  // open, binary, at the first byte
    uint64_t size = 0;     // bytes
};

// `what` names the source in errors (the option or file kind), `expected` says what is wanted
// ("a readable .npy file"). Throws InputError for a missing, unreadable or non-regular file and for
// one larger than max_bytes.
InputFile open_input_file(const std::string& path, const std::string& what,
                          const std::string& expected, uint64_t max_bytes = UINT64_MAX);

// The whole file as bytes, through open_input_file.
std::string read_input_file(const std::string& path, const std::string& what,
                            const std::string& expected, uint64_t max_bytes);

}  // namespace posviz
