// The file readers posviz's fuzzers drive (fuzz_main.cpp, one fuzzer per reader) and the
// regression test replays (tests/test_fuzz_regressions.cpp): one place that says how each format
// is read and what every outcome must satisfy, so that both check exactly the same thing.
//
// An input is allowed to be accepted or rejected with an InputError, nothing else: any other
// exception escapes read_and_check (a finding), and so do crashes, hangs and sanitizer reports.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace posviz::fuzz {

struct Reader {
    const char* name;       // "npy": also the folder name of its seeds and regressions
    const char* file_name;  // what the input is called on disk
    // Reads the file at `path` as posviz does, then checks what an accepted file must satisfy
    // (it reads back as written, ...); returns what broke, empty when nothing did. Throws
    // InputError when the reader rejects the file.
    std::string (*read)(const std::string& path);
    // settings: a rejected settings.json may be moved aside to this name; nullptr elsewhere.
    const char* moved_aside;
};

const std::vector<Reader>& readers();
const Reader& find_reader(std::string_view name);  // aborts on an unknown name

struct Checked {
    bool accepted = false;  // else rejected with InputError
    std::string problem;    // what went wrong; empty when nothing did
};

// Writes `input` to reader.file_name in `dir` (which holds nothing else), reads it, and checks the
// outcome and that `dir` afterwards holds just the input, unchanged — or, where the reader may
// move a rejected file aside, just that. `dir` is left holding nothing.
Checked read_and_check(const Reader& reader, const std::string& dir, std::string_view input);

// A fresh empty directory of this process's own under $TMPDIR, removed with what it holds.
class ScratchDir {
  public:
    ScratchDir();
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

}  // namespace posviz::fuzz
