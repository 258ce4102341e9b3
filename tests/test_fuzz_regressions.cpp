// The fuzzers' inputs, replayed in the normal build: every seed under tests/fuzz/seeds/<reader>/ (a
// valid file) is accepted, and every input a fuzzer ever crashed on, kept under
// tests/fuzz/regressions/<reader>/, is accepted or rejected with InputError, leaving nothing
// behind — through the same checks the fuzzers make (tests/fuzz/fuzz_readers.h).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/fuzz/fuzz_readers.h"

namespace posviz::fuzz {

void PrintTo(const Reader& reader, std::ostream* out) {
    *out << reader.name;
}  // for gtest

namespace {

namespace fs = std::filesystem;

std::vector<std::string> files_in(const std::string& folder, const std::string& reader) {
    const fs::path dir = fs::path(POSVIZ_SOURCE_DIR) / "tests/fuzz" / folder / reader;
    std::vector<std::string> files;
    if (fs::is_directory(dir))
        for (const auto& entry : fs::directory_iterator(dir)) files.push_back(entry.path());
    return files;
}

std::string contents(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

class ReaderInputs : public ::testing::TestWithParam<Reader> {};

TEST_P(ReaderInputs, SeedsAreAccepted) {
    const Reader& reader = GetParam();
    const std::vector<std::string> seeds = files_in("seeds", reader.name);
    EXPECT_FALSE(seeds.empty()) << "no seeds for " << reader.name;
    const ScratchDir dir;
    for (const std::string& seed : seeds) {
        const Checked checked = read_and_check(reader, dir.path(), contents(seed));
        EXPECT_TRUE(checked.accepted) << seed;
        EXPECT_EQ(checked.problem, "") << seed;
    }
}

TEST_P(ReaderInputs, KeptCrashesAreAcceptedOrRejected) {
    const Reader& reader = GetParam();
    const ScratchDir dir;
    for (const std::string& input : files_in("regressions", reader.name)) {
        try {
            EXPECT_EQ(read_and_check(reader, dir.path(), contents(input)).problem, "") << input;
        } catch (const std::exception& e) {  // InputError is taken by read_and_check
            ADD_FAILURE() << input << ": " << e.what();
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Fuzz, ReaderInputs, ::testing::ValuesIn(readers()),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace posviz::fuzz
