// The README's examples run as written from a fresh clone: each line of the block that names this
// test is run by the shell in a scratch folder laid out like the repository root (build/app/posviz
// and tests/data linked to the real ones), and must exit 0 and write the file it names.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "run_posviz.h"

namespace posviz {
namespace {

namespace fs = std::filesystem;

// The command lines of a README example block (the ```sh block after the line naming `test`).
std::vector<std::string> readme_examples(const std::string& test) {
    const std::string readme = testing::read_file(std::string(POSVIZ_SOURCE_DIR) + "/README.md");
    const auto marker = readme.find(test);
    if (marker == std::string::npos) return {};
    const auto begin = readme.find("```sh\n", marker);
    const auto end = readme.find("```", begin + 6);
    if (begin == std::string::npos || end == std::string::npos) return {};
    std::istringstream block(readme.substr(begin + 6, end - begin - 6));
    std::vector<std::string> lines;
    for (std::string line; std::getline(block, line);)
        if (!line.empty()) lines.push_back(line);
    return lines;
}

// The file after "-o " in a command line.
std::string output_of(const std::string& line) {
    const auto at = line.find(" -o ");
    if (at == std::string::npos) return {};
    std::istringstream rest(line.substr(at + 4));
    std::string name;
    rest >> name;
    return name;
}

// Runs each line of the block in a scratch folder laid out like the repository root.
void run_block(const std::string& test) {
    const auto lines = readme_examples(test);
    ASSERT_GE(lines.size(), 5u) << "README.md has no example block after '" << test << "'";
    const fs::path root = testing::make_temp_dir();
    fs::create_directories(root / "build/app");
    fs::create_directories(root / "tests");
    fs::create_symlink(POSVIZ_BINARY, root / "build/app/posviz");
    fs::create_directory_symlink(fs::path(POSVIZ_SOURCE_DIR) / "tests/data", root / "tests/data");
    for (const auto& line : lines) {
        SCOPED_TRACE(line);
        ASSERT_EQ(line.rfind("build/app/posviz ", 0), 0u)
            << "an example that does not start with build/app/posviz";
        const std::string command =
            "cd '" + root.string() + "' && " + line + " >/dev/null 2>&1 </dev/null";
        const int raw = std::system(command.c_str());
        ASSERT_TRUE(raw != -1 && WIFEXITED(raw) && WEXITSTATUS(raw) == 0);
        const std::string output = output_of(line);
        ASSERT_FALSE(output.empty());
        EXPECT_GT(fs::file_size(root / output), 0u);
    }
    fs::remove_all(root);
}

TEST(ReadmeExamples, RunAsWritten) {
    run_block("ReadmeExamples.RunAsWritten");
}

// The well-known figures (README, "Reproducing well-known figures").
TEST(ReadmeExamples, ReproductionsRunAsWritten) {
    run_block("ReadmeExamples.ReproductionsRunAsWritten");
}

}  // namespace
}  // namespace posviz
