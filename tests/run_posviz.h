// Runs the real `posviz` binary from a test, capturing exit status, stdout and stderr.
#pragma once

#include <string>

namespace posviz::testing {

struct RunResult {
    int status = -1;  // the process's exit status (or -1 if it died by a signal)
    std::string out;
    std::string err;
};

// `args` is appended to the binary's path and run through /bin/sh; quote as needed.
RunResult run_posviz(const std::string& args);

// A fresh empty directory under the build's temp area, unique per call.
std::string make_temp_dir();

bool file_exists(const std::string& path);
std::string read_file(const std::string& path);

}  // namespace posviz::testing
