#include "app/gui/gui_command.h"

#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <thread>

#include "app/gui/app.h"
#include "app/gui/file_windows.h"
#include "app/gui/heatmap_texture.h"
#include "app/gui/language.h"
#include "app/gui/screenshot.h"
#include "app/gui/settings.h"
#include "core/input_error.h"

namespace posviz {

namespace {

using namespace gui;

// Ctrl+C in the terminal (or a TERM from the session) closes the window the normal way, so the
// settings are still saved.
volatile std::sig_atomic_t g_stop_requested = 0;
void request_stop(int) {
    g_stop_requested = 1;
}

// Dear ImGui's context and its OpenGL 3 renderer around one window: the context exists before
// the window (whose GLFW backend registers with it), the renderer is shut down while the
// window's OpenGL context still exists.
class GuiSession {
  public:
    GuiSession() {
        IMGUI_CHECKVERSION();
        ImGui::CreateContext();
        ImGui::GetIO().IniFilename = nullptr;  // the layout comes from presets and tiling
    }
    GuiSession(const GuiSession&) = delete;
    GuiSession& operator=(const GuiSession&) = delete;
    ~GuiSession() {
        if (window_) {
            release_heatmap_textures();
            ImGui_ImplOpenGL3_Shutdown();
        }
        window_.reset();
        ImGui::DestroyContext();
    }
    bool attach(std::unique_ptr<Window> window) {
        window_ = std::move(window);
        return window_ && ImGui_ImplOpenGL3_Init("#version 330 core");
    }
    Window* window() const { return window_.get(); }

  private:
    std::unique_ptr<Window> window_;
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

// Frames until every figure is computed (and any export written) and the fonts hold every
// character shown, plus a few more for ImGui's windows to settle; two minutes at most.
void settle(App& app, const OffscreenTarget& target) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    for (int frame = 0, settled = 0; settled < 3; ++frame) {
        target.bind();
        draw_frame(app);
        settled = frame >= 2 && app_settled(app) ? settled + 1 : 0;
        if (std::chrono::steady_clock::now() > deadline) {
            std::fprintf(stderr, "posviz: warning: figures still computing after 2 minutes\n");
            break;
        }
        if (settled == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
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
    WindowOptions options;
    options.width = width;
    options.height = height;
    options.visible = false;
    std::string glfw_error, egl_error;
    std::unique_ptr<Window> window = open_glfw_window(options, glfw_error);
    if (!window) window = open_headless_window(options, egl_error);
    if (!session.attach(std::move(window))) {
        std::fprintf(stderr,
                     "posviz: error: no OpenGL 3.3 for the screenshot — no display (%s) and no "
                     "headless EGL (%s)\n",
                     glfw_error.c_str(),
                     egl_error.empty() ? "OpenGL 3 renderer failed" : egl_error.c_str());
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
    if (!args.export_figure.empty()) {
        // As the Export window's button: the figure is written on a worker thread while frames
        // go on, and the status line then says where it went.
        export_focused_figure(app, args.export_figure);
        settle(app, target);
    }
    write_png(read_framebuffer(width, height), args.output);
    if (!app.problem.empty()) std::fprintf(stderr, "posviz: note: %s\n", app.problem.c_str());
    return 0;
}

}  // namespace

int run_gui() {
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
    app.theme = settings.theme;
    app.backend = settings.backend;
    set_language(settings.lang);
    app.preset_paths = preset_files(presets_dir());
    if (settings.last) {
        apply_preset(app, *settings.last);
        if (settings.step < int(app.preset_paths.size())) app.preset_index = settings.step;
    } else {
        go_to_preset(app, 0);
    }
    if (!loaded.problem.empty()) app.problem = loaded.problem;

    // Idle, the loop sleeps until input arrives; a few frames follow each event so that ImGui
    // settles (hover states, popups). Playing or computing, it runs at the display's rate.
    std::signal(SIGINT, request_stop);
    std::signal(SIGTERM, request_stop);
    int extra_frames = 0;
    while (!app.window->should_close() && !g_stop_requested) {
        draw_frame(app);
        app.window->present();
        const bool busy = !app_settled(app) || settings_of(app.views, ViewId::Rotation).playing;
        if (busy || extra_frames-- > 0) {
            app.window->wait_events(0.0);
        } else {
            app.window->wait_events(0.5);
            extra_frames = 2;
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
    out.last = current_state(app);
    out.step = app.preset_index;
    try {
        save_settings(out, path);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "posviz: warning: settings not saved: %s\n", e.what());
    }
    return 0;
}

void add_gui_commands(CLI::App& app, int& exit_status) {
    CLI::App* gui = app.add_subcommand("gui", "open the desktop visualizer (also: no command)");
    gui->callback([&exit_status] { exit_status = run_gui(); });

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
                     "also export the focused view's figure here, as the Export window does");
    shot->add_option("--backend", args->backend, "where attention scores are computed: cpu|gpu")
        ->check(CLI::IsMember({"cpu", "gpu"}))
        ->capture_default_str();
    shot->callback([args, &exit_status] { exit_status = run_screenshot(*args); });
}

}  // namespace posviz
