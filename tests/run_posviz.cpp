#include "run_posviz.h"

#include <sys/resource.h>
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

bool file_exists(const std::string& path) {
    return std::filesystem::exists(path);
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

namespace {

constexpr bool kAddressSanitizer =
#if defined(__SANITIZE_ADDRESS__)
    true;
#else
    false;
#endif

// `launcher` goes before the binary: "" or "env NAME=value ".
RunResult run_with(const std::string& launcher, const std::string& args) {
    const std::string dir = make_temp_dir();
    const std::string out_path = dir + "/stdout", err_path = dir + "/stderr";
    // `exec` makes the shell become posviz (env execs it in turn), so wait4's usage is posviz's
    // own peak memory.
    const std::string cmd = "exec " + launcher + std::string(POSVIZ_BINARY) + " " + args + " >" +
                            out_path + " 2>" + err_path + " </dev/null";
    RunResult result;
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    int raw = 0;
    struct rusage usage {};
    const bool waited = pid > 0 && ::wait4(pid, &raw, 0, &usage) == pid;
    result.status = (waited && WIFEXITED(raw)) ? WEXITSTATUS(raw) : -1;
    result.max_rss_kb = waited ? usage.ru_maxrss : 0;
    result.out = read_file(out_path);
    result.err = read_file(err_path);
    std::filesystem::remove_all(dir);
    return result;
}

}  // namespace

RunResult run_posviz(const std::string& args) {
    return run_with("", args);
}

RunResult run_posviz_on_opengl(const std::string& args) {
    return run_with(kAddressSanitizer ? "env ASAN_OPTIONS=\"$ASAN_OPTIONS:detect_leaks=0\" " : "",
                    args);
}

long rss_budget_kb(long release_kb) {
    return kAddressSanitizer ? release_kb + 512 * 1024 : release_kb;
}

}  // namespace posviz::testing
