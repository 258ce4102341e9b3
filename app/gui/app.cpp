#include "app/gui/app.h"

#include <epoxy/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/gui/files/file_windows.h"
#include "app/gui/language.h"
#include "app/gui/storyline_names.h"
#include "app/gui/views/lecture_layout.h"
#include "app/gui/views/scene_controls.h"
#include "app/gui/views/views.h"
#include "app/gui/views/window_message.h"
#include "app/gui/window/key_commands.h"
#include "app/gui/window/text_wrap.h"
#include "app/gui/window/ui_scale.h"
#include "app/gui/window/ui_style.h"
#include "app/storyline/lecture_pages.h"
#include "app/storyline/length_limits.h"
#include "core/input_error.h"

namespace posviz::gui {

namespace {

// Body text in pixels before the screen's scale: readable at a desk. Lecture mode sizes it to
// the window instead — a 38th of its height, so 28 px on a 1080p projector and 20 px on an old
// 1024×768 one, where more would leave no room for the figures.
constexpr float k_body_size = 17.0f;

float body_size(const App& app) {
    const float scale = app.window->content_scale();
    // Lecture mode sizes type to the window; the desk to the screen, or the user's UI scale.
    if (!app.lecture) return std::round(k_body_size * ui_scale(app));
    int width = 0, height = 0;
    app.window->framebuffer_size(width, height);
    return std::round(std::clamp(float(height) / scale / 38.0f, 20.0f, 30.0f) * scale);
}

void update_fonts_and_style(App& app) {
    FontSpec wanted;
    wanted.lang = language();
    wanted.size = body_size(app);
    wanted.extra = app.wanted_characters;
    if (!app.fonts.body || !(wanted == app.font_spec)) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        app.fonts = build_fonts(wanted);
        ImGui_ImplOpenGL3_CreateFontsTexture();
        app.font_spec = wanted;
        if (!app.fonts.problem.empty()) app.problem = app.fonts.problem;
        app.layout_dirty = true;
    }
    const std::string style =
        app.theme + (app.lecture ? "+lecture@" : "@") + std::to_string(wanted.size);
    if (style != app.styled_for) {
        apply_imgui_style(app.theme, app.lecture, wanted.size / k_body_size);
        app.styled_for = style;
    }
}

// The figures lecture mode shows one at a time, the slide's lead view first.
std::vector<LecturePage> current_pages(const App& app) {
    return lecture_pages(app.views, app.preset ? app.preset->lead_view : std::nullopt, app.scene,
                         language());
}

void do_command(App& app, KeyCommand command) {
    switch (command) {
        case KeyCommand::ToggleLecture:
            set_lecture(app, !app.lecture);
            break;
        case KeyCommand::LeaveLecture:
            set_lecture(app, false);
            break;
        case KeyCommand::LectureFromFirst:
        case KeyCommand::LectureFromHere:
            set_lecture(app, true);
            break;
        case KeyCommand::ToggleControls:
            app.show_controls = !app.show_controls;
            app.layout_dirty = true;
            break;
        case KeyCommand::TogglePlay: {
            ViewSettings& rotation = settings_of(app.views, ViewId::Rotation);
            rotation.playing = !rotation.playing;
            break;
        }
        case KeyCommand::BlackScreen:
            app.black_screen = true;
            break;
        case KeyCommand::OpenPreset:
            open_preset_chooser(app);
            break;
        case KeyCommand::NextFigure:
        case KeyCommand::PreviousFigure:
            // Outside lecture mode every figure is on screen already.
            if (app.lecture)
                app.lecture_page =
                    page_after(app.lecture_page, command == KeyCommand::NextFigure ? 1 : -1,
                               int(current_pages(app).size()));
            break;
        case KeyCommand::ToggleNotes:
            app.show_notes = !app.show_notes;
            break;
        case KeyCommand::ToggleViewTools:
            // Outside lecture mode the controls are always there.
            if (app.lecture) app.show_lecture_tools = !app.show_lecture_tools;
            break;
        default:
            break;
    }
    const int slide = slide_after(command, app.preset_index, int(app.preset_paths.size()));
    if (slide != app.preset_index) go_to_preset(app, slide);
}

// Every key pressed since the last frame counts, however short the tap (window.h).
void handle_keys(App& app) {
    const std::vector<KeyPress> presses = app.window->take_key_presses();
    const ImGuiIO& io = ImGui::GetIO();
    // Keys belong to a text field or a dragged slider while one is in use.
    // The file chooser is modal: keys are its own while it is open (in lecture mode it waits,
    // undrawn, and the keys are the lecture's).
    if (io.WantTextInput || ImGui::IsAnyItemActive() || (app.files.chooser.open && !app.lecture))
        return;
    for (const KeyPress& press : presses) {
        // The key that ends a black screen does nothing else: the audience sees the slide
        // they left, not the one after it.
        if (app.black_screen) {
            app.black_screen = false;
            continue;
        }
        do_command(app, key_command(press.key, press.mods));
    }
}

// The latest problem (in red) or success, right-aligned in the menu bar; the full text on hover.
void status_text(const App& app) {
    const bool bad = !app.problem.empty();
    const std::string& text = bad ? app.problem : app.status;
    if (text.empty()) return;
    const float available = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x;
    // As the window says it, made again only when the message or the language changes: it is
    // drawn in every frame, and in Chinese window_message runs some seventy patterns.
    static std::string said_text, said_language, whole;
    if (text != said_text || language() != said_language) {
        said_text = text;
        said_language = language();
        whole = window_message(text);
    }
    std::string shown = whole;
    if (ImGui::CalcTextSize(whole.c_str()).x > available) {
        // The longest head that fits with "…" after it, cut between characters, never inside one
        // (a cut UTF-8 sequence drew "已?入").
        std::vector<size_t> ends;
        for (size_t i = 1; i < whole.size(); ++i)
            if ((static_cast<unsigned char>(whole[i]) & 0xC0) != 0x80) ends.push_back(i);
        const auto fits = [&](size_t end) {
            return ImGui::CalcTextSize((whole.substr(0, end) + "…").c_str()).x <= available;
        };
        const auto too_long = std::partition_point(ends.begin(), ends.end(), fits);
        // Menus that leave no room (a large UI scale on a small screen): nothing rather than text
        // drawn over the last menu.
        if (too_long == ends.begin()) return;
        shown = whole.substr(0, *(too_long - 1)) + "…";
    }
    ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(shown.c_str()).x -
                    ImGui::GetStyle().WindowPadding.x);
    ImGui::PushStyleColor(ImGuiCol_Text,
                          bad ? k_error_colour : ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextUnformatted(shown.c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) {
        // The whole message, wrapped to a readable measure: a long one is not cut here too. The
        // measure is 36 em, or the window's width where that is narrower (a large UI scale on a
        // small screen), so that no line runs off the window.
        ImGui::BeginTooltip();
        const float window_width =
            ImGui::GetMainViewport()->WorkSize.x - 4.0f * ImGui::GetStyle().WindowPadding.x;
        ImGui::PushTextWrapPos(std::min(36.0f * ImGui::GetFontSize(), window_width));
        ImGui::TextUnformatted(whole.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

// View → UI scale: automatic (the screen's, said with its percentage) or 100–300 %, remembered
// in settings.json.
void ui_scale_menu(App& app) {
    if (!ImGui::BeginMenu(tr("UI scale###ui_scale", "界面缩放###ui_scale"))) return;
    const int automatic = int(std::lround(
        100.0f * ui_scale_factor(0, app.window->content_scale(), app.window->monitor_height())));
    const std::string automatic_label =
        std::string(tr("Automatic", "自动")) + " (" + std::to_string(automatic) + " %)";
    if (ImGui::MenuItem(automatic_label.c_str(), nullptr, app.ui_scale_percent == 0))
        app.ui_scale_percent = 0;
    for (const int percent : {100, 125, 150, 175, 200, 250, 300}) {
        const std::string label = std::to_string(percent) + " %";
        if (ImGui::MenuItem(label.c_str(), nullptr, app.ui_scale_percent == percent))
            app.ui_scale_percent = percent;
    }
    ImGui::EndMenu();
}

void menu_bar(App& app) {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu(tr("File###file", "文件###file"))) {
        file_menu_items(app);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(tr("Views###views", "视图###views"))) {
        for (const ViewInfo& info : view_infos())
            if (ImGui::MenuItem(tr(info.title_en, info.title_zh), nullptr,
                                &settings_of(app.views, info.id).open))
                app.layout_dirty = true;
        ImGui::Separator();
        if (ImGui::MenuItem(tr("Scene controls", "场景参数"), "F9", &app.show_controls))
            app.layout_dirty = true;
        if (ImGui::MenuItem(tr("Tile windows", "平铺窗口"))) app.layout_dirty = true;
        ImGui::Separator();
        ImGui::MenuItem(tr("Speaker notes window", "讲稿窗口"), "N", &app.show_notes);
        ui_scale_menu(app);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(tr("Storyline###story", "讲解顺序###story"))) {
        for (size_t i = 0; i < app.preset_paths.size(); ++i) {
            const std::string label =
                std::to_string(i + 1) + ". " + preset_name(app.preset_paths[i]);
            if (ImGui::MenuItem(label.c_str(), i == 0 ? "PgDn/PgUp" : nullptr,
                                int(i) == app.preset_index))
                go_to_preset(app, int(i));
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Language / 语言###language")) {
        // The last success was said in the old language: not left behind in the new one.
        if (ImGui::MenuItem("English", nullptr, language() == "en")) {
            set_language("en");
            app.status.clear();
        }
        if (ImGui::MenuItem("中文", nullptr, language() == "zh")) {
            set_language("zh");
            app.status.clear();
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(tr("Theme###theme", "主题###theme"))) {
        if (ImGui::MenuItem(tr("Light", "浅色"), nullptr, app.theme == "light"))
            app.theme = "light";
        if (ImGui::MenuItem(tr("Dark", "深色"), nullptr, app.theme == "dark")) app.theme = "dark";
        ImGui::EndMenu();
    }
    if (ImGui::MenuItem(tr("Lecture mode###lecture", "讲课模式###lecture"), "F11", app.lecture))
        set_lecture(app, !app.lecture);
    status_text(app);
    ImGui::EndMainMenuBar();
}

// The caption under the storyline's title, broken into lines of the storyline bar's `width`.
std::string story_note(const App& app, float width) {
    const std::string note = app.preset ? preset_note(*app.preset, language())
                                        : tr("PageDown / →: the next step of the storyline.",
                                             "PageDown / →：讲解的下一步。");
    return wrap_text(ImGui::GetFont(), note, width - 2.0f * ImGui::GetStyle().WindowPadding.x);
}

// The storyline bar: where we are in the presets, the step's title, and `hint` (lecture mode:
// which figure is on the stage) at the right of the title's line; under them the step's caption
// when `with_note`. Returns its height.
float story_bar(App& app, ImVec2 pos, float width, const std::string& hint = "",
                bool with_note = true) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const std::string title =
        app.preset ? preset_title(*app.preset, language()) : tr("Your own scene", "自定义场景");
    const std::string note = with_note ? story_note(app, width) : "";
    const float height =
        2.0f * style.WindowPadding.y + app.fonts.heading->FontSize +
        (with_note ? style.ItemSpacing.y + ImGui::CalcTextSize(note.c_str()).y : 0.0f);
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(ImVec2(width, height));
    const ImGuiWindowFlags flags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
        ImGuiWindowFlags_NoBringToFrontOnFocus | unfilled_if_alone("##story");
    if (ImGui::Begin("##story", nullptr, flags)) {
        ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(style.FramePadding.x, 0.0f));
        if (ImGui::ArrowButton("##previous", ImGuiDir_Left))
            go_to_preset(app, app.preset_index - 1);
        ImGui::SameLine();
        if (app.preset_index >= 0) {
            ImGui::AlignTextToFramePadding();
            ImGui::Text("%d / %d", app.preset_index + 1, int(app.preset_paths.size()));
            ImGui::SameLine();
        }
        if (ImGui::ArrowButton("##next", ImGuiDir_Right)) go_to_preset(app, app.preset_index + 1);
        ImGui::PopStyleVar();
        ImGui::SameLine(0.0f, 2.0f * style.ItemSpacing.x);
        const float hint_width = hint.empty() ? 0.0f : ImGui::CalcTextSize(hint.c_str()).x;
        ImGui::PushFont(app.fonts.heading);
        ImGui::TextUnformatted(title.c_str());
        ImGui::PopFont();
        if (!hint.empty()) {
            ImGui::SameLine(
                std::max(ImGui::GetCursorPosX(), width - style.WindowPadding.x - hint_width));
            ImGui::AlignTextToFramePadding();
            ImGui::TextDisabled("%s", hint.c_str());
        }
        if (with_note) {
            ImGui::PushStyleColor(ImGuiCol_Text, style.Colors[ImGuiCol_TextDisabled]);
            ImGui::TextUnformatted(note.c_str());
            ImGui::PopStyleColor();
        }
    }
    ImGui::End();
    return height;
}

void controls_window(App& app, ImVec2 pos, ImVec2 size) {
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    const char* title = tr("Scene###scene", "场景###scene");
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoCollapse | unfilled_if_alone(title);
    if (ImGui::Begin(title, &app.show_controls, flags)) scene_controls(app);
    ImGui::End();
    if (!app.show_controls) app.layout_dirty = true;
}

// "Waves & wavelengths 2/4 · Tab": the view on the stage and how to reach the slide's other
// figures; just the view's name when it is the only one.
std::string stage_hint(const App& app, const std::vector<LecturePage>& pages) {
    const ViewInfo& info = view_info(pages[size_t(app.lecture_page)].view);
    std::string hint = tr(info.title_en, info.title_zh);
    if (pages.size() > 1)
        hint += "  " + std::to_string(app.lecture_page + 1) + "/" + std::to_string(pages.size()) +
                tr(" · Tab", " · Tab 键");
    return hint;
}

// Lecture mode projects what the lecturer shows on purpose. A pointer that merely rests on the
// figure shows no tooltip, and after k_pointer_rest it hides; a held mouse button shows the
// tooltip (the live formula is part of teaching). Tooltips are ImGui windows of this frame: kept
// out of the draw data rather than taught to every widget.
void keep_pointer_off_the_slide(App& app) {
    const auto now = std::chrono::steady_clock::now();
    const ImGuiIO& io = ImGui::GetIO();
    const bool held = ImGui::IsAnyMouseDown();
    if (held || io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f) app.pointer_moved = now;
    const bool resting = now - app.pointer_moved >= k_pointer_rest;
    // The backend hides the cursor on the frame after this one asks it to.
    app.pointer_hidden_frames = resting ? app.pointer_hidden_frames + 1 : 0;
    if (resting) ImGui::SetMouseCursor(ImGuiMouseCursor_None);
    if (held) return;
    for (ImGuiWindow* window : GImGui->Windows)
        if ((window->Flags & ImGuiWindowFlags_Tooltip) && window->Active) window->Hidden = true;
}

// Issue 23: "a pointer that merely rests on the figure shows nothing". Once it rests (hidden, no
// button held, not moved this frame) the frame is drawn as if there were no pointer: no cell
// outline, no linked cursor following it, no tooltip. ImGui took this frame's pointer movement
// in NewFrame, so keep_pointer_off_the_slide still sees a move. The pointer's place is given back
// when the scope ends (the frame drawn): the next frame starts from it, whether or not a backend
// sets it again (the tests' frames do not, and a held button must then find the figure).
class ForgottenRestingPointer {
  public:
    explicit ForgottenRestingPointer(const App& app) : at_(ImGui::GetIO().MousePos) {
        const ImGuiIO& io = ImGui::GetIO();
        if (app.pointer_hidden_frames > 0 && !ImGui::IsAnyMouseDown() && io.MouseDelta.x == 0.0f &&
            io.MouseDelta.y == 0.0f)
            ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    }
    ~ForgottenRestingPointer() { ImGui::GetIO().MousePos = at_; }
    ForgottenRestingPointer(const ForgottenRestingPointer&) = delete;
    ForgottenRestingPointer& operator=(const ForgottenRestingPointer&) = delete;

  private:
    ImVec2 at_;
};

// Lecture mode: the storyline bar, then the stage — one figure filling the rest of the window
// (views/lecture_layout.h). The slide's other figures wait behind Tab rather than sharing the
// screen, where each would be a fraction of the size a back row needs.
void draw_lecture(App& app, const ImGuiViewport& viewport) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const std::vector<LecturePage> pages = current_pages(app);
    const Tile work{viewport.WorkPos.x, viewport.WorkPos.y, viewport.WorkSize.x,
                    viewport.WorkSize.y};
    LectureMetrics m;
    m.padding_x = style.WindowPadding.x;
    m.padding_y = style.WindowPadding.y;
    m.spacing_y = style.ItemSpacing.y;
    m.heading = app.fonts.heading->FontSize;
    // The caption is small print (C), like the controls: without it the bar is one line.
    m.note_height =
        tools_shown(app) ? ImGui::CalcTextSize(story_note(app, work.width).c_str()).y : 0.0f;
    if (app.show_controls)
        m.controls_width = std::min(22.0f * ImGui::GetFontSize(), 0.32f * work.width);
    const LectureLayout layout = lecture_layout(work, m);
    if (pages.empty()) {
        story_bar(app, ImVec2(layout.story.x, layout.story.y), layout.story.width, "",
                  tools_shown(app));
        return;
    }
    app.lecture_page = page_after(app.lecture_page, 0, int(pages.size()));
    story_bar(app, ImVec2(layout.story.x, layout.story.y), layout.story.width,
              stage_hint(app, pages), tools_shown(app));
    if (app.show_controls)
        controls_window(app, ImVec2(work.x, layout.stage.y),
                        ImVec2(m.controls_width, layout.stage.height));
    draw_lecture_stage(app, pages[size_t(app.lecture_page)], layout.stage);
}

// The menu bar, storyline bar, Scene window, views and file windows. Lecture mode has no menu
// bar: the projected window shows only the slide (F11 or Esc leave it; problems reach the
// speaker notes window).
void draw_windows(App& app) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    if (app.lecture) {
        {
            const ForgottenRestingPointer drawn_without_it(app);
            draw_lecture(app, *viewport);
            draw_file_windows(app);  // they wait, undrawn, until lecture mode ends
        }
        keep_pointer_off_the_slide(app);
        return;
    }
    menu_bar(app);

    const ImVec2 top = viewport->WorkPos;
    const float width = viewport->WorkSize.x;
    const float story = story_bar(app, top, width);
    const Tile area{top.x, top.y + story, width, viewport->WorkSize.y - story};
    const float scene_width =
        app.show_controls ? std::min(22.0f * ImGui::GetFontSize(), 0.32f * width) : 0.0f;
    // Readable: a plot box of 120 px (issue 23) under the window's title, the view's controls and
    // the figure's title, ticks and labels, about ten lines of text. A figure of many panels (the
    // rotation's four circles) comes out smaller than that in a tile of that size: its view drops
    // what it can (views.cpp, show_figures), and if still too small, the frame after, the desk
    // takes one tile fewer, until the views or the area change.
    const float readable = readable_plot(app) + 10.0f * ImGui::GetFontSize();
    const App::DeskKey tiled_for{open_views(app), scene_width, area.width, area.height};
    if (!(tiled_for == app.desk_tiles_for)) {
        app.desk_tiles_for = tiled_for;
        app.desk_tiles = int(tiled_for.views.size());
    }
    const Desk desk =
        desk_layout(int(open_views(app).size()), area, scene_width, readable, app.desk_tiles);
    if (desk.scene)
        controls_window(app, ImVec2(desk.scene->x, desk.scene->y),
                        ImVec2(desk.scene->width, desk.scene->height));
    // A resized window, a taller storyline note or the controls closing all move the views.
    const ImVec4 key(area.x + scene_width, area.y, area.x + area.width, area.y + area.height);
    if (key.x != app.view_area.x || key.y != app.view_area.y || key.z != app.view_area.z ||
        key.w != app.view_area.w) {
        app.view_area = key;
        app.layout_dirty = true;
    }
    draw_views(app, desk);
    for (const ViewRuntime& rt : app.runtime)
        if (rt.squeezed && rt.smallest_plot < readable_plot(app) && desk.views.size() > 1) {
            app.desk_tiles = int(desk.views.size()) - 1;
            app.layout_dirty = true;
            break;
        }
    draw_file_windows(app);
}

}  // namespace

void apply_preset(App& app, const Preset& preset) {
    app.scene = preset.scene;
    app.views = preset.views;
    app.preset = preset;
    app.cursor = {};
    app.lecture_page = 0;
    app.tab_view = preset.lead_view;  // where views share a tile, the slide's lead one shows
    app.files.queries_path = preset.scene.queries_path;
    app.files.keys_path = preset.scene.keys_path;
    app.files.table_path = preset.scene.table_path;
    app.layout_dirty = true;
    // The speaker notes are drawn by the notes window, with fonts of its own.
    for (const std::string* text :
         {&preset.title_en, &preset.title_zh, &preset.note_en, &preset.note_zh})
        add_missing_characters(nullptr, *text, app.wanted_characters);
}

void go_to_preset(App& app, int index) {
    const int count = int(app.preset_paths.size());
    if (count == 0) return;
    app.preset_index = std::clamp(index, 0, count - 1);
    try {
        apply_preset(app, read_preset(app.preset_paths[size_t(app.preset_index)]));
        app.problem.clear();
    } catch (const InputError& e) {
        app.problem = e.what();  // the next key press moves on past the broken file
    }
}

void set_lecture(App& app, bool lecture) {
    if (lecture == app.lecture) return;
    // The figures need the room on a projector; F9 or the Views menu bring the controls back.
    if (lecture) {
        app.controls_before_lecture = app.show_controls;
        app.show_controls = false;
    } else {
        app.show_controls = app.controls_before_lecture;
    }
    app.lecture = lecture;
    app.show_lecture_tools = false;  // each lecture starts with the figures alone
    app.lecture_page = 0;            // and on the slide's lead figure, not its last Tab page
    if (lecture) app.lecture_started = std::chrono::steady_clock::now();
    app.layout_dirty = true;
}

double seconds_to_pointer_hide(const App& app) {
    if (!app.lecture || app.pointer_hidden_frames >= 2) return -1.0;
    const std::chrono::duration<double> left =
        k_pointer_rest - (std::chrono::steady_clock::now() - app.pointer_moved);
    return std::max(0.02, left.count());
}

float ui_scale(const App& app) {
    return ui_scale_factor(app.ui_scale_percent, app.window->content_scale(),
                           app.window->monitor_height());
}

bool tools_shown(const App& app) {
    return !app.lecture || app.show_lecture_tools;
}

bool lecture_fullscreen(const App& app, bool notes_open, int monitors) {
    return app.lecture && !(notes_open && monitors < 2);
}

void draw_frame(App& app) {
    update_fonts_and_style(app);
    ImGui_ImplOpenGL3_NewFrame();
    app.window->new_frame();
    ImGui::NewFrame();
    handle_keys(app);
    forget_stale_model(app);
    if (!app.black_screen) draw_windows(app);
    // After the views took their finished figures: the title names the L of the one on show.
    app.window->set_title(window_title(app));
    ImGui::Render();

    int fb_width = 0, fb_height = 0;
    app.window->framebuffer_size(fb_width, fb_height);
    glViewport(0, 0, fb_width, fb_height);
    const Rgb background =
        app.black_screen ? Rgb{0.0, 0.0, 0.0} : figure_theme(app.theme, app.lecture).background;
    glClearColor(float(background.r), float(background.g), float(background.b), 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    save_pending_window_shot(app);
}

std::string window_title(const App& app) {
    std::string title = "posviz";
    if (app.preset) {
        title += " — ";
        if (app.preset_index >= 0)
            title += std::to_string(app.preset_index + 1) + "/" +
                     std::to_string(app.preset_paths.size()) + " ";
        title += preset_title(*app.preset, language());
    }
    // The figure Export writes and the length it was computed at (not the one still computing):
    // a typed L that was clamped or refused shows here too. The rotation has no L.
    if (const std::optional<ViewId> view = export_target(app); view && *view != ViewId::Rotation) {
        const ViewRuntime& rt = app.runtime[size_t(*view)];
        if (const ViewRequest* shown = rt.jobs[size_t(rt.focused_figure)].figure_request()) {
            const ViewInfo& info = view_info(*view);
            title += " — " + std::string(tr(info.title_en, info.title_zh)) +
                     ", L = " + grouped(shown->scene.seq_len);
        }
    }
    const ViewSettings& rotation = settings_of(app.views, ViewId::Rotation);
    // Lecture mode's small print (C) is said for the lecturer, whose taskbar shows the title.
    if (app.lecture && app.show_lecture_tools) title += tr(" — controls", " — 控件");
    if (rotation.open)
        title += rotation.playing ? tr(" — playing", " — 播放中") : tr(" — paused", " — 已暂停");
    // An open file chooser is said too, once its path field has the keyboard (file_chooser.h).
    if (app.files.chooser.open && app.files.chooser.ready) title += " — " + app.files.chooser.title;
    return title;
}

bool frame_pending(const App& app) {
    // A path chosen in the file chooser is taken by its owner on the next frame, a chooser just
    // opened gives its path field the keyboard on the frame after it is drawn, and a window
    // screenshot is saved on the frame after the click: all must come without further input.
    const FileChooser& chooser = app.files.chooser;
    return app.font_spec.extra != app.wanted_characters || app.layout_dirty ||
           chooser.chosen.has_value() || (chooser.open && !chooser.ready) ||
           !app.files.pending_window_shot.empty();
}

bool app_settled(const App& app) {
    for (const ViewRuntime& rt : app.runtime)
        for (const FigureJob& job : rt.jobs)
            if (job.computing()) return false;
    return !frame_pending(app) && !app.files.export_job.valid();
}

Preset current_state(const App& app) {
    Preset p = app.preset.value_or(Preset{});
    p.scene = app.scene;
    p.views = app.views;
    return p;
}

bool stop_background_work(App& app, Deadline deadline) {
    for (ViewRuntime& rt : app.runtime)
        for (FigureJob& job : rt.jobs) job.cancel();
    if (app.files.export_token) app.files.export_token->cancel();
    bool stopped = true;
    for (const ViewRuntime& rt : app.runtime)
        for (const FigureJob& job : rt.jobs) stopped = job.wait_until(deadline) && stopped;
    return app.files.export_job.wait_until(deadline) && stopped;
}

}  // namespace posviz::gui
