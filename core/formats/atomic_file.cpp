#include "core/formats/atomic_file.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

#include "core/formats/cleanup_on_signal.h"
#include "core/input_error.h"

namespace posviz {

namespace {

namespace fs = std::filesystem;

std::string temp_prefix(const fs::path& target) {
    std::string prefix = ".";  // appended piecewise: GCC 12 warns falsely on "." + name + "…"
    prefix += target.filename().string();
    prefix += ".tmp-";
    return prefix;
}

// A temporary file left by a process that ended without removing it — kill -9, a crash, a power
// cut — cannot be cleaned up by that process. So each write removes the ones left for its own
// target: names ".NAME.tmp-PID" or ".NAME.tmp-PID" + the target's extension whose PID is no
// longer a process (kill(pid, 0) fails with ESRCH). A live PID's file stays: it may be another
// posviz writing that target right now (or a recycled PID, which only delays the cleanup). Other
// targets' temporaries and other files are never touched. In a directory shared between machines
// (NFS), another machine's live writer could look dead here; posviz does not guard against that.
void remove_stale_temps(const fs::path& dir, const fs::path& target) {
    const std::string prefix = temp_prefix(target), extension = target.extension().string();
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir, error)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with(prefix)) continue;
        size_t end = prefix.size();
        while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end]))) ++end;
        const std::string digits = name.substr(prefix.size(), end - prefix.size());
        const std::string rest = name.substr(end);
        if (digits.empty() || digits.size() > 9 || (!rest.empty() && rest != extension)) continue;
        const pid_t pid = pid_t(std::stol(digits));
        if (pid > 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH)
            fs::remove(entry.path(), error);
    }
}

}  // namespace

TempFile::TempFile(const std::string& target) : target_(target) {
    const fs::path target_path(target);
    fs::path dir = target_path.parent_path();
    if (dir.empty()) dir = ".";
    std::error_code error;
    if (!fs::is_directory(dir, error))
        throw InputError("-o", target,
                         "a path in an existing directory (" + dir.string() + " does not exist)");
    if (fs::is_directory(target_path, error))
        throw InputError("-o", target, "a file path, not a directory");
    remove_stale_temps(dir, target_path);
    path_ = (dir / (temp_prefix(target_path) + std::to_string(getpid()) +
                    target_path.extension().string()))
                .string();
    signal_slot_ = cleanup_on_signal::add_file(path_);
    fd_ = open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd_ < 0) {
        const int open_error = errno;
        cleanup_on_signal::remove_file(signal_slot_);
        throw InputError("-o", target,
                         "a writable location (" + std::string(std::strerror(open_error)) + ")");
    }
}

TempFile::~TempFile() {
    if (fd_ >= 0) close(fd_);
    if (!committed_) unlink(path_.c_str());
    cleanup_on_signal::remove_file(signal_slot_);
}

void TempFile::write(const std::string& bytes) {
    for (size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            throw InputError("-o", target_,
                             "a location with room to write " + std::to_string(bytes.size()) +
                                 " bytes (" + std::strerror(n < 0 ? errno : ENOSPC) + ")");
        done += size_t(n);
    }
}

void TempFile::set_writer(pid_t pid) {
    cleanup_on_signal::set_writer(signal_slot_, pid);
}

void TempFile::commit() {
    // On disk before the rename: after a crash the target is the old file or the whole new one.
    // (EINVAL: a file system that cannot sync.)
    if ((fsync(fd_) != 0 && errno != EINVAL) || close(std::exchange(fd_, -1)) != 0)
        throw InputError(
            "-o", target_,
            "a location that can be written (" + std::string(std::strerror(errno)) + ")");
    std::error_code error;
    fs::rename(path_, target_, error);
    if (error)
        throw InputError("-o", target_,
                         "a location that can be renamed into (" + error.message() + ")");
    committed_ = true;
}

void write_file_atomically(const std::string& path, const std::string& bytes) {
    TempFile temp(path);
    temp.write(bytes);
    temp.commit();
}

}  // namespace posviz
