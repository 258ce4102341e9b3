#include "tests/gui_window.h"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/run_posviz.h"

namespace posviz::testing {

namespace {

using Clock = std::chrono::steady_clock;

// Everything a command writes to its standard output, bytes as they are.
std::string output_of(const std::string& command) {
    std::string out;
    if (FILE* pipe = popen(command.c_str(), "r")) {
        char buffer[65536];
        while (size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
        pclose(pipe);
    }
    return out;
}

// The number after "NAME=" in xdotool's --shell output.
int shell_field(const std::string& text, const std::string& name) {
    const size_t at = text.find(name + "=");
    return at == std::string::npos ? -1 : std::atoi(text.c_str() + at + name.size() + 1);
}

}  // namespace

std::string shell(const std::string& command) {
    std::string out = output_of(command);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    return out;
}

bool eventually(const std::function<bool()>& condition, double seconds) {
    const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < deadline) {
        if (condition()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return condition();
}

Size display_size() {
    return {std::atoi(shell("xdotool getdisplaygeometry | cut -d' ' -f1").c_str()),
            std::atoi(shell("xdotool getdisplaygeometry | cut -d' ' -f2").c_str())};
}

int differing_pixels(const Shot& a, const Shot& b, int x0, int y0, int x1, int y1) {
    if (a.width != b.width || a.height != b.height) return a.width * a.height + 1;
    if (x1 < 0) x1 = a.width;
    if (y1 < 0) y1 = a.height;
    int count = 0;
    for (int y = std::max(0, y0); y < std::min(y1, a.height); ++y)
        for (int x = std::max(0, x0); x < std::min(x1, a.width); ++x) {
            const uint8_t *p = a.at(x, y), *q = b.at(x, y);
            count += p[0] != q[0] || p[1] != q[1] || p[2] != q[2];
        }
    return count;
}

GuiWindow::GuiWindow(const std::string& preset) {
    const std::string config = make_temp_dir();
    std::filesystem::create_directories(config + "/posviz");
    std::ofstream(config + "/posviz/settings.json")
        << R"({"width": 1000, "height": 650, "x": 20, "y": 20, "lang": "en"})";
    pid_ = fork();
    if (pid_ == 0) {
        setenv("XDG_CONFIG_HOME", config.c_str(), 1);
        std::freopen("/dev/null", "w", stdout);
        execl(POSVIZ_BINARY, POSVIZ_BINARY, "gui", "--preset", preset.c_str(),
              static_cast<char*>(nullptr));
        _exit(127);
    }
    eventually([this] {
        id_ = shell("xdotool search --onlyvisible --name '^posviz' 2>/dev/null | head -1");
        return !id_.empty();
    });
    if (!id_.empty()) shell("xdotool windowfocus --sync " + id_);
}

GuiWindow::~GuiWindow() {
    kill(pid_, SIGTERM);
    int raw = 0;
    const bool ended = eventually([&] { return waitpid(pid_, &raw, WNOHANG) == pid_; }, 5.0);
    if (!ended) {
        kill(pid_, SIGKILL);
        waitpid(pid_, &raw, 0);
    }
    EXPECT_TRUE(ended) << "TERM did not close the window within 5 s";
    EXPECT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 0) << "raw status " << raw;
}

std::string GuiWindow::title() const {
    return shell("xdotool getwindowname " + id_ + " 2>/dev/null");
}

bool GuiWindow::title_shows(const std::string& part, double seconds) const {
    return eventually([&] { return title().find(part) != std::string::npos; }, seconds);
}

Size GuiWindow::size() const {
    const std::string geometry = shell("xdotool getwindowgeometry --shell " + id_);
    return {std::max(0, shell_field(geometry, "WIDTH")),
            std::max(0, shell_field(geometry, "HEIGHT"))};
}

void GuiWindow::tap(const std::string& keys) const {
    shell("xdotool key --delay 12 " + keys);
}

void GuiWindow::type(const std::string& text) const {
    shell("xdotool type --delay 30 -- '" + text + "'");
}

void GuiWindow::point(int x, int y) const {
    shell("xdotool mousemove --sync --window " + id_ + " " + std::to_string(x) + " " +
          std::to_string(y));
}

void GuiWindow::click(const std::string& modifiers) const {
    // Held 80 ms, as a hand holds it: a press and release in one frame can be lost on the way
    // through the backend (a menu item missed it under load).
    const std::string press = "mousedown 1 sleep 0.08 mouseup 1";
    if (modifiers.empty()) {
        shell("xdotool " + press);
        return;
    }
    shell("xdotool keydown " + modifiers + " sleep 0.05 " + press + " sleep 0.05 keyup " +
          modifiers);
}

void GuiWindow::hold(bool down) const {
    shell(down ? "xdotool mousedown 1" : "xdotool mouseup 1");
}

Shot GuiWindow::shot(const std::string& name, bool pointer) const {
    const std::string geometry = shell("xdotool getwindowgeometry --shell " + id_);
    Shot s;
    s.width = shell_field(geometry, "WIDTH");
    s.height = shell_field(geometry, "HEIGHT");
    const char* display = std::getenv("DISPLAY");
    if (s.width <= 0 || s.height <= 0 || !display) return {};
    std::string command = "ffmpeg -loglevel error -f x11grab -draw_mouse " +
                          std::string(pointer ? "1" : "0") + " -video_size " +
                          std::to_string(s.width) + "x" + std::to_string(s.height) + " -i '" +
                          display + "+" + std::to_string(shell_field(geometry, "X")) + "," +
                          std::to_string(shell_field(geometry, "Y")) +
                          "' -frames:v 1 -f rawvideo -pix_fmt rgb24 pipe:1";
    if (const char* folder = std::getenv("POSVIZ_GUI_SHOTS"))
        command += " -frames:v 1 -y '" + std::string(folder) + "/" + name + ".png'";
    const std::string raw = output_of(command + " 2>/dev/null");
    if (raw.size() != size_t(s.width) * size_t(s.height) * 3) return {};
    s.rgb.assign(raw.begin(), raw.end());
    return s;
}

Shot GuiWindow::settled_shot(const std::string& name, double seconds) const {
    Shot last = shot(name);
    eventually(
        [&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(150));
            Shot now = shot(name);
            const bool same = !now.empty() && now == last;
            last = std::move(now);
            return same;
        },
        seconds);
    return last;
}

std::string speaker_notes_window() {
    return shell("xdotool search --onlyvisible --name '^Speaker notes' 2>/dev/null | head -1");
}

bool have_display_and_xdotool() {
    return std::getenv("DISPLAY") && std::system("command -v xdotool >/dev/null 2>&1") == 0;
}

}  // namespace posviz::testing
