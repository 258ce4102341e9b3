#include "run_posviz.h"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace posviz::testing {

std::string make_temp_dir() {
    static std::atomic<int> counter{0};
    auto dir = std::filesystem::temp_directory_path() /
               ("posviz_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

bool file_exists(const std::string& path) { return std::filesystem::exists(path); }

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

RunResult run_posviz(const std::string& args) {
    const std::string dir = make_temp_dir();
    const std::string out_path = dir + "/stdout", err_path = dir + "/stderr";
    const std::string cmd =
        std::string(POSVIZ_BINARY) + " " + args + " >" + out_path + " 2>" + err_path + " </dev/null";
    const int raw = std::system(cmd.c_str());
    RunResult result;
    result.status = (raw != -1 && WIFEXITED(raw)) ? WEXITSTATUS(raw) : -1;
    result.out = read_file(out_path);
    result.err = read_file(err_path);
    std::filesystem::remove_all(dir);
    return result;
}

}  // namespace posviz::testing
