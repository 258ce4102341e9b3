// The ffmpeg command as a child process that encodes what we write to its stdin. Its stderr goes
// to an anonymous in-memory file, so that when it fails its own message can be shown. The child is
// registered as the writer of the temporary file it writes, so that a signal ending posviz kills
// it before removing that file (cleanup_on_signal.h).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <vector>

#include "core/formats/atomic_file.h"

namespace posviz {

class FfmpegPipe {
  public:
    // The output ffmpeg is told to write: the temporary file, open in posviz, handed to ffmpeg as
    // its fd 3. A signal that removes the temporary while ffmpeg starts cannot be outrun: ffmpeg
    // writes to that (then unlinked) file through the descriptor, never re-creating the name.
    static constexpr const char* kOutput = "/proc/self/fd/3";

    // Starts `ffmpeg args...`, which writes `temp`. Throws InputError("-o", target, ...) when there
    // is no ffmpeg on PATH or it cannot be started.
    FfmpegPipe(const std::vector<std::string>& args, TempFile& temp, const std::string& target);
    ~FfmpegPipe();  // an ffmpeg not finished is killed and reaped
    FfmpegPipe(const FfmpegPipe&) = delete;
    FfmpegPipe& operator=(const FfmpegPipe&) = delete;

    // Writes all of it; false when ffmpeg stopped reading (finish() then says why).
    bool write(const unsigned char* data, size_t size);
    // Ends ffmpeg's input and waits for it. Throws InputError("-o", target, ...) quoting ffmpeg's
    // last lines of stderr when it did not exit with status 0.
    void finish();

  private:
    void
    end();  // closes the input, reaps the child, forgets it; returns its wait status in status_

    TempFile& temp_;
    std::string target_;
    pid_t pid_ = -1;
    int input_ = -1;  // write end of ffmpeg's stdin
    int log_ = -1;    // ffmpeg's stderr
    int status_ = 0;  // wait status once ended
};

}  // namespace posviz
