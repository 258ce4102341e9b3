#include "run_posviz.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
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

// The high-water mark of posviz's memory image (VmHWM of /proc/PID/status), KiB; 0 before the
// process has become posviz (the forked copy of this test process, then sh or env) and once it
// has exited.
long posviz_image_peak_kb(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    bool posviz = false;
    while (std::getline(status, line)) {
        if (line.rfind("Name:", 0) == 0)
            posviz = line == "Name:\tposviz";  // not posviz_tests, whose fork this was
        else if (posviz && line.rfind("VmHWM:", 0) == 0)
            return std::atol(line.c_str() + 6);
    }
    return 0;
}

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
    // `exec` makes the shell become posviz (env execs it in turn): the process's memory image is
    // posviz's own from then on.
    const std::string cmd = "exec " + launcher + std::string(POSVIZ_BINARY) + " " + args + " >" +
                            out_path + " 2>" + err_path + " </dev/null";
    RunResult result;
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    // Peak memory is read from the running posviz, every millisecond: wait4's ru_maxrss would
    // count the forked copy of this test process before exec (Linux keeps the larger of the
    // images' peaks), which grows with the tests run before and made the memory tests
    // order-dependent (230–350 MB for a 140 MB read late in the suite).
    int raw = 0;
    bool waited = false;
    long peak_kb = 0;
    while (pid > 0) {
        const pid_t done = ::waitpid(pid, &raw, WNOHANG);
        if (done != 0) {
            waited = done == pid;
            break;
        }
        peak_kb = std::max(peak_kb, posviz_image_peak_kb(pid));
        ::usleep(1000);
    }
    result.status = (waited && WIFEXITED(raw)) ? WEXITSTATUS(raw) : -1;
    result.max_rss_kb = peak_kb;
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
