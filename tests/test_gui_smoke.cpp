// The GUI end to end, through the real binary (ctest `gui_smoke`, under Xvfb): `posviz screenshot`
// of every view and every shipped preset, in both languages, both themes and lecture mode. The
// pictures must not be blank and different views must look different. Without any display the
// GUI must say so (exit 1) while screenshots still work headless, and bad input must be exit 2.
// Hostile input (a million-point line, a long computation, a settings file asking for absurd
// window sizes and speeds) must neither crash nor hang the GUI: a TERM closes it within a second.
#include <cairo.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "run_posviz.h"

namespace posviz {
namespace {

using testing::run_posviz;

struct Picture {
    int width = 0, height = 0;
    std::vector<double> luminance;  // 0..255 per pixel
};

Picture load_png(const std::string& path) {
    cairo_surface_t* surface = cairo_image_surface_create_from_png(path.c_str());
    Picture p;
    if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
        p.width = cairo_image_surface_get_width(surface);
        p.height = cairo_image_surface_get_height(surface);
        const int stride = cairo_image_surface_get_stride(surface);
        const unsigned char* data = cairo_image_surface_get_data(surface);
        for (int y = 0; y < p.height; ++y)
            for (int x = 0; x < p.width; ++x) {
                const uint32_t px = *reinterpret_cast<const uint32_t*>(data + y * stride + x * 4);
                p.luminance.push_back(0.299 * ((px >> 16) & 255) + 0.587 * ((px >> 8) & 255) +
                                      0.114 * (px & 255));
            }
    }
    cairo_surface_destroy(surface);
    return p;
}

double mean(const Picture& p) {
    double sum = 0.0;
    for (double v : p.luminance) sum += v;
    return sum / double(p.luminance.size());
}

double variance(const Picture& p) {
    const double m = mean(p);
    double sum = 0.0;
    for (double v : p.luminance) sum += (v - m) * (v - m);
    return sum / double(p.luminance.size());
}

double mean_difference(const Picture& a, const Picture& b) {
    double sum = 0.0;
    for (size_t i = 0; i < a.luminance.size() && i < b.luminance.size(); ++i)
        sum += std::abs(a.luminance[i] - b.luminance[i]);
    return sum / double(a.luminance.size());
}

// Screenshots `args` into a fresh file and checks it is a non-blank picture of the given size.
Picture screenshot(const std::string& args, int width = 1280, int height = 720) {
    const std::string path = testing::make_temp_dir() + "/shot.png";
    const testing::RunResult r =
        run_posviz("screenshot " + args + " --size " + std::to_string(width) + "x" +
                   std::to_string(height) + " -o " + path);
    EXPECT_EQ(r.status, 0) << args << "\n" << r.err;
    const Picture p = load_png(path);
    EXPECT_EQ(p.width, width) << args;
    EXPECT_EQ(p.height, height) << args;
    // A blank or nearly blank window (one colour, or a lone line of text) is far below this.
    if (!p.luminance.empty()) {
        EXPECT_GT(variance(p), 150.0) << args;
    }
    return p;
}

// Each view with a preset whose encoding it draws.
const std::map<std::string, std::string> k_view_presets = {
    {"wavelengths", "sinusoidal-waves"}, {"matrices", "sinusoidal-matrix"},
    {"attention", "relative"},           {"bias", "alibi-and-beyond"},
    {"rotation", "rope-rotation"},       {"decay", "rope-relative"},
    {"permutation", "order-blindness"},  {"terms", "absolute-terms"}};

TEST(GuiSmoke, EveryViewRendersAndViewsDiffer) {
    std::map<std::string, Picture> pictures;
    for (const auto& [view, preset] : k_view_presets)
        pictures[view] = screenshot("--preset " + preset + " --views " + view);
    for (auto a = pictures.begin(); a != pictures.end(); ++a)
        for (auto b = std::next(a); b != pictures.end(); ++b)
            EXPECT_GT(mean_difference(a->second, b->second), 2.0)
                << a->first << " and " << b->first << " look the same";
}

// The shipped presets' names, as `posviz list` gives them.
std::vector<std::string> shipped_presets() {
    const testing::RunResult list = run_posviz("list");
    EXPECT_EQ(list.status, 0);
    const size_t start = list.out.find("presets");
    EXPECT_NE(start, std::string::npos) << list.out;
    std::vector<std::string> names;
    if (start == std::string::npos) return names;
    std::stringstream lines(list.out.substr(start));
    std::string line;
    std::getline(lines, line);  // the heading
    while (std::getline(lines, line) && line.rfind("  ", 0) == 0) names.push_back(line.substr(2));
    return names;
}

// Every shipped preset in normal mode, in both languages (lecture mode is below).
TEST(GuiSmoke, EveryShippedPresetRenders) {
    const std::vector<std::string> names = shipped_presets();
    for (const std::string& name : names)
        for (const char* lang : {"en", "zh"}) screenshot("--preset " + name + " --lang " + lang);
    EXPECT_GE(names.size(), 8u);
}

// The luminance variance of the rows from `top` to `bottom` (fractions of the height).
double band_variance(const Picture& p, double top, double bottom) {
    Picture band;
    band.width = p.width;
    for (int y = int(top * p.height); y < int(bottom * p.height); ++y)
        band.luminance.insert(band.luminance.end(), p.luminance.begin() + y * p.width,
                              p.luminance.begin() + (y + 1) * p.width);
    return band.luminance.empty() ? 0.0 : variance(band);
}

// Lecture mode on a projector's 1920×1080, every shipped preset in both languages: the slide's
// main figure fills the window, so its lower part shows the figure too — no empty band where a
// smaller, tiled figure used to end (the layout's arithmetic is tested in
// test_gui_lecture_layout.cpp).
TEST(GuiSmoke, LectureModeGivesTheFigureTheScreen) {
    for (const std::string& name : shipped_presets())
        for (const char* lang : {"en", "zh"}) {
            const Picture p =
                screenshot("--preset " + name + " --lecture --lang " + lang, 1920, 1080);
            if (p.luminance.empty()) continue;
            EXPECT_GT(band_variance(p, 0.75, 0.95), 20.0) << name << " " << lang;
            EXPECT_GT(band_variance(p, 0.25, 0.5), 20.0) << name << " " << lang;
        }
}

TEST(GuiSmoke, LanguagesThemesAndLectureMode) {
    const Picture en = screenshot("--preset rope-relative");
    const Picture zh = screenshot("--preset rope-relative --lang zh");
    const Picture light = screenshot("--preset rope-relative --theme light");
    const Picture lecture = screenshot("--preset rope-relative --lecture --lang zh");
    EXPECT_GT(mean_difference(en, zh), 0.5);   // the words differ, the figures do not
    EXPECT_GT(mean(light), mean(en) + 100.0);  // a light window on paper, a dark one on screen
    EXPECT_GT(mean_difference(zh, lecture), 5.0);
}

// The attention view computed by the GPU backend (a headless EGL context beside the window's)
// looks like the CPU's: float32 against double is far below a colour step.
TEST(GuiSmoke, AttentionOnTheGpuLooksLikeTheCpu) {
    const std::string dir = testing::make_temp_dir();
    const std::string args = "screenshot --preset relative --views attention --size 1280x720 -o ";
    const testing::RunResult gpu = run_posviz(args + dir + "/gpu.png --backend gpu");
    ASSERT_EQ(gpu.status, 0) << gpu.err;
    // Either the GPU computed the map and coloured it where it is (in a context shared with the
    // window), or the fallback said why not (no compute context here).
    EXPECT_TRUE(gpu.err.find("kept on the GPU for drawing") != std::string::npos ||
                gpu.err.find("computing on the CPU") != std::string::npos)
        << gpu.err;
    ASSERT_EQ(run_posviz(args + dir + "/cpu.png").status, 0);
    EXPECT_LT(mean_difference(load_png(dir + "/gpu.png"), load_png(dir + "/cpu.png")), 0.5);
    EXPECT_EQ(run_posviz(args + dir + "/x.png --backend cuda").status, 2);
}

// The Export window's figure export runs on a worker thread while frames go on; the status line
// then says where it went, and a path that cannot be written is a message, not a crash.
TEST(GuiSmoke, FigureExportRunsBesideTheFrames) {
    const std::string dir = testing::make_temp_dir();
    const std::string args = "screenshot --preset long-context --views attention --size 900x600 ";
    const testing::RunResult r =
        run_posviz(args + "--export-figure " + dir + "/figure.png -o " + dir + "/shot.png");
    ASSERT_EQ(r.status, 0) << r.err;
    const Picture figure = load_png(dir + "/figure.png");
    EXPECT_GT(figure.width, 500);
    EXPECT_GT(variance(figure), 150.0);
    const testing::RunResult bad = run_posviz(args + "--export-figure " + dir +
                                              "/missing/figure.png -o " + dir + "/shot2.png");
    EXPECT_EQ(bad.status, 2) << bad.err;  // a failed export fails the command
    EXPECT_NE(bad.err.find("missing"), std::string::npos) << bad.err;
    EXPECT_FALSE(testing::file_exists(dir + "/missing/figure.png"));
    EXPECT_FALSE(testing::file_exists(dir + "/shot2.png"));
}

// Runs `args` with no X or Wayland display in the environment.
testing::RunResult without_display(const std::string& args) {
    const char* display = std::getenv("DISPLAY");
    const std::string saved = display ? display : "";
    unsetenv("DISPLAY");
    unsetenv("WAYLAND_DISPLAY");
    const testing::RunResult r = run_posviz(args);
    if (display) setenv("DISPLAY", saved.c_str(), 1);
    return r;
}

TEST(GuiSmoke, NoDisplaySaysSoAndPointsToExport) {
    for (const char* args : {"gui", ""}) {  // `posviz` alone opens the GUI too
        const testing::RunResult r = without_display(args);
        EXPECT_EQ(r.status, 1) << "posviz " << args;
        EXPECT_NE(r.err.find("no display"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("posviz export"), std::string::npos) << r.err;
    }
}

TEST(GuiSmoke, ScreenshotsWorkHeadlessWithoutDisplay) {
    const std::string path = testing::make_temp_dir() + "/headless.png";
    const testing::RunResult r =
        without_display("screenshot --preset learned --size 800x600 -o " + path);
    ASSERT_EQ(r.status, 0) << r.err;
    const Picture p = load_png(path);
    EXPECT_EQ(p.width, 800);
    EXPECT_GT(variance(p), 150.0);
}

// Without a display the window is a surfaceless EGL context, and the GPU computes in an EGL
// context sharing its objects: the map must still be drawn where it was computed. (The relative
// preset's maps on random content go to the GPU; its all-ones maps stay exact on the host.)
TEST(GuiSmoke, HeadlessGpuAttentionLooksLikeTheCpu) {
    const std::string dir = testing::make_temp_dir();
    const std::string args = "screenshot --preset relative --views attention --size 1024x640 -o ";
    const testing::RunResult gpu = without_display(args + dir + "/gpu.png --backend gpu");
    ASSERT_EQ(gpu.status, 0) << gpu.err;
    EXPECT_TRUE(gpu.err.find("kept on the GPU for drawing") != std::string::npos ||
                gpu.err.find("computing on the CPU") != std::string::npos)
        << gpu.err;
    ASSERT_EQ(without_display(args + dir + "/cpu.png").status, 0);
    EXPECT_LT(mean_difference(load_png(dir + "/gpu.png"), load_png(dir + "/cpu.png")), 0.5);
}

TEST(GuiSmoke, BadInputIsExitStatusTwo) {
    const std::string dir = testing::make_temp_dir();
    std::ofstream(dir + "/broken.json") << "{\"views\": {\"attention\": {\"speed\": 1}}}";
    for (const std::string& args : {"--preset no-such-step -o " + dir + "/a.png",
                                    "--preset " + dir + "/broken.json -o " + dir + "/b.png",
                                    "--preset learned --size 10x10 -o " + dir + "/c.png",
                                    "--preset learned --views spiral -o " + dir + "/d.png",
                                    "--preset learned -o " + dir + "/e.jpg"}) {
        const testing::RunResult r = run_posviz("screenshot " + args);
        EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
        EXPECT_NE(r.err.find("error"), std::string::npos) << args;
    }
    EXPECT_NE(run_posviz("screenshot --preset " + dir + "/broken.json -o " + dir + "/b.png")
                  .err.find("broken.json.views.attention.speed"),
              std::string::npos);
}

// Lines of a million points (the decay bound, the PE curves) used to overflow the stack inside
// ImGui; they are drawn reduced to the pixels they cover.
TEST(GuiSmoke, AMillionPointLineRenders) {
    const std::string dir = testing::make_temp_dir();
    std::ofstream(dir + "/long.json")
        << R"({"scene": {"encoding": "sinusoidal", "seq_len": 1000000, "dim": 16},
              "views": {"decay": {}, "wavelengths": {}}})";
    screenshot("--preset " + dir + "/long.json");
}

// `posviz gui` with $XDG_CONFIG_HOME/posviz/settings.json = `settings`, sent TERM after two
// seconds: how long it took to exit and its exit status (-1: killed, after 10 s).
struct Quit {
    double seconds = -1.0;
    int status = -1;
    std::string saved;  // the settings file it left
};
Quit run_gui_and_terminate(const std::string& settings) {
    const std::string config = testing::make_temp_dir();
    std::filesystem::create_directories(config + "/posviz");
    std::ofstream(config + "/posviz/settings.json") << settings;
    const pid_t pid = fork();
    if (pid == 0) {
        setenv("XDG_CONFIG_HOME", config.c_str(), 1);
        std::freopen("/dev/null", "w", stdout);
        execl(POSVIZ_BINARY, POSVIZ_BINARY, "gui", static_cast<char*>(nullptr));
        _exit(127);
    }
    Quit quit;
    int raw = 0;
    std::this_thread::sleep_for(std::chrono::seconds(2));
    if (waitpid(pid, &raw, WNOHANG) == pid) {  // it did not last: crashed or refused
        ADD_FAILURE() << "the GUI ended before TERM, raw status " << raw;
        return quit;
    }
    kill(pid, SIGTERM);
    const auto sent = std::chrono::steady_clock::now();
    while (waitpid(pid, &raw, WNOHANG) != pid) {
        if (std::chrono::steady_clock::now() - sent > std::chrono::seconds(10)) {
            kill(pid, SIGKILL);
            waitpid(pid, &raw, 0);
            return quit;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    quit.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
    quit.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    quit.saved = testing::read_file(config + "/posviz/settings.json");
    return quit;
}

TEST(GuiSmoke, HostileSettingsNeitherCrashNorHangAndTermQuits) {
    if (!std::getenv("DISPLAY")) GTEST_SKIP() << "needs an X display (ctest runs it in xvfb-run)";
    // A window far beyond any screen, and the rotation playing at 1e17 positions per second.
    const Quit spinning = run_gui_and_terminate(
        R"({"width": 99999999, "height": 99999999, "x": 5000000, "y": 40,
            "last": {"scene": {"encoding": "rope", "seq_len": 64, "dim": 64},
                     "views": {"rotation": {"playing": true, "speed": 1e17}}}})");
    EXPECT_EQ(spinning.status, 0);
    EXPECT_GE(spinning.seconds, 0.0);
    EXPECT_LT(spinning.seconds, 1.0);
    EXPECT_EQ(spinning.saved.find("99999999"), std::string::npos) << spinning.saved;
    EXPECT_EQ(spinning.saved.find("1e+17"), std::string::npos) << spinning.saved;
    // The decay bound at L = 2^20 and D = 2^15, minutes of work, still computing at the TERM.
    const Quit computing = run_gui_and_terminate(
        R"({"last": {"scene": {"encoding": "rope", "seq_len": 1048576, "dim": 32768},
                     "views": {"decay": {}}}})");
    EXPECT_EQ(computing.status, 0);
    EXPECT_GE(computing.seconds, 0.0);
    EXPECT_LT(computing.seconds, 1.0);
}

}  // namespace
}  // namespace posviz
