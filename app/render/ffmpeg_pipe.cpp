#include "app/render/ffmpeg_pipe.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

#include "core/input_error.h"

extern char** environ;

namespace posviz {

namespace {

// The last lines ffmpeg wrote to stderr, where its reason is: at most 2 lines, 400 characters.
std::string last_lines(int fd) {
    struct stat info {};
    if (fstat(fd, &info) != 0) return "no message";
    const off_t from = std::max<off_t>(0, info.st_size - 4096);
    std::string text(size_t(info.st_size - from), '\0');
    const ssize_t n = pread(fd, text.data(), text.size(), from);
    text.resize(n > 0 ? size_t(n) : 0);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    size_t start = text.rfind('\n');
    if (start != std::string::npos && start > 0) start = text.rfind('\n', start - 1);
    if (start != std::string::npos) text.erase(0, start + 1);
    if (text.size() > 400) text = "…" + text.substr(text.size() - 400);
    if (const size_t line_break = text.find('\n'); line_break != std::string::npos)
        text.replace(line_break, 1, "; ");
    return text.empty() ? "no message" : text;
}

std::string how_it_ended(int status) {
    if (WIFSIGNALED(status))
        return "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
               strsignal(WTERMSIG(status)) + ")";
    return "exited with status " + std::to_string(WEXITSTATUS(status));
}

}  // namespace

FfmpegPipe::FfmpegPipe(const std::vector<std::string>& args, TempFile& temp,
                       const std::string& target)
    : temp_(temp), target_(target) {
    int input[2];
    if (pipe2(input, O_CLOEXEC) != 0)
        throw InputError("-o", target, "ffmpeg to start (" + std::string(strerror(errno)) + ")");
    input_ = input[1];
    log_ = memfd_create("ffmpeg-stderr", MFD_CLOEXEC);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>("ffmpeg"));
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, temp.fd(), 3);  // kOutput
    if (log_ >= 0) posix_spawn_file_actions_adddup2(&actions, log_, STDERR_FILENO);
    // ffmpeg starts with no signal blocked, whatever the thread starting it has blocked.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
    const int error = posix_spawnp(&pid_, "ffmpeg", &actions, &attributes, argv.data(), environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    close(input[0]);
    if (error != 0) {
        pid_ = -1;
        close(input_);
        if (log_ >= 0) close(log_);
        throw InputError(
            "-o", target,
            error == ENOENT
                ? "the ffmpeg command on PATH for .mp4 (apt-get install ffmpeg), or a .gif"
                : "ffmpeg to start (" + std::string(strerror(error)) + ")");
    }
    temp_.set_writer(pid_);
}

FfmpegPipe::~FfmpegPipe() {
    if (pid_ > 0) kill(pid_, SIGKILL);
    end();
    if (log_ >= 0) close(log_);
}

// Writing to a pipe whose reader has exited raises SIGPIPE, which would end posviz before it could
// say why. So SIGPIPE is blocked in this thread around the write, and the one a failed write
// raised is taken off before unblocking it: the write just fails with EPIPE.
bool FfmpegPipe::write(const unsigned char* data, size_t size) {
    sigset_t pipe_signal, previous;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, &previous);
    bool ok = true;
    for (size_t done = 0; ok && done < size;) {
        const ssize_t n = ::write(input_, data + done, size - done);
        if (n >= 0)
            done += size_t(n);
        else
            ok = errno == EINTR;
    }
    if (!ok && errno == EPIPE) {
        const timespec now{};
        sigtimedwait(&pipe_signal, nullptr, &now);
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    return ok;
}

void FfmpegPipe::end() {
    if (input_ >= 0) close(input_);
    input_ = -1;
    if (pid_ <= 0) return;
    status_ = -1;  // not WIFEXITED: a failure if it cannot be waited for
    while (waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
    }
    temp_.set_writer(0);
    pid_ = -1;
}

void FfmpegPipe::finish() {
    end();
    if (WIFEXITED(status_) && WEXITSTATUS(status_) == 0) return;
    throw InputError("-o", target_,
                     "a video that ffmpeg can encode and write (ffmpeg " + how_it_ended(status_) +
                         ": " + (log_ >= 0 ? last_lines(log_) : "no message") + ")");
}

}  // namespace posviz
