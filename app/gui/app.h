// The GUI's state and its frame: one shared Scene edited by the controls, the views showing
// figures of it (each computed in the background), the storyline of presets, language, theme
// and lecture mode. The same frame serves the desktop window and `posviz screenshot`.
#pragma once

#include <array>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/files/file_chooser.h"
#include "app/gui/storyline_names.h"
#include "app/gui/views/background_task.h"
#include "app/gui/views/figure_job.h"
#include "app/gui/views/model_state.h"
#include "app/gui/window/fonts.h"
#include "app/gui/window/window.h"
#include "app/storyline/preset.h"
#include "app/storyline/view_settings.h"
#include "core/scene.h"
#include "gpu/gpu_scores_backend.h"

namespace posviz::gui {

// What the window says about a length typed into an L control (length_limits.h), shown while L
// is still the value it was about.
struct LengthNote {
    std::string text;
    int seq_len = 0;
};

// A view's live state beyond its settings.
struct ViewRuntime {
    // Most views show one figure; Waves (curves + wavelengths), Matrices (PE + similarity) and
    // Relative bias (bias + T5 buckets) show two.
    std::array<FigureJob, 2> jobs;
    int focused_figure = 0;       // the one Export writes: the last one under the mouse
    double rotation_clock = 0.0;  // rotation: fractional positions played since the last step
    std::array<uint64_t, 2> scanned_versions{};  // figures whose text the font was checked for
    float window_area = 0.0f;    // its window's pixels² on the last frame; 0: not drawn (Export)
    int shown_slot = -1;         // lecture mode: the one figure on the stage; -1: all of them
    int small_slot = 0;          // a small tile's one figure of two (views.cpp, show_figures)
    LengthNote length_note;      // about the last length typed into the view's L
    float smallest_plot = 0.0f;  // the last frame's smallest plot box side, px; 0: none drawn
    // A tile no larger than this, either way, is squeezed: it shows one figure of two
    // (views.cpp, show_figures); `squeezed`: this frame's was.
    ImVec2 squeezed_within{0.0f, 0.0f};
    bool squeezed = false;
};

// Where the mouse last pointed in the PE matrix (position and dimension): the curves, the
// similarity matrix and the wavelength plot mark the same place.
struct Cursor {
    int position = -1;
    int dim = -1;
};

// How writing a file went; turned into the status or problem line on the UI thread.
struct WriteOutcome {
    std::string path;
    bool written = false;
    bool bad_input = false;  // `error` is an InputError's message, shown as it is
    std::string error;
};

// The file windows' state, kept between openings: the file chooser, the Export and Save-preset
// windows, the Scene window's file fields.
struct FilePanels {
    bool export_open = false;
    bool save_open = false;
    FileChooser chooser;
    std::vector<std::string> recent_presets;  // opened or saved, newest first (settings.json)
    // Where this session last exported to; empty: the Pictures folder (user_folders.h).
    std::string export_folder;
    std::string queries_path, keys_path, table_path;  // .npy files for the Scene window
    std::string model_path;            // a config.json or model folder, as typed or chosen
    std::optional<LoadedModel> model;  // the last one loaded (views/model_state.h)
    std::string model_problem;         // why the last load failed, for the Model box
    Preset draft;                      // title and note being typed for the preset to save
    // The window screenshot is saved at the end of the frame after the click, which is drawn
    // without the Export window.
    std::string pending_window_shot;
    int window_shot_frame = 0;
    // A figure or data export computing and writing on a worker thread (a long map takes seconds):
    // the window keeps drawing meanwhile. Declared last in App, so it is waited for before the
    // GPU backend it may use goes away.
    BackgroundTask<WriteOutcome> export_job;
    std::shared_ptr<CancellationToken> export_token;  // current on the export's thread
    std::string export_job_path;
    WriteOutcome last_export;  // how the latest one went (screenshot --export-figure's exit status)
};

struct App {
    Window* window = nullptr;

    // What is shown.
    Scene scene;
    ViewSet views;
    std::string theme = "dark";
    int ui_scale_percent = 0;  // View → UI scale (settings.h); 0: follow the screen
    bool lecture = false;
    bool show_controls = true;
    bool controls_before_lecture = true;  // lecture mode hides the Scene window, then restores
    bool animate = true;        // false for screenshots: the rotation stays where the preset put it
    bool black_screen = false;  // B or '.': nothing shown until the next key
    int lecture_page = 0;       // lecture mode: which figure of the slide is on the stage (Tab)
    // Lecture mode projects the figure without the small print that is for the lecturer's hands
    // and a reader up close — the storyline caption, the view's controls, the figure's subtitle of
    // parameters — and C shows it until C again (or lecture mode ends). tools_shown() says.
    bool show_lecture_tools = false;
    // The speaker notes window (N): the lecturer's own, never the projected one.
    bool show_notes = false;
    // When the pointer last moved (or a button was held): lecture mode hides it k_pointer_rest
    // after.
    std::chrono::steady_clock::time_point pointer_moved = std::chrono::steady_clock::now();
    int pointer_hidden_frames = 0;  // frames drawn since it hid
    // What the notes' clock counts from: entering lecture mode, else opening the notes.
    std::chrono::steady_clock::time_point lecture_started = std::chrono::steady_clock::now();

    // The storyline: the shipped presets in order, and the one on screen (-1: none).
    std::vector<std::string> preset_paths;
    int preset_index = -1;
    std::optional<Preset> preset;  // title and note of the preset on screen

    // Where the attention scores are computed: "cpu" (core, double) or "gpu" (compute shaders in
    // a context shared with the window, float32, falling back to the CPU). Declared before the
    // views' jobs, whose builds use it and whose figures hold its buffers: it outlives them.
    std::string backend = "cpu";
    std::unique_ptr<gpu::GpuScoresBackend> gpu_scores;  // made when the GPU is first chosen

    std::array<ViewRuntime, k_view_count> runtime;
    Cursor cursor;
    std::optional<ViewId> clicked_view;  // the view window last clicked: what Export writes
    std::optional<ViewId> tab_view;      // of views sharing a tile as tabs, the one shown
    // The most tiles the desk may lay out for the open views (fewer: some share a tile as tabs),
    // and the open views and area it was found for (app.cpp, desk).
    struct DeskKey {
        std::vector<ViewId> views;
        float scene_width = 0.0f, width = 0.0f, height = 0.0f;
        bool operator==(const DeskKey&) const = default;
    };
    int desk_tiles = 0;
    DeskKey desk_tiles_for;

    std::string styled_for;  // theme, lecture mode and size the ImGui style was made for
    FontSpec font_spec;      // what the atlas was built for
    Fonts fonts;
    std::vector<ImWchar> wanted_characters;  // seen in figures or presets, beyond the usual sets
    bool layout_dirty = true;                // tile the view windows again on the next frame
    // Of the last frame: the views' area (x + the Scene column's width, y, right, bottom), a change
    // re-tiles.
    ImVec4 view_area;

    LengthNote scene_length_note;  // about the last length typed into the Scene window's L
    std::string problem;           // the latest thing that went wrong (bad file, missing font...)
    std::string status;            // the latest thing that went right ("wrote scores.png")
    FilePanels files;
};

// Shows a preset: its scene, views and view settings. Jobs recompute what changed.
void apply_preset(App& app, const Preset& preset);
// Loads preset_paths[index]; a broken file becomes app.problem.
void go_to_preset(App& app, int index);
void set_lecture(App& app, bool lecture);
// Whether the small print (app.show_lecture_tools) is on screen: always outside lecture mode.
bool tools_shown(const App& app);
// How large the desk UI is drawn (window/ui_scale.h): body text is 17 px times this.
float ui_scale(const App& app);
// How long a resting pointer stays on the projected slide before it hides (lecture mode).
constexpr std::chrono::milliseconds k_pointer_rest{2000};
// Seconds until the resting pointer is to hide, for the main loop's timed wake; negative when
// there is nothing to wait for (not lecture mode, or hidden already).
double seconds_to_pointer_hide(const App& app);
// Whether the window should be full screen now. Lecture mode takes the primary monitor, and the
// speaker notes window opens on another (window/glfw_second_window.h). Decision: on a single
// monitor an open notes window keeps the slide in its window instead — full screen would bury the
// notes behind it, and keeping them on top would put them on a mirrored projector — so that a
// lecturer rehearsing sees both; closing the notes (N) takes the slide full screen.
bool lecture_fullscreen(const App& app, bool notes_open, int monitors);

// One frame: fonts rebuilt if needed, input, every window, drawn into the bound framebuffer.
void draw_frame(App& app);
// Something only another frame finishes (the fonts to rebuild, the windows to tile again), as
// opposed to work whose thread wakes the main loop when done.
bool frame_pending(const App& app);
// No figure is being computed and the fonts are up to date: what a screenshot waits for.
bool app_settled(const App& app);
// "posviz — 3/10 Sinusoidal waves — Attention, L = 131,072": the slide, the view Export writes
// and the L its figure on show was computed at, and whether the rotation plays while its view is
// open: the state a projector's audience sees, readable from outside (window lists, xdotool,
// tests).
std::string window_title(const App& app);
// What the settings file should remember.
Preset current_state(const App& app);
// Cancels every figure build and the export, and waits for them to stop until `deadline`: true
// when all did. What quitting does.
bool stop_background_work(App& app, Deadline deadline);

}  // namespace posviz::gui
