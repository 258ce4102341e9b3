// posviz in a browser page: the desktop GUI's App and frame (app/gui/app.h) in the page's
// animation frames (emscripten_set_main_loop), opened where the link's fragment says
// (link_fragment.h). Between frames it takes files dropped on the page, follows a changed
// fragment, keeps lecture mode in the browser's full screen, and says the latest problem or
// success, the loaded model's name and whether the figures are computed, in the page itself
// (#status; data-model and data-settled on <body>), where a screen reader and a test read them.
#include <emscripten.h>
#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>

#include "app/gui/app.h"
#include "app/gui/files/file_windows.h"
#include "app/gui/gui_session.h"
#include "app/gui/language.h"
#include "app/gui/storyline_names.h"
#include "app/gui/views/window_message.h"
#include "app/storyline/preset.h"
#include "app/web/link_fragment.h"
#include "app/web/web_bench.h"
#include "app/web/web_file_chooser.h"
#include "core/input_error.h"
#include "core/limits.h"

namespace posviz::web {

namespace {

using namespace gui;

// The page's one line (index.html's #status): a message and whether it is a problem.
struct PageLine {
    std::string text;
    bool problem = false;
    bool operator==(const PageLine&) const = default;
};

struct Page {
    GuiSession session;
    App app;
    int fragment_version = -1;  // of posvizFragmentVersion in index.html
    // The app's problem, the Model box's problem and the app's status as last seen, and the line
    // made of them (say_in_page).
    std::string seen_problem, seen_model_problem, seen_status;
    PageLine line, shown_line;
    std::string shown_model, shown_language;
    int shown_settled = -1;
    LatencyBench bench;
};

std::unique_ptr<Page> g_page;

std::string page_fragment() {
    char* text = reinterpret_cast<char*>(EM_ASM_INT({ return allocateUTF8(location.hash); }));
    std::string fragment = text;
    std::free(text);
    return fragment;
}

int parsed_int(const std::string& key, const std::string& text) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || value != double(long(value)) || value < 1 || value > 2e9)
        throw InputError("#" + key, text, "a whole number >= 1");
    return int(value);
}

// Opens what the fragment names; an InputError leaves the rest as it was and is said.
void apply_fragment(App& app, const std::string& fragment) {
    const std::map<std::string, std::string> values = parse_fragment(fragment);
    for (const auto& [key, value] : values)
        if (key != "preset" && key != "slide" && key != "lang" && key != "theme" &&
            key != "lecture" && key != "L" && key != "D")
            throw InputError("#" + key, value, "keys preset, slide, lang, theme, lecture, L, D");
    if (const auto lang = values.find("lang"); lang != values.end()) {
        if (lang->second != "en" && lang->second != "zh")
            throw InputError("#lang", lang->second, "en or zh");
        set_language(lang->second);
    }
    if (const auto theme = values.find("theme"); theme != values.end()) {
        if (theme->second != "light" && theme->second != "dark")
            throw InputError("#theme", theme->second, "light or dark");
        app.theme = theme->second;
    }
    if (const auto preset = values.find("preset"); preset != values.end()) {
        std::string path;
        try {
            path = resolve_preset(preset->second, presets_dir());
        } catch (const InputError&) {
            std::string names;
            for (const std::string& p : app.preset_paths)
                names += (names.empty() ? "" : ", ") + preset_name(p);
            throw InputError("#preset", preset->second, "a preset among " + names);
        }
        const auto it = std::find(app.preset_paths.begin(), app.preset_paths.end(), path);
        go_to_preset(app, int(it - app.preset_paths.begin()));
    } else if (const auto slide = values.find("slide"); slide != values.end()) {
        const int n = parsed_int("slide", slide->second);
        if (n > int(app.preset_paths.size()))
            throw InputError(
                "#slide", slide->second,
                "a step of the storyline, 1 to " + std::to_string(app.preset_paths.size()));
        go_to_preset(app, n - 1);
    }
    Scene scene = app.scene;
    if (const auto l = values.find("L"); l != values.end()) {
        scene.seq_len = parsed_int("L", l->second);
        if (scene.seq_len > limits::kMaxSeqLen)
            throw InputError("#L", l->second,
                             "a sequence length from 1 to " + std::to_string(limits::kMaxSeqLen));
    }
    if (const auto d = values.find("D"); d != values.end()) {
        scene.dim = parsed_int("D", d->second);
        if (scene.dim > limits::kMaxDim)
            throw InputError("#D", d->second,
                             "a dimension from 1 to " + std::to_string(limits::kMaxDim));
    }
    validate_scene(scene, "#");
    app.scene = scene;
    if (const auto lecture = values.find("lecture"); lecture != values.end())
        set_lecture(app, lecture->second == "1");
}

// A dropped file: a preset or a model's config.json (.json), or content (.npy): the queries, then
// the keys. A .npy is the keys when the queries are named and the keys not yet, else the queries
// (naming them starts a new pair), so dropping q.npy and k.npy together, or one after the other,
// loads both (the Scene window loads once both are named); a file whose shape does not fit is
// the Scene window's message.
void open_unasked_file(App& app, const std::string& path) {
    const std::string extension = std::filesystem::path(path).extension().string();
    FileChooser& chooser = app.files.chooser;
    if (extension == ".json") {
        try {
            apply_preset(app, read_preset(path));
            app.preset_index = -1;
            app.status = "opened " + path;
            app.problem.clear();
            return;
        } catch (const InputError&) {
            // Not a preset: a model's config.json, loaded by the Scene window's model field.
        }
        chooser.owner = "model";
    } else if (extension == ".npy") {
        const bool keys = !app.files.queries_path.empty() && app.files.keys_path.empty();
        if (!keys) app.files.keys_path.clear();
        chooser.owner = keys ? "keys" : "queries";
        if (!keys) {
            app.problem.clear();
            app.status = tr("queries: ", "查询：") +
                         std::filesystem::path(path).filename().string() +
                         tr("; the keys .npy next", "；接着是键 .npy");
        }
    } else {
        app.problem = InputError("file", path, "a .json preset or model config, or a .npy").what();
        return;
    }
    app.show_controls = true;
    app.layout_dirty = true;
    chooser.chosen = path;
    chooser.chosen_frame = ImGui::GetFrameCount() + 1;  // the Scene window takes it next frame
}

// app_settled (app.h) for what is on screen: every open view's figures computed. app_settled also
// waits for the jobs of views closed while they computed, which collect their builds only when
// drawn again — forever, after a storyline step whose views the next step closes.
bool page_settled(const App& app) {
    // A playing rotation asks for frames for ever: for it, settled is every figure computed.
    const ViewSettings& rotation = settings_of(app.views, ViewId::Rotation);
    const bool playing = rotation.open && rotation.playing;
    if ((!playing && frame_pending(app)) || app.files.export_job.valid()) return false;
    for (const ViewInfo& info : view_infos())
        if (settings_of(app.views, info.id).open)
            for (const FigureJob& job : app.runtime[size_t(info.id)].jobs)
                if (job.computing()) return false;
    return true;
}

// One of the messages the page's line is made of: a new one takes the line (a problem as the
// window says it, window_message); one that is cleared while on the line gives it back to the
// app's status.
void take_if_new(Page& page, const std::string& now, std::string& seen, bool problem) {
    if (now == seen) return;
    const bool on_the_line = page.line == PageLine{problem ? window_message(seen) : seen, problem};
    seen = now;
    if (!now.empty())
        page.line = {problem ? window_message(now) : now, problem};
    else if (on_the_line)
        page.line = {page.app.status, false};
}

void say_in_page(Page& page) {
    // The newest of the app's status, the Model box's problem (a config that could not be read)
    // and the app's problem: a message stays until a newer one replaces it, so a config that failed
    // once is not said again over every later success.
    take_if_new(page, page.app.status, page.seen_status, false);
    take_if_new(page, page.app.files.model_problem, page.seen_model_problem, true);
    take_if_new(page, page.app.problem, page.seen_problem, true);
    if (page.line != page.shown_line) {
        page.shown_line = page.line;
        EM_ASM({ posvizSay(UTF8ToString($0), $1); }, page.line.text.c_str(),
               page.line.problem ? 1 : 0);
    }
    // The document's language, which the page's own messages (index.html) are written in.
    if (language() != page.shown_language) {
        page.shown_language = language();
        EM_ASM({ document.documentElement.lang = UTF8ToString($0); },
               language() == "zh" ? "zh-CN" : "en");
    }
    // Whether every figure is computed: what a test or a benchmark waits for.
    const int settled = page_settled(page.app) ? 1 : 0;
    if (settled != page.shown_settled) {
        page.shown_settled = settled;
        EM_ASM({ document.body.dataset.settled = $0; }, settled);
    }
    // The model the Model box holds (the figures name it only while it is applied).
    const std::string model =
        page.app.files.model ? page.app.files.model->applied.model_name : std::string();
    if (model != page.shown_model) {
        page.shown_model = model;
        EM_ASM({ document.body.dataset.model = UTF8ToString($0); }, page.shown_model.c_str());
    }
}

void frame() {
    Page& page = *g_page;
    App& app = page.app;
    const int version = EM_ASM_INT({ return posvizFragmentVersion; });
    if (version != page.fragment_version) {
        page.fragment_version = version;
        try {
            apply_fragment(app, page_fragment());
        } catch (const InputError& e) {
            app.problem = e.what();
        }
    }
    // One file a frame, and none while the last is still on its way to the Scene window.
    if (!app.files.chooser.chosen)
        if (std::optional<std::string> file = take_unasked_file()) open_unasked_file(app, *file);
    page.bench.before_frame(app);
    try {
        draw_frame(app);
    } catch (const std::exception& e) {
        // A frame that threw is finished by the next one; what went wrong is said.
        app.problem = std::string("internal error: ") + e.what();
        ImGui::EndFrame();
    }
    page.bench.after_frame(app);
    app.window->set_fullscreen(app.lecture);
    say_in_page(page);
}

}  // namespace

}  // namespace posviz::web

// The page's script API (index.html's `posviz`), for a lecture page's own buttons and for tests.
// posviz.exportFigure("name.svg"): the focused view's figure (.svg, .png) or its data (.npy,
// .csv) downloaded as the Export window's buttons do.
extern "C" EMSCRIPTEN_KEEPALIVE void posviz_web_export_figure(const char* file_name) {
    using namespace posviz::web;
    if (!g_page) return;
    const std::filesystem::path name = std::filesystem::path(file_name).filename();
    const std::string path = std::string(k_downloads) + "/" + name.string();
    if (name.extension() == ".npy" || name.extension() == ".csv")
        posviz::gui::export_focused_data(g_page->app, path);
    else
        posviz::gui::export_focused_figure(g_page->app, path);
}

// posviz.exportWindow("name.png"): the whole page's picture, as File → Export → Whole window does
// (taken on the next frame, which is drawn without the file windows).
extern "C" EMSCRIPTEN_KEEPALIVE void posviz_web_export_window(const char* file_name) {
    using namespace posviz::web;
    if (!g_page) return;
    posviz::gui::FilePanels& files = g_page->app.files;
    files.pending_window_shot =
        std::string(k_downloads) + "/" + std::filesystem::path(file_name).filename().string();
    files.window_shot_frame = ImGui::GetFrameCount() + 1;
}

// posviz.benchLatency(L, D): the latency benchmark (web_bench.h); its result in
// document.body.dataset.bench.
extern "C" EMSCRIPTEN_KEEPALIVE void posviz_web_bench_latency(int seq_len, int dim) {
    using namespace posviz::web;
    if (g_page) g_page->bench.start(g_page->app, seq_len, dim);
}

// The browser left full screen (its own Esc): lecture mode ends with it, as Esc ends it on the
// desktop.
extern "C" EMSCRIPTEN_KEEPALIVE void posviz_web_fullscreen_left() {
    using namespace posviz::web;
    if (g_page) posviz::gui::set_lecture(g_page->app, false);
}

int main() {
    using namespace posviz;
    using namespace posviz::gui;
    web::g_page = std::make_unique<web::Page>();
    web::Page& page = *web::g_page;
    std::string error;
    if (!page.session.attach(open_glfw_window(WindowOptions{}, error))) {
        EM_ASM({ posvizSay(UTF8ToString($0), 1); }, ("posviz cannot draw here: " + error).c_str());
        return 1;
    }
    App& app = page.app;
    app.window = page.session.window();
    app.theme = "light";
    set_language("en");
    app.preset_paths = preset_files(presets_dir());
    go_to_preset(app, 0);
    emscripten_set_main_loop(web::frame, 0, true);
    return 0;
}
