// Files written whole or not at all: every output goes to a hidden temporary file beside its target
// (same directory, so the final rename stays within one file system) and is renamed onto the
// target only when complete. The temporary is removed on every failure, and on SIGINT, SIGTERM and
// SIGHUP (cleanup_on_signal.h); what a kill -9 leaves behind is removed by the next write to the
// same target (see TempFile's constructor).
#pragma once

#include <sys/types.h>

#include <string>

namespace posviz {

// The temporary file of one write: ".NAME.tmp-PID" followed by the target's own extension (ffmpeg
// picks its format by the extension), created empty and open for writing.
class TempFile {
  public:
    // Throws InputError("-o", target, ...) for a missing directory, a target that is a directory,
    // or a directory that cannot be written.
    explicit TempFile(const std::string& target);
    ~TempFile();  // removes the temporary unless committed
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    const std::string& path() const { return path_; }
    // The open descriptor, for writers of their own: giflib gets a duplicate; ffmpeg reopens the
    // same file by name, and the data it writes is flushed through this one at commit.
    int fd() const { return fd_; }
    // InputError("-o", target, ...) when not all of it could be written (a full disk).
    void write(const std::string& bytes);
    // The child process writing path() (ffmpeg), killed before the temporary is removed on a
    // signal; 0 once it has ended.
    void set_writer(pid_t pid);
    // Flushes the file to disk and renames it onto the target (InputError("-o") on failure).
    void commit();

  private:
    std::string target_, path_;
    int fd_ = -1;
    int signal_slot_ = -1;
    bool committed_ = false;
};

// TempFile, write, commit. Throws InputError("-o", path, ...) if the file cannot be written.
void write_file_atomically(const std::string& path, const std::string& bytes);

}  // namespace posviz
