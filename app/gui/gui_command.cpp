#include "app/gui/gui_command.h"

#include <imgui.h>
#include <semaphore.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <thread>

#include "app/gui/app.h"
#include "app/gui/files/file_windows.h"
#include "app/gui/files/settings.h"
#include "app/gui/gui_session.h"
#include "app/gui/language.h"
#include "app/gui/screenshot.h"
#include "app/gui/speaker_notes.h"
#include "app/gui/window/main_loop_wake.h"
#include "core/formats/cleanup_on_signal.h"
#include "core/input_error.h"

namespace posviz {

namespace {

using namespace gui;

// Ctrl+C in the terminal (or a TERM from the session) closes the window the normal way, so the
// settings are still saved. A signal handler may not call GLFW, and the main loop sleeps in
// glfwWaitEvents: the handler posts a semaphore (async-signal-safe), and a watcher thread
// waiting on it wakes the loop.
volatile std::sig_atomic_t g_stop_requested = 0;
sem_t g_stop_semaphore;
void request_stop(int) {
    g_stop_requested = 1;
    sem_post(&g_stop_semaphore);
}

// Installs the stop signals' handler and its watcher for the lifetime of the GUI's main loop.
class StopSignalWatcher {
  public:
    StopSignalWatcher() {
        sem_init(&g_stop_semaphore, 0, 0);
        watcher_ = std::thread([] {
            while (sem_wait(&g_stop_semaphore) != 0) {
            }  // EINTR: a signal arrived while waiting; wait again for the post
            wake_main_loop();
        });
        std::signal(SIGINT, request_stop);
        std::signal(SIGTERM, request_stop);
    }
    StopSignalWatcher(const StopSignalWatcher&) = delete;
    StopSignalWatcher& operator=(const StopSignalWatcher&) = delete;
    ~StopSignalWatcher() {
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
        sem_post(&g_stop_semaphore);  // ends the watcher if no signal did
        watcher_.join();
        sem_destroy(&g_stop_semaphore);
    }

  private:
    std::thread watcher_;
};

struct ScreenshotArgs {
    std::string preset;
    std::string output;
    std::string size = "1600x900";
    std::string lang = "en";
    std::string theme = "dark";
    std::vector<std::string> views;
    bool lecture = false;
    std::string backend = "cpu";
    std::string export_figure;  // empty: none
    std::string mouse;          // "X,Y": the pointer there (hover tooltips); empty: none
};

void parse_size(const std::string& text, int& width, int& height) {
    char x = 0;
    char rest = 0;
    if (std::sscanf(text.c_str(), "%d%c%d%c", &width, &x, &height, &rest) != 3 || x != 'x' ||
        width < 200 || height < 200 || width > 8192 || height > 8192)
        throw InputError("--size", text, "WIDTHxHEIGHT in pixels, each 200..8192 (e.g. 1600x900)");
}

// --views: exactly these views open, each keeping the preset's settings for it.
void open_only(ViewSet& views, const std::vector<std::string>& keys) {
    for (ViewSettings& v : views) v.open = false;
    for (const std::string& key : keys) {
        const std::optional<ViewId> id = find_view(key);
        if (!id) {
            std::string names;
            for (const ViewInfo& info : view_infos())
                names += (names.empty() ? "" : ", ") + std::string(info.key);
            throw InputError("--views", key, "views among " + names);
        }
        settings_of(views, *id).open = true;
    }
}

int run_screenshot(const ScreenshotArgs& args) {
    int width = 0, height = 0;
    parse_size(args.size, width, height);
    if (args.lang != "en" && args.lang != "zh") throw InputError("--lang", args.lang, "en or zh");
    if (args.theme != "light" && args.theme != "dark")
        throw InputError("--theme", args.theme, "light or dark");
    if (std::filesystem::path(args.output).extension() != ".png")
        throw InputError("-o", args.output, "a file ending in .png");
    const std::string preset_path = resolve_preset(args.preset, presets_dir());
    Preset preset = read_preset(preset_path);
    if (!args.views.empty()) open_only(preset.views, args.views);

    GuiSession session;
    std::string error;
    if (!session.attach(open_offscreen_window(width, height, error))) {
        std::fprintf(stderr, "posviz: error: no OpenGL 3.3 for the screenshot — %s\n",
                     error.empty() ? "OpenGL 3 renderer failed" : error.c_str());
        return 1;
    }

    App app;
    app.window = session.window();
    app.animate = false;  // the picture shows the preset's position, not wherever playing got to
    app.theme = args.theme;
    app.backend = args.backend;
    // Lecture mode's look only: a hidden window does not go full screen.
    app.lecture = args.lecture;
    app.show_controls = !args.lecture;
    set_language(args.lang);
    app.preset_paths = preset_files(presets_dir());
    const auto shipped = std::find(app.preset_paths.begin(), app.preset_paths.end(), preset_path);
    if (shipped != app.preset_paths.end())
        app.preset_index = int(shipped - app.preset_paths.begin());
    apply_preset(app, preset);

    const OffscreenTarget target(width, height);
    settle(app, target);
    if (!args.mouse.empty()) {
        // The offscreen window has no pointer of its own: ImGui's stays where it is put.
        float x = 0.0f, y = 0.0f;
        char rest = 0;
        if (std::sscanf(args.mouse.c_str(), "%f,%f%c", &x, &y, &rest) != 2 || x < 0.0f ||
            y < 0.0f || x >= float(width) || y >= float(height))
            throw InputError("--mouse", args.mouse, "X,Y in window pixels inside --size");
        ImGui::GetIO().MousePos = ImVec2(x, y);
        settle(app, target);
    }
    if (!args.export_figure.empty()) {
        // As the Export window's button: the figure is written on a worker thread while frames
        // go on, and the status line then says where it went.
        export_focused_figure(app, args.export_figure);
        settle(app, target);
        // A failed export fails the command, and then no screenshot is written either.
        if (app.files.export_job.valid()) app.files.last_export = app.files.export_job.get();
        const WriteOutcome& outcome = app.files.last_export;
        if (outcome.path.empty())
            throw InputError("--export-figure", args.export_figure,
                             "a preset or --views whose largest view shows a figure");
        if (!outcome.written) {
            std::fprintf(stderr, "posviz: error: --export-figure: %s\n", app.problem.c_str());
            return outcome.bad_input ? 2 : 1;
        }
    }
    write_png(read_framebuffer(width, height), args.output);
    if (!app.problem.empty()) std::fprintf(stderr, "posviz: note: %s\n", app.problem.c_str());
    return 0;
}

void check_choice(const char* option, const std::string& value, const char* a, const char* b) {
    if (!value.empty() && value != a && value != b)
        throw InputError(option, value, std::string(a) + " or " + b);
}

}  // namespace

int run_gui(const GuiArgs& args) {
    // Bad options fail before a window opens (exit status 2).
    check_choice("--lang", args.lang, "en", "zh");
    check_choice("--theme", args.theme, "light", "dark");
    std::optional<Preset> asked;
    std::string asked_path;
    if (!args.preset.empty()) {
        asked_path = resolve_preset(args.preset, presets_dir());
        asked = read_preset(asked_path);
    }
    const std::string path = settings_path();
    const LoadedSettings loaded = load_settings(path);
    const Settings& settings = loaded.settings;

    GuiSession session;
    WindowOptions options;
    options.width = settings.width;
    options.height = settings.height;
    options.x = settings.x;
    options.y = settings.y;
    std::string error;
    if (!session.attach(open_glfw_window(options, error))) {
        std::fprintf(stderr,
                     "posviz: no display available (%s).\n"
                     "The GUI needs a graphical session. Without one:\n"
                     "  posviz export FIGURE -o figure.png           draws a figure to a file\n"
                     "  posviz screenshot --preset NAME -o gui.png   renders the GUI offscreen\n",
                     error.c_str());
        return 1;
    }

    App app;
    app.window = session.window();
    // Choices made on the command line are kept in the settings as if made in the menus.
    app.theme = args.theme.empty() ? settings.theme : args.theme;
    app.backend = settings.backend;
    app.ui_scale_percent = settings.ui_scale;
    set_language(args.lang.empty() ? settings.lang : args.lang);
    app.preset_paths = preset_files(presets_dir());
    if (asked) {
        apply_preset(app, *asked);
        const auto shipped =
            std::find(app.preset_paths.begin(), app.preset_paths.end(), asked_path);
        if (shipped != app.preset_paths.end())
            app.preset_index = int(shipped - app.preset_paths.begin());
    } else if (settings.last) {
        apply_preset(app, *settings.last);
        if (settings.step < int(app.preset_paths.size())) app.preset_index = settings.step;
    } else {
        go_to_preset(app, 0);
    }
    app.files.chooser.recent_places = settings.recent_places;
    app.files.recent_presets = settings.recent_presets;
    if (!loaded.problem.empty()) app.problem = loaded.problem;
    if (args.lecture) set_lecture(app, true);

    // Idle, the loop sleeps until input arrives, a figure or export finishes (their threads wake
    // it) or a stop signal comes: no frames, no CPU. A few frames follow each wake so that ImGui
    // settles (hover states, popups, a key released a frame late). Only the playing rotation
    // draws at the display's rate.
    // The speaker notes window, when open, draws after the main window and wakes the loop once
    // a second for its clock (both windows are drawn then: one frame a second).
    const StopSignalWatcher stop_watcher;
    SpeakerNotesWindow notes;  // declared after the session: closed before the main window
    constexpr int k_settling_frames = 2;
    int extra_frames = 0;
    while (!app.window->should_close() && !g_stop_requested) {
        draw_frame(app);
        app.window->present();
        notes.update(app);
        app.window->set_fullscreen(
            lecture_fullscreen(app, notes.is_open(), app.window->monitor_count()));
        const ViewSettings& rotation = settings_of(app.views, ViewId::Rotation);
        const bool playing = rotation.open && rotation.playing && !app.black_screen;
        if (playing || frame_pending(app) || extra_frames-- > 0) {
            app.window->poll_events();
        } else if (notes.is_open() || seconds_to_pointer_hide(app) >= 0.0) {
            // The notes' clock ticks once a second; a resting pointer hides once (lecture mode).
            const double pointer = seconds_to_pointer_hide(app);
            const double tick = notes.is_open() ? notes.seconds_to_next_tick(app) : pointer;
            const double timeout = pointer >= 0.0 ? std::min(tick, pointer) : tick;
            const auto before = std::chrono::steady_clock::now();
            app.window->wait_events_timeout(timeout);
            // Woken by the clock, not by input: nothing for ImGui to settle.
            const std::chrono::duration<double> slept = std::chrono::steady_clock::now() - before;
            extra_frames = slept.count() >= 0.99 * timeout ? 0 : k_settling_frames;
        } else {
            const uint64_t input_before = app.window->input_events();
            app.window->wait_events();
            // Settling frames follow input only: a build that finished (or a signal) needs the
            // one frame that draws it — on a software renderer each frame is ~10 ms of every core.
            extra_frames = app.window->input_events() != input_before ? k_settling_frames : 0;
        }
    }

    Settings out;
    const WindowOptions placement = app.window->placement();
    out.x = placement.x;
    out.y = placement.y;
    out.width = placement.width;
    out.height = placement.height;
    out.lang = language();
    out.theme = app.theme;
    out.backend = app.backend;
    out.ui_scale = app.ui_scale_percent;
    out.last = current_state(app);
    out.step = app.preset_index;
    out.recent_places = app.files.chooser.recent_places;
    out.recent_presets = app.files.recent_presets;
    try {
        save_settings(out, path);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "posviz: warning: settings not saved: %s\n", e.what());
    }
    // Quitting waits for no computation: every build is cancelled and stops at its next check,
    // within milliseconds. One stuck in a step that cannot stop (a GPU dispatch, one very large
    // matrix product) is not waited for: with the settings saved, the process ends without
    // tearing down the window and the threads (the operating system reclaims both). An export
    // still running is not left half done: its temporary file is removed and its ffmpeg killed
    // (this process's own stop handler keeps cleanup_on_signal's from doing it on a TERM).
    if (!stop_background_work(app,
                              std::chrono::steady_clock::now() + std::chrono::milliseconds(300))) {
        cleanup_on_signal::remove_all_now();
        std::fflush(nullptr);
        std::_Exit(0);
    }
    return 0;
}

void add_gui_commands(CLI::App& app, int& exit_status) {
    CLI::App* gui = app.add_subcommand("gui", "open the desktop visualizer (also: no command)");
    auto gui_args = std::make_shared<GuiArgs>();
    gui->add_option("--preset", gui_args->preset,
                    "start on this preset: a shipped preset's name (see posviz list) or a file");
    gui->add_flag("--lecture", gui_args->lecture, "start in lecture mode (full screen)");
    gui->add_option("--lang", gui_args->lang, "en|zh (default: as last time)");
    gui->add_option("--theme", gui_args->theme, "light|dark (default: as last time)");
    gui->callback([gui_args, &exit_status] { exit_status = run_gui(*gui_args); });

    auto args = std::make_shared<ScreenshotArgs>();
    CLI::App* shot = app.add_subcommand(
        "screenshot", "render the GUI offscreen with a preset and save the window as PNG");
    shot->add_option("--preset", args->preset,
                     "a shipped preset's name (see posviz list) or a file")
        ->required();
    shot->add_option("-o,--output", args->output, "output .png")->required();
    shot->add_option("--size", args->size, "window size in pixels")->capture_default_str();
    shot->add_option("--lang", args->lang, "en|zh")->capture_default_str();
    shot->add_option("--theme", args->theme, "light|dark")->capture_default_str();
    shot->add_option("--views", args->views, "open only these views (comma-separated)")
        ->delimiter(',');
    shot->add_flag("--lecture", args->lecture, "lecture mode: large type, high contrast");
    shot->add_option("--export-figure", args->export_figure,
                     "also export the largest view's figure here, as the Export window does");
    shot->add_option("--mouse", args->mouse,
                     "X,Y: the mouse pointer at this window pixel, to show what hovering shows");
    shot->add_option("--backend", args->backend, "where attention scores are computed: cpu|gpu")
        ->check(CLI::IsMember({"cpu", "gpu"}))
        ->capture_default_str();
    shot->callback([args, &exit_status] { exit_status = run_screenshot(*args); });
}

}  // namespace posviz
