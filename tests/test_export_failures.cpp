// Picture exports that cannot succeed, through the real binary: each exits with status 2 and a
// message naming the option, and leaves nothing in the output directory — no output, no temporary
// file, hidden or not — also when ffmpeg fails or is missing, and when the export is ended by
// SIGTERM or SIGINT. A temporary file left by a killed process (kill -9) is removed by the next
// export to the same target.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/formats/cleanup_on_signal.h"
#include "run_posviz.h"

extern char** environ;

namespace posviz {
namespace {

using testing::make_temp_dir;
using testing::run_posviz;

// Every name in `dir`, hidden ones included.
std::set<std::string> entries(const std::string& dir) {
    std::set<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        names.insert(entry.path().filename().string());
    return names;
}

std::string listing(const std::string& dir) {
    std::string text;
    for (const std::string& name : entries(dir)) text += " " + name;
    return text.empty() ? " (empty)" : text;
}

// `posviz ARGS -o DIR/NAME` fails with status 2, names `option` (and each of `also`) on stderr,
// and leaves DIR empty.
void expect_refused(const std::string& args, const std::string& name, const std::string& option,
                    const std::vector<std::string>& also = {}) {
    const std::string dir = make_temp_dir();
    const auto r = run_posviz(args + " -o " + dir + "/" + name);
    EXPECT_EQ(r.status, 2) << args << "\nstderr: " << r.err;
    EXPECT_NE(r.err.find(option), std::string::npos) << args << "\nstderr: " << r.err;
    for (const std::string& text : also)
        EXPECT_NE(r.err.find(text), std::string::npos) << args << "\nstderr: " << r.err;
    EXPECT_TRUE(entries(dir).empty()) << args << " left:" << listing(dir);
}

void write_script(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
    chmod(path.c_str(), 0755);
}

// Runs `args` with PATH set to `path`, then restores it.
testing::RunResult run_with_path(const std::string& path, const std::string& args) {
    const std::string saved = std::getenv("PATH") ? std::getenv("PATH") : "";
    setenv("PATH", path.c_str(), 1);
    const auto r = run_posviz(args);
    setenv("PATH", saved.c_str(), 1);
    return r;
}

// The binary started without a shell (so that a signal reaches posviz itself), output discarded.
pid_t start_posviz(const std::vector<std::string>& args) {
    std::vector<char*> argv{const_cast<char*>(POSVIZ_BINARY)};
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid = -1;
    const int error = posix_spawn(&pid, POSVIZ_BINARY, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    return error == 0 ? pid : -1;
}

bool has_temporary(const std::string& dir) {
    for (const std::string& name : entries(dir))
        if (name.starts_with(".") && name.find(".tmp-") != std::string::npos) return true;
    return false;
}

// A long export into `name` is ended by `signal_number` once its temporary file exists: posviz
// dies of that signal and the directory is empty (ffmpeg, for .mp4, is not left writing there).
void expect_signal_leaves_nothing(const std::string& name, int signal_number) {
    const std::string dir = make_temp_dir();
    const pid_t pid = start_posviz(
        {"export", "rotation", "--frames", "10000", "--dpi", "40", "-o", dir + "/" + name});
    ASSERT_GT(pid, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(4);
    while (!has_temporary(dir) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_TRUE(has_temporary(dir)) << "no temporary file appeared:" << listing(dir);
    kill(pid, signal_number);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal_number) << "status " << status;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // time for a stray writer
    EXPECT_TRUE(entries(dir).empty()) << name << " left:" << listing(dir);
}

TEST(ExportFailures, RasterLargerThanTheFormatTakesIsRefusedBeforeDrawing) {
    // 30 in at 1200 dpi is 36000 pixels: over cairo's 32767 (PNG, GIF) and libx264's 16384 (MP4).
    const std::string wide = "export rotation --frames 2 --width 30 --height 4 --dpi 1200";
    expect_refused(wide, "r.png", "--width", {"36000", "32767"});
    expect_refused(wide, "r.gif", "--width", {"36000", "32767"});
    expect_refused(wide, "r.mp4", "--width", {"36000", "16384"});
    // 14 in at 1200 dpi, 16800 pixels: a PNG could, an MP4 cannot.
    expect_refused("export rotation --frames 2 --width 6 --height 14 --dpi 1200", "r.mp4",
                   "--height", {"16800", "16384"});
    // 20 000 × 20 000 pixels at 8 bytes each are 3.2 GB, over the default 2 GiB --max-bytes.
    expect_refused(
        "export curves --encoding sinusoidal --width 20 --height 20 --dpi "
        "1000",
        "c.png", "--dpi", {"--max-bytes"});
}

TEST(ExportFailures, HeatmapTallerThanAnImageIsDrawnFromAveragedBlocks) {
    // 33000 rows of cells, over cairo's 32767-pixel images: this crashed on a null image.
    const std::string dir = make_temp_dir();
    const auto r =
        run_posviz("export pe --encoding sinusoidal --seq-len 33000 --dim 4 -o " + dir + "/pe.png");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(testing::read_file(dir + "/pe.png").substr(0, 8), "\x89PNG\r\n\x1a\n");
    EXPECT_EQ(entries(dir), std::set<std::string>{"pe.png"}) << listing(dir);
}

TEST(ExportFailures, FigureOptionsMustBeFiniteAndInRange) {
    expect_refused("export curves --encoding sinusoidal --width nan", "c.png", "--width", {"nan"});
    expect_refused("export curves --encoding sinusoidal --height inf", "c.png", "--height",
                   {"inf"});
    expect_refused("export curves --encoding sinusoidal --width -2", "c.png", "--width", {"-2"});
    expect_refused("export curves --encoding sinusoidal --width 0.25", "c.svg", "--width",
                   {"0.25"});
    expect_refused("export curves --encoding sinusoidal --height 101", "c.pdf", "--height",
                   {"101"});
    expect_refused("export curves --encoding sinusoidal --dpi 0", "c.png", "--dpi", {"10..1200"});
    expect_refused("export curves --encoding sinusoidal --dpi 1201", "c.png", "--dpi", {"1201"});
    expect_refused("export rotation --frames 0", "r.gif", "--frames", {"1..10000"});
    expect_refused("export rotation --frames 10001", "r.gif", "--frames", {"10001"});
    expect_refused("export rotation --fps 0", "r.mp4", "--fps", {"1..60"});
    expect_refused("export rotation --fps 61", "r.gif", "--fps", {"61"});
}

TEST(ExportFailures, Mp4IntoADirectoryThatCannotBeWrittenSaysSoBeforeFfmpeg) {
    const std::string dir = make_temp_dir();
    const auto missing = run_posviz("export rotation --frames 2 -o " + dir + "/missing/r.mp4");
    EXPECT_EQ(missing.status, 2) << missing.err;  // not 141, SIGPIPE
    EXPECT_NE(missing.err.find("-o"), std::string::npos) << missing.err;
    EXPECT_NE(missing.err.find("does not exist"), std::string::npos) << missing.err;
    EXPECT_TRUE(entries(dir).empty()) << listing(dir);
    // No one, root included, creates files in /proc/self.
    const auto unwritable = run_posviz("export rotation --frames 2 -o /proc/self/r.mp4");
    EXPECT_EQ(unwritable.status, 2) << unwritable.err;
    EXPECT_NE(unwritable.err.find("-o"), std::string::npos) << unwritable.err;
    EXPECT_EQ(unwritable.err.find("ffmpeg"), std::string::npos) << unwritable.err;
}

TEST(ExportFailures, FfmpegFailingIsReportedInItsOwnWords) {
    const std::string tools = make_temp_dir(), dir = make_temp_dir();
    // Exits at once without reading: posviz's next write to the pipe fails with EPIPE.
    write_script(tools + "/ffmpeg",
                 "#!/bin/sh\necho 'warming up' >&2\necho 'the encoder broke down' >&2\nexit 3\n");
    const auto r = run_with_path(tools + ":/usr/bin:/bin",
                                 "export rotation --frames 3 --dpi 40 -o " + dir + "/r.mp4");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("-o"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("status 3"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("the encoder broke down"), std::string::npos) << r.err;
    EXPECT_TRUE(entries(dir).empty()) << listing(dir);
    // Reads every frame and exits 0 without writing anything: no empty video.
    write_script(tools + "/ffmpeg", "#!/bin/sh\nexec cat >/dev/null\n");
    const auto silent = run_with_path(tools + ":/usr/bin:/bin",
                                      "export rotation --frames 3 --dpi 40 -o " + dir + "/r.mp4");
    EXPECT_EQ(silent.status, 2) << silent.err;
    EXPECT_NE(silent.err.find("wrote nothing"), std::string::npos) << silent.err;
    EXPECT_TRUE(entries(dir).empty()) << listing(dir);
}

TEST(ExportFailures, MissingFfmpegSaysSo) {
    const std::string empty = make_temp_dir(), dir = make_temp_dir();
    const auto r = run_with_path(empty, "export rotation --frames 2 -o " + dir + "/r.mp4");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("-o"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("ffmpeg command on PATH"), std::string::npos) << r.err;
    EXPECT_TRUE(entries(dir).empty()) << listing(dir);
}

TEST(ExportFailures, SigtermOrSigintDuringAnExportLeavesNothing) {
    expect_signal_leaves_nothing("r.gif", SIGTERM);
    expect_signal_leaves_nothing("r.mp4", SIGTERM);
    expect_signal_leaves_nothing("r.mp4", SIGINT);
}

// The GUI catches SIGTERM itself (to save its settings), so the export's signal handler never
// runs there; when an export does not stop in time its quit path calls remove_all_now before
// _Exit: the writer is killed and reaped and the temporary unlinked, as the handler would.
TEST(ExportFailures, RemoveAllNowKillsWritersAndUnlinksTemporaries) {
    const std::string dir = make_temp_dir();
    const std::string temporary = dir + "/.r.mp4.tmp-1.mp4";
    std::ofstream(temporary) << "partial";
    const int slot = cleanup_on_signal::add_file(temporary);
    char sleep_name[] = "sleep", seconds[] = "60";
    char* argv[] = {sleep_name, seconds, nullptr};
    pid_t writer = -1;
    ASSERT_EQ(posix_spawnp(&writer, "sleep", nullptr, nullptr, argv, environ), 0);
    cleanup_on_signal::set_writer(slot, writer);
    cleanup_on_signal::remove_all_now();
    cleanup_on_signal::remove_file(slot);
    EXPECT_FALSE(std::filesystem::exists(temporary));
    EXPECT_EQ(kill(writer, 0), -1);  // killed and reaped: no such process any more
    EXPECT_EQ(errno, ESRCH);
}

TEST(ExportFailures, TemporaryOfADeadProcessIsRemovedByTheNextExportToItsTarget) {
    // A PID that is no process any more: a child that has exited and been reaped.
    const pid_t dead = start_posviz({"--version"});
    ASSERT_GT(dead, 0);
    waitpid(dead, nullptr, 0);
    const std::string d = std::to_string(dead), alive = std::to_string(getpid());
    const std::string dir = make_temp_dir();
    const std::set<std::string> stale = {".r.gif.tmp-" + d + ".gif", ".t.npy.tmp-" + d + ".npy",
                                         ".t.npy.tmp-" + d};
    const std::set<std::string> kept = {
        ".r.gif.tmp-" + alive + ".gif",   // its writer is alive (this test)
        ".other.gif.tmp-" + d + ".gif",   // another target's
        ".r.gif.tmp-" + d + ".gif.keep",  // not a temporary's name
        ".r.gif.tmp-x" + d + ".gif"};     // nor this
    for (const std::set<std::string>* names : {&stale, &kept})
        for (const std::string& name : *names) std::ofstream(dir + "/" + name) << "partial";
    const auto gif = run_posviz("export rotation --frames 2 --dpi 40 -o " + dir + "/r.gif");
    ASSERT_EQ(gif.status, 0) << gif.err;
    const auto npy = run_posviz("export pe --encoding sinusoidal -o " + dir + "/t.npy");
    ASSERT_EQ(npy.status, 0) << npy.err;
    std::set<std::string> expected = kept;
    expected.insert({"r.gif", "t.npy"});
    EXPECT_EQ(entries(dir), expected) << listing(dir);
}

TEST(ExportFailures, ScreenshotFailsWhenItsFigureExportFails) {
    const std::string dir = make_temp_dir();
    const auto r =
        testing::run_posviz_on_opengl("screenshot --preset rope-rotation --size 400x300 -o " + dir +
                                      "/shot.png --export-figure " + dir + "/missing/figure.png");
    if (r.status == 1 && r.err.find("no OpenGL") != std::string::npos)
        GTEST_SKIP() << "no OpenGL for screenshots here: " << r.err;
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--export-figure"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("missing"), std::string::npos) << r.err;
    EXPECT_TRUE(entries(dir).empty()) << listing(dir);
}

}  // namespace
}  // namespace posviz
