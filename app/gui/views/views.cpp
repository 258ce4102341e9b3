#include "app/gui/views/views.h"

#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <sstream>

#include "app/gui/files/export_target.h"
#include "app/gui/language.h"
#include "app/gui/storyline_names.h"
#include "app/gui/views/scene_controls.h"
#include "app/gui/views/tiling.h"
#include "app/gui/views/window_message.h"
#include "app/gui/window/ui_style.h"
#include "app/storyline/length_limits.h"
#include "app/storyline/view_figures.h"
#include "core/figures/curve_formula.h"
#include "core/figures/figure_text.h"
#include "core/figures/formula_text.h"
#include "core/figures/rotation_frame.h"
#include "core/limits.h"

namespace posviz::gui {

namespace {

// ---- tool rows ----

// One of a view's controls: its frame `em` font-heights wide (0: a button or checkbox, as wide as
// its label), the label ImGui draws beside it, and what draws it (the widget and its tooltip).
struct Tool {
    float em;
    const char* label;
    std::function<void()> draw;
};

float frame_width(const Tool& tool) {
    return std::max(tool.em * ImGui::GetFontSize(), ImGui::GetFrameHeight());
}

float tool_width(const Tool& tool) {
    const char* label_end = ImGui::FindRenderedTextEnd(tool.label);
    return frame_width(tool) + (label_end == tool.label
                                    ? 0.0f
                                    : ImGui::GetStyle().ItemInnerSpacing.x +
                                          ImGui::CalcTextSize(tool.label, label_end).x);
}

void draw_tool(const Tool& tool) {
    if (tool.em > 0.0f) ImGui::SetNextItemWidth(frame_width(tool));
    tool.draw();
}

// A view's controls, laid out like words in a paragraph: each on the current row if it fits,
// else on the next. Decision: a small tile gives its figure the height. Where rows beyond the
// first would take more than an eighth of the window's height (five views tiled at 1280 × 720:
// two or three rows of a 280 px window; the Attention view's three at 1920 × 1080), they collapse
// into one row — the leading tools that fit beside a "⋯" button, which opens the rest in a
// popup, one a line. Large windows keep every control in sight. Each view lists its tools most
// used first.
void tool_rows(const std::vector<Tool>& tools) {
    const float gap = 1.5f * ImGui::GetStyle().ItemSpacing.x;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    std::vector<bool> starts_row;
    int rows = 0;
    for (float x = 0.0f; const Tool& tool : tools) {
        const float width = tool_width(tool);
        starts_row.push_back(x == 0.0f || x + gap + width > avail.x);
        rows += starts_row.back() ? 1 : 0;
        x = starts_row.back() ? width : x + gap + width;
    }
    const bool compact =
        rows > 1 && float(rows) * ImGui::GetFrameHeightWithSpacing() > avail.y / 8.0f;
    const char* more = "⋯";
    const float more_width = ImGui::CalcTextSize(more).x + 2.0f * ImGui::GetStyle().FramePadding.x;
    size_t inline_count = tools.size();
    if (compact) {
        inline_count = 0;
        for (float x = more_width; inline_count < tools.size(); ++inline_count) {
            x += gap + tool_width(tools[inline_count]);
            if (x > avail.x) break;
        }
    }
    for (size_t i = 0; i < inline_count; ++i) {
        if (compact ? i > 0 : !starts_row[i]) ImGui::SameLine(0.0f, gap);
        draw_tool(tools[i]);
    }
    if (inline_count == tools.size()) return;
    if (inline_count > 0) ImGui::SameLine(0.0f, gap);
    if (ImGui::Button(more)) ImGui::OpenPopup("##more_tools");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("More controls", "更多控件"));
    if (ImGui::BeginPopup("##more_tools")) {
        for (size_t i = inline_count; i < tools.size(); ++i) draw_tool(tools[i]);
        ImGui::EndPopup();
    }
}

// A comma-separated list of names or numbers, edited as text: "10000, 500000". Entries past
// limits::kMaxCompared are dropped as they are typed.
bool list_field(const char* label, std::vector<std::string>& items) {
    std::string text;
    for (const std::string& item : items) text += (text.empty() ? "" : ", ") + item;
    if (!ImGui::InputText(label, &text)) return false;
    items.clear();
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',') && int(items.size()) < limits::kMaxCompared) {
        const size_t a = item.find_first_not_of(" \t"), b = item.find_last_not_of(" \t");
        if (a != std::string::npos) items.push_back(item.substr(a, b - a + 1));
    }
    return true;
}

// Says which encodings a view draws, with a button for each that switches to it.
void encoding_chooser(App& app, const std::vector<std::string>& drawn) {
    ImGui::Spacing();
    ImGui::TextWrapped("%s %s. %s", tr("This view does not draw", "此视图不适用于"),
                       window_encoding_title(app.scene.encoding).c_str(),
                       tr("Pick one it draws:", "请选择它适用的编码："));
    for (const std::string& e : drawn) {
        if (ImGui::Button(window_encoding_title(e).c_str())) app.scene.encoding = e;
        ImGui::SameLine();
    }
    ImGui::NewLine();
}

// Whether compared maps share one colour scale (core/figures/colour_scale.h): the user's choice
// beside the maps, since the automatic rule may not show what a lecturer wants to point at.
Tool colour_scale_tool(ViewSettings& v) {
    const char* label = tr("colour scale", "色标");
    return {7.0f, label, [&v, label] {
                const char* names[] = {tr("auto", "自动"), tr("shared", "统一"),
                                       tr("per panel", "各图独立")};
                int current = int(v.scale);
                if (ImGui::Combo(label, &current, names, 3)) v.scale = ColourScale(current);
                if (ImGui::IsItemHovered())
                    ImGui::SetTooltip(
                        "%s", tr("shared: equal colours mean equal values in every panel; per "
                                 "panel: each map uses its whole colour range; auto: shared "
                                 "unless the ranges differ more than 4×",
                                 "统一：各图中相同颜色表示相同数值；各图独立：每幅图使用完整色阶；"
                                 "自动：范围相差不超过 4 倍时统一"));
            }};
}

// The view's L, as far as its figures draw (length_limits.h).
Tool length_tool(App& app, ViewId id) {
    return {9.0f, "L", [&app, id] {
                seq_len_slider("L", app.scene, view_max_seq_len(id, settings_of(app.views, id)),
                               app.runtime[size_t(id)].length_note);
            }};
}

// Every panel of the view's figures back at its own limits, as a double click on one does.
Tool reset_view_tool() {
    const char* label = tr("Reset view", "重置视图");
    return {0.0f, label, [label] {
                if (ImGui::Button(label)) {
                    ResetPlotView("figure0");
                    ResetPlotView("figure1");
                }
            }};
}

// ---- figures ----

// Every string a figure shows, for the font's missing-character check.
std::string figure_text(const Figure& f) {
    std::string s = f.title + f.subtitle;
    if (f.colorbar) s += f.colorbar->label + f.colorbar->masked_label;
    for (const Panel& p : f.panels) {
        s += p.title + p.x.label + p.y.label;
        for (const std::string& t : p.x.tick_labels) s += t;
        for (const std::string& t : p.y.tick_labels) s += t;
        if (p.heatmap) s += p.heatmap->colorbar_label + p.heatmap->masked_label;
        for (const LineSeries& l : p.lines) s += l.label;
        for (const Arrow& a : p.arrows) s += a.label;
        for (const Annotation& a : p.annotations) s += a.text;
    }
    return s;
}

// A vertical (or horizontal) line across a panel at data value `at`, for linked cursors.
LineSeries cursor_line(const Panel& panel, double at, bool vertical) {
    const AxisRange r = panel_axis_range(panel, !vertical);
    // Far beyond the panel's own limits, so that zooming out never shows its ends.
    const double span = r.log ? 0.0 : 100.0 * (r.hi - r.lo);
    const std::vector<double> across = {r.log ? r.lo * 1e-6 : r.lo - span,
                                        r.log ? r.hi * 1e6 : r.hi + span};
    LineSeries line;
    line.x = vertical ? std::vector<double>{at, at} : across;
    line.y = vertical ? across : std::vector<double>{at, at};
    line.colour = Colour::foreground();
    line.width = 1.0;
    line.dash = LineDash::Dashed;
    return line;
}

// The formula of a hovered cell or curve point with its numbers (core/figures/formula_text.h,
// curve_formula.h), worked out once per hovered thing: RoPE's needs the scene's content, too much
// to make again every frame. `key` names the thing (kind, panel, and its row and column or line
// and x); `make` computes the text from the request the figure was built from.
std::string hover_note(App& app, const FigureJob& job, const std::array<double, 4>& key,
                       const std::function<std::string(const ViewRequest&)>& make) {
    struct Cached {
        uint64_t version = 0;
        std::array<double, 4> key{-1.0, -1.0, -1.0, -1.0};
        std::string text;
    };
    static Cached cached;
    const ViewRequest* r = job.figure_request();
    if (!r) return "";
    if (cached.version != job.version() || cached.key != key) {
        cached = {job.version(), key, ""};
        try {
            cached.text = make(*r);
        } catch (const std::exception&) {
            // The figure was built from this request, so this cannot fail but for memory: then
            // the tooltip just has no formula.
        }
        add_missing_characters(app.fonts.body, cached.text, app.wanted_characters);
    }
    return cached.text;
}

std::string cell_note(App& app, const FigureJob& job, int panel, const Cell& cell) {
    return hover_note(app, job, {0.0, double(panel), double(cell.row), double(cell.col)},
                      [&](const ViewRequest& r) {
                          return cell_formula(r.scene, r.options, panel, cell.row, cell.col);
                      });
}

// The rotation frame's curve, hovered at m − n = d: the identity R(mθ)q·R(nθ)k = q·R((n − m)θ)k
// (RoFormer §3.4.2) with its numbers — qₘ·kₙ worked out at two pairs of absolute positions with
// that difference, and the curve's own value.
std::string rotation_identity(const ViewRequest& r, int d) {
    const Text t{r.options.lang};
    const int frames = std::max(r.rotation_frames, 2);
    const int first = std::max(d, 0);
    std::string text = "R(mθ)q · R(nθ)k = q · R((n − m)θ)k\n" + t("m − n = ", "m − n = ") +
                       std::to_string(d) + ":";
    for (int m = first; m <= first + 1 && m - d < frames && m < frames; ++m)
        text += "\n  m = " + std::to_string(m) + ", n = " + std::to_string(m - d) +
                ":  qₘ·kₙ = " + format_number(rotated_dot(r.scene, m, m - d), 6);
    return text;
}

std::string curve_note(App& app, const FigureJob& job, int panel, int line, double x) {
    return hover_note(app, job, {1.0, double(panel), double(line), x}, [&](const ViewRequest& r) {
        if (r.rotation_frame >= 0) return rotation_identity(r, int(std::lround(x)));
        return curve_formula(r.scene, r.options, panel, line, x);
    });
}

// Shows the figures of jobs `shown` (indices into rt.jobs), side by side when the view is wide,
// stacked when it is tall. Failed figures say why; the last good figure stays on screen with a
// "computing…" note while a new one is built.
std::array<PlotHover, 2> show_figures(App& app, ViewRuntime& rt, std::vector<int> shown,
                                      const std::array<std::vector<Panel>, 2>& overlays = {}) {
    std::array<PlotHover, 2> hovers;
    std::vector<int> drawable;
    bool computing = false;
    double progress = 0.0;
    for (int k : shown) {
        FigureJob& job = rt.jobs[size_t(k)];
        computing = computing || job.computing();
        progress = std::max(progress, job.progress());
        if (!job.error().empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.35f, 1.0f));
            ImGui::TextWrapped("%s", window_message(job.error()).c_str());
            ImGui::PopStyleColor();
        } else if (job.figure()) {
            drawable.push_back(k);
            if (rt.scanned_versions[size_t(k)] != job.version()) {
                add_missing_characters(app.fonts.body, figure_text(*job.figure()),
                                       app.wanted_characters);
                rt.scanned_versions[size_t(k)] = job.version();
            }
        }
    }
    ImVec2 origin = ImGui::GetCursorScreenPos();
    ImVec2 avail = ImGui::GetContentRegionAvail();
    if (drawable.empty()) {
        if (computing) ImGui::TextDisabled("%s", tr("computing…", "计算中…"));
        return hovers;
    }
    const float n = float(drawable.size());
    // Side by side or stacked, whichever shows the figures larger at their designed shapes.
    auto shown_area = [&](ImVec2 cell) {
        double area = 0.0;
        for (int k : drawable) {
            const Figure& f = *rt.jobs[size_t(k)].figure();
            const double scale = std::min(cell.x / f.width_in, cell.y / f.height_in);
            area += scale * scale * f.width_in * f.height_in;
        }
        return area;
    };
    bool side_by_side =
        shown_area(ImVec2(avail.x / n, avail.y)) >= shown_area(ImVec2(avail.x, avail.y / n));
    ImVec2 size = side_by_side ? ImVec2(avail.x / n, avail.y) : ImVec2(avail.x, avail.y / n);
    // Decision: a figure's title, subtitle, ticks and labels take about six lines of text, so in
    // a cell under ten lines high or wide its data would be a sliver (two figures stacked in a
    // tile of five views at 1280 × 720: 15 px). There a two-figure view shows one figure in the
    // whole tile under a button that switches to the other (the plot widget takes the clicks
    // over its own area, so the button cannot sit on the figure).
    const float line = ImGui::GetFontSize();
    // So does a tile no larger than one where the figures came out with a plot box under the
    // readable size (a tall PE matrix of square cells beside its similarity map).
    const ImVec2 tile = avail;
    const bool squeezed = tile.x <= rt.squeezed_within.x && tile.y <= rt.squeezed_within.y;
    rt.squeezed = squeezed;
    if (drawable.size() == 2 && (std::min(size.x, size.y) < 10.0f * line || squeezed)) {
        rt.small_slot = std::clamp(rt.small_slot, 0, 1);
        drawable = {drawable[size_t(rt.small_slot)]};
        const std::string label = std::to_string(rt.small_slot + 1) + "/2 ▸###other_figure";
        if (ImGui::SmallButton(label.c_str())) rt.small_slot = 1 - rt.small_slot;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", tr("The view's other figure", "此视图的另一幅图"));
        origin = ImGui::GetCursorScreenPos();
        avail = ImGui::GetContentRegionAvail();
        side_by_side = true;
        size = avail;
    }
    PlotStyle style = plot_style(app);
    // Under sixteen lines the subtitle goes too: the parameters it repeats are the controls'.
    style.subtitle = style.subtitle && size.y >= 16.0f * line;
    for (size_t i = 0; i < drawable.size(); ++i) {
        const int k = drawable[i];
        ImGui::SetCursorScreenPos(side_by_side ? ImVec2(origin.x + float(i) * size.x, origin.y)
                                               : ImVec2(origin.x, origin.y + float(i) * size.y));
        const FigureJob& job = rt.jobs[size_t(k)];
        static const std::vector<HeatmapPixels> none;
        hovers[size_t(k)] = PlotFigure(
            k == 0 ? "figure0" : "figure1", *job.figure(), job.version(), style, size,
            overlays[size_t(k)], job.pixels_theme() == style.theme ? job.heatmap_pixels() : none,
            [&](int panel, const Cell& cell) { return cell_note(app, job, panel, cell); },
            [&](int panel, int line, double x) { return curve_note(app, job, panel, line, x); });
        if (hovers[size_t(k)].panel >= 0) rt.focused_figure = k;
        const float least = hovers[size_t(k)].smallest_plot;
        if (least > 0.0f)
            rt.smallest_plot = rt.smallest_plot > 0.0f ? std::min(rt.smallest_plot, least) : least;
    }
    if (rt.smallest_plot > 0.0f && rt.smallest_plot < readable_plot(app)) rt.squeezed_within = tile;
    if (computing) {
        // Builds that report progress (long reduced maps) say how far they are.
        char note[64];
        std::snprintf(note, sizeof note, "%s %.0f%%", tr("computing…", "计算中…"),
                      100.0 * progress);
        if (progress <= 0.0) std::snprintf(note, sizeof note, "%s", tr("computing…", "计算中…"));
        const ImVec2 note_size = ImGui::CalcTextSize(note);
        ImGui::GetWindowDrawList()->AddText(
            ImVec2(origin.x + avail.x - note_size.x - 4.0f, origin.y + 2.0f),
            ImGui::GetColorU32(ImGuiCol_TextDisabled), note);
    }
    return hovers;
}

// The GPU computes in a context that shares objects with the window: the maps it leaves in GPU
// buffers are coloured into their heatmap textures there and drawn without a round trip through
// the host. Without such a context the backend says why, and the CPU computes.
std::unique_ptr<gpu::GpuScoresBackend> make_gpu_scores(Window* window) {
    std::string error = "no window";
    std::unique_ptr<gpu::GpuContext> context;
    if (window) {
        // The window's own context colours what the shared one computes: it needs compute too.
        const gpu::GpuInfo own = gpu::current_gpu_info("window");
        if (own.compute_shaders)
            context = window->make_shared_compute_context(error);
        else
            error = "the window's OpenGL " + own.version + " has no compute shaders";
    }
    if (context) error.clear();
    return std::make_unique<gpu::GpuScoresBackend>(std::move(context), error);
}

// Requests the view's figures for the current scene and shows them; when the view draws none
// for this encoding, offers the encodings it does draw.
std::array<PlotHover, 2> show_view(App& app, ViewId id,
                                   const std::array<std::vector<Panel>, 2>& overlays = {}) {
    ViewRuntime& rt = app.runtime[size_t(id)];
    std::vector<ViewFigure> figures =
        view_figures(id, app.scene, settings_of(app.views, id), language());
    if (figures.empty()) {
        encoding_chooser(app, view_encodings(id));
        return {};
    }
    if (id == ViewId::Attention && app.backend == "gpu") {
        if (!app.gpu_scores) app.gpu_scores = make_gpu_scores(app.window);
        for (ViewFigure& f : figures) {
            f.request.options.scores_backend = app.gpu_scores.get();
            f.request.options.device_heatmaps = true;
        }
    }
    if (tools_shown(app)) {
        show_length_note(rt.length_note, app.scene);
        int drawn = app.scene.seq_len;
        for (const ViewFigure& f : figures) drawn = std::min(drawn, f.request.scene.seq_len);
        show_length_note(
            {capped_length_note(app.scene.seq_len, drawn, language()), app.scene.seq_len},
            app.scene);
    }
    std::vector<int> slots;
    for (ViewFigure& f : figures) {
        // Lecture mode computes only the figure on the stage; Tab starts the next one.
        if (rt.shown_slot >= 0 && f.slot != rt.shown_slot) continue;
        f.request.theme = &figure_theme(app.theme, app.lecture);  // heatmaps coloured off-thread
        rt.jobs[size_t(f.slot)].request(f.request);
        slots.push_back(f.slot);
    }
    // The figure Export writes is one the view draws: a RoPE wavelengths view draws only its
    // second (slot 1), and until the pointer had been on it Export had no figure to write.
    if (!slots.empty() && std::find(slots.begin(), slots.end(), rt.focused_figure) == slots.end())
        rt.focused_figure = slots.front();
    // Half a 60 Hz frame at most, for every figure of the view together: with the ~4 ms an
    // llvmpipe frame takes to draw, the frame still comes within 16 ms.
    const Deadline show_by = std::chrono::steady_clock::now() + std::chrono::milliseconds(8);
    for (const int slot : slots) rt.jobs[size_t(slot)].show_first_picture(show_by);
    return show_figures(app, rt, slots, overlays);
}

// ---- the views ----

// Each view: its rows of controls, unless lecture mode keeps them behind C (lecture_layout.h),
// then its figures.

void wavelengths_view(App& app, ViewSettings& v) {
    if (tools_shown(app))
        tool_rows({length_tool(app, ViewId::Wavelengths),
                   {9.0f, "D", [&] { dim_slider("D", app.scene); }},
                   {9.0f, tr("base", "基数"), [&] { base_slider(tr("base", "基数"), app.scene); }},
                   {10.0f, tr("compare", "对比"), [&] {
                        list_field(tr("compare", "对比"), v.compare);
                        if (ImGui::IsItemHovered())
                            ImGui::SetTooltip(
                                "%s", tr("Bases or encodings to overlay, e.g. 10000, 500000 or "
                                         "sinusoidal, rope",
                                         "叠加对比的基数或编码，例如 10000, 500000 或 sinusoidal, "
                                         "rope"));
                    }}});
    // The linked cursor: the position on the curves, the dim's pair on the wavelength plot.
    const ViewRuntime& rt = app.runtime[size_t(ViewId::Wavelengths)];
    std::array<std::vector<Panel>, 2> overlays;
    if (const Figure* f = rt.jobs[0].figure(); f && app.cursor.position >= 0) {
        overlays[0].resize(1);
        overlays[0][0].lines.push_back(cursor_line(f->panels[0], app.cursor.position, true));
    }
    if (const Figure* f = rt.jobs[1].figure(); f && app.cursor.dim >= 0) {
        const bool halves =
            app.scene.encoding == "sinusoidal" && app.scene.sinusoidal_layout == "halves";
        const int pair =
            halves ? app.cursor.dim % std::max(1, app.scene.dim / 2) : app.cursor.dim / 2;
        overlays[1].resize(1);
        overlays[1][0].lines.push_back(cursor_line(f->panels[0], pair, true));
    }
    show_view(app, ViewId::Wavelengths, overlays);
}

// A click on a PE column plots that dimension in the Waves view (at most four curves).
void toggle_dim(std::vector<int>& dims, int dim) {
    const auto it = std::find(dims.begin(), dims.end(), dim);
    if (it != dims.end()) {
        dims.erase(it);
        return;
    }
    if (dims.size() >= 4) dims.erase(dims.begin());
    dims.push_back(dim);
}

void matrices_view(App& app) {
    if (tools_shown(app))
        tool_rows(
            {length_tool(app, ViewId::Matrices),
             {9.0f, "D", [&] { dim_slider("D", app.scene); }},
             {9.0f, tr("base", "基数"), [&] { base_slider(tr("base", "基数"), app.scene); }}});
    const ViewRuntime& rt = app.runtime[size_t(ViewId::Matrices)];
    const Cursor& c = app.cursor;
    std::array<std::vector<Panel>, 2> overlays;
    if (const Figure* f = rt.jobs[0].figure(); f && c.position >= 0) {
        overlays[0].resize(1);
        overlays[0][0].lines = {cursor_line(f->panels[0], c.position, false)};
        if (c.dim >= 0) overlays[0][0].lines.push_back(cursor_line(f->panels[0], c.dim, true));
    }
    if (const Figure* f = rt.jobs[1].figure(); f && c.position >= 0) {
        overlays[1].resize(1);
        overlays[1][0].lines = {cursor_line(f->panels[0], c.position, false),
                                cursor_line(f->panels[0], c.position, true)};
    }
    const std::array<PlotHover, 2> hover = show_view(app, ViewId::Matrices, overlays);
    if (hover[0].cell) {
        app.cursor = {hover[0].cell->row, hover[0].cell->col};
        if (hover[0].clicked) toggle_dim(app.scene.dims, app.cursor.dim);
    }
    if (hover[1].cell) app.cursor.position = hover[1].cell->row;
}

// CPU (core) or GPU (compute shaders) for the scores; both form the picture's products in
// float32 (FigureOptions::single_precision), so the names say where, not how precisely. The
// tooltip says so and where the last figure was computed (a GPU that is missing or fails leaves
// the work to the CPU).
void backend_combo(App& app) {
    const char* names[] = {tr("CPU", "CPU"), tr("GPU", "GPU")};
    int current = app.backend == "gpu" ? 1 : 0;
    if (ImGui::Combo(tr("compute", "计算"), &current, names, 2))
        app.backend = current == 1 ? "gpu" : "cpu";
    if (ImGui::IsItemHovered()) {
        const std::string said =
            app.gpu_scores && app.backend == "gpu" ? app.gpu_scores->status() : "";
        ImGui::SetTooltip("%s%s%s",
                          tr("Where the attention scores are computed. Angles and encodings "
                             "are formed in double, the map's products in float32 (so are the "
                             "values shown on hover); data exports stay double. Above L = 2048 "
                             "the map shows the largest |logit| of each block.",
                             "注意力分数在哪里计算。角度与编码用双精度计算，图中的乘积用单精度"
                             "（悬停显示的数值亦然）；数据导出仍为双精度。L 超过 2048 时，每个"
                             "像素显示其块内最大的 |logit|。"),
                          said.empty() ? "" : "\n", said.c_str());
    }
}

void attention_view(App& app, ViewSettings& v) {
    if (tools_shown(app)) {
        std::vector<Tool> tools = {
            {14.0f, tr("encodings", "编码"),
             [&] { encodings_combo(tr("encodings", "编码"), v.compare, app.scene.encoding); }},
            // Long maps are reduced without an L×L matrix on either backend (the CPU streams
            // blocks of rows, core/attention_rows.h), with a progress note and cancelled by the
            // next change: L goes as far as limits::kMaxSeqLen.
            length_tool(app, ViewId::Attention),
            {6.0f, tr("content", "内容"), [&] { content_combo(tr("content", "内容"), app.scene); }},
            {6.0f, tr("beside", "对照"),
             [&] { beside_content_combo(tr("beside", "对照"), v.beside_content); }},
            {0.0f, tr("causal", "因果"),
             [&] { ImGui::Checkbox(tr("causal", "因果"), &app.scene.causal); }},
            {0.0f, "softmax", [&] { ImGui::Checkbox("softmax", &app.scene.softmax); }},
            {9.0f, tr("compute", "计算"), [&] { backend_combo(app); }}};
        if (v.compare.size() >= 2) tools.push_back(colour_scale_tool(v));
        if (v.compare.size() == 2)
            tools.push_back({0.0f, tr("difference", "差值"), [&] {
                                 ImGui::Checkbox(tr("difference", "差值"), &v.difference);
                                 if (ImGui::IsItemHovered())
                                     ImGui::SetTooltip(
                                         "%s",
                                         tr("A third map: the first encoding's values minus the "
                                            "second's, on a scale centred at 0",
                                            "第三幅图：第一个编码的值减去第二个编码的值，色标以 0 "
                                            "为中心"));
                             }});
        tools.push_back(reset_view_tool());
        tool_rows(tools);
    }
    show_view(app, ViewId::Attention);
}

void bias_view(App& app, ViewSettings& v) {
    Scene& s = app.scene;
    if (tools_shown(app)) {
        std::vector<Tool> tools = {{14.0f, tr("encodings", "编码"),
                                    [&] {
                                        encodings_combo(tr("encodings", "编码"), v.compare,
                                                        s.encoding, view_encodings(ViewId::Bias));
                                    }},
                                   length_tool(app, ViewId::Bias)};
        if (s.encoding == "alibi" && v.compare.empty())
            tools.push_back({0.0f, tr("all heads", "所有头"),
                             [&] { ImGui::Checkbox(tr("all heads", "所有头"), &v.all_heads); }});
        if (v.compare.size() >= 2 || (s.encoding == "alibi" && v.compare.empty() && v.all_heads))
            tools.push_back(colour_scale_tool(v));
        if (s.encoding == "alibi") {
            tools.push_back({7.0f, tr("heads", "头数"),
                             [&] { int_slider(tr("heads", "头数"), s.heads, 1, 64); }});
            tools.push_back(
                {7.0f, tr("head", "第几个头"), [&] { head_slider(tr("head", "第几个头"), s); }});
        } else if (s.encoding == "t5") {
            tools.push_back({7.0f, tr("buckets", "桶数"),
                             [&] { int_slider(tr("buckets", "桶数"), s.num_buckets, 2, 128); }});
            tools.push_back({0.0f, tr("bidirectional", "双向"), [&] {
                                 ImGui::Checkbox(tr("bidirectional", "双向"), &s.bidirectional);
                             }});
        }
        tools.push_back({0.0f, tr("causal", "因果"),
                         [&] { ImGui::Checkbox(tr("causal", "因果"), &s.causal); }});
        tools.push_back(reset_view_tool());
        tool_rows(tools);
    }
    show_view(app, ViewId::Bias);
}

// The rotation's play button, as wide whichever it says: the controls after it stay put.
void play_button(ViewSettings& v) {
    const char* pause = tr("‖ Pause###play", "‖ 暂停###play");
    const char* play = tr("▶ Play###play", "▶ 播放###play");
    const float width = std::max(ImGui::CalcTextSize(pause, nullptr, true).x,
                                 ImGui::CalcTextSize(play, nullptr, true).x) +
                        2.0f * ImGui::GetStyle().FramePadding.x;
    if (ImGui::Button(v.playing ? pause : play, ImVec2(width, 0.0f))) v.playing = !v.playing;
}

void rotation_view(App& app, ViewSettings& v) {
    ViewRuntime& rt = app.runtime[size_t(ViewId::Rotation)];
    const int frames = rotation_frames(app.scene);
    v.position = std::clamp(v.position, 0, frames - 1);
    v.key_position = std::clamp(v.key_position, 0, frames - 1);
    v.speed = playable_speed(v.speed);  // files are refused outside it; this covers code
    if (v.playing && app.animate)
        step_rotation(v, rotation_steps(rt.rotation_clock, ImGui::GetIO().DeltaTime, v.speed),
                      frames);
    if (tools_shown(app))
        tool_rows(
            {{0.0f, "◀",
              [&] {
                  if (ImGui::Button("◀")) step_rotation(v, -1, frames);
              }},
             {0.0f, "▶ Play", [&] { play_button(v); }},
             {0.0f, "▶",
              [&] {
                  if (ImGui::Button("▶")) step_rotation(v, 1, frames);
              }},
             {9.0f, "m",
              [&] {
                  const int before = v.position;
                  if (int_slider("m", v.position, 0, frames - 1) && v.together) {
                      const int m = v.position;
                      v.position = before;
                      step_rotation(v, m - before, frames);
                  }
              }},
             {9.0f, "n", [&] { int_slider("n", v.key_position, 0, frames - 1); }},
             {0.0f, tr("m and n together", "m 与 n 同步"),
              [&] {
                  ImGui::Checkbox(tr("m and n together", "m 与 n 同步"), &v.together);
                  if (ImGui::IsItemHovered())
                      ImGui::SetTooltip("%s", tr("◀ ▶, Play and m move the key too: m − n stays, "
                                                 "and so does qₘ·kₙ",
                                                 "◀ ▶、播放与 m 同时移动键的位置：m − n 不变，"
                                                 "qₘ·kₙ 也不变"));
              }},
             {7.0f, tr("speed", "速度"),
              [&] {
                  double lo = k_min_speed, hi = k_max_speed;
                  ImGui::SliderScalar(tr("speed", "速度"), ImGuiDataType_Double, &v.speed, &lo, &hi,
                                      tr("%.2g pos/s", "%.2g 位置/秒"),
                                      ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
              }},
             {9.0f, tr("base", "基数"), [&] { base_slider(tr("base", "基数"), app.scene); }}});
    show_view(app, ViewId::Rotation);
}

void decay_view(App& app, ViewSettings& v) {
    if (tools_shown(app))
        tool_rows(
            {length_tool(app, ViewId::Decay),
             {9.0f, tr("base", "基数"), [&] { base_slider(tr("base", "基数"), app.scene); }},
             {10.0f, tr("compare", "对比"), [&] { list_field(tr("compare", "对比"), v.compare); }},
             {0.0f, tr("log distance", "对数距离"),
              [&] { ImGui::Checkbox(tr("log distance", "对数距离"), &v.log_x); }}});
    show_view(app, ViewId::Decay);
}

void permutation_view(App& app) {
    if (tools_shown(app))
        tool_rows({length_tool(app, ViewId::Permutation),
                   {9.0f, tr("encoding", "编码"),
                    [&] { encoding_combo(tr("encoding", "编码"), app.scene.encoding); }},
                   {6.0f, tr("seed", "种子"), [&] {
                        const uint64_t step = 1;
                        ImGui::InputScalar(tr("seed", "种子"), ImGuiDataType_U64, &app.scene.seed,
                                           &step);
                    }}});
    show_view(app, ViewId::Permutation);
}

void terms_view(App& app) {
    if (tools_shown(app))
        tool_rows({length_tool(app, ViewId::Terms), {6.0f, tr("content", "内容"), [&] {
                                                         content_combo(tr("content", "内容"),
                                                                       app.scene);
                                                     }}});
    show_view(app, ViewId::Terms);
}

void figure_view(App& app, ViewSettings& v) {
    if (tools_shown(app))
        tool_rows({{10.0f, tr("figure", "图"),
                    [&] {
                        if (ImGui::BeginCombo(tr("figure", "图"), v.figure.c_str())) {
                            for (const std::string& name : figure_names())
                                if (ImGui::Selectable(name.c_str(), name == v.figure))
                                    v.figure = name;
                            ImGui::EndCombo();
                        }
                    }},
                   {9.0f, tr("encoding", "编码"),
                    [&] { encoding_combo(tr("encoding", "编码"), app.scene.encoding); }},
                   length_tool(app, ViewId::Figure)});
    show_view(app, ViewId::Figure);
}

void draw_view(App& app, ViewId id) {
    ViewSettings& v = settings_of(app.views, id);
    switch (id) {
        case ViewId::Wavelengths:
            return wavelengths_view(app, v);
        case ViewId::Matrices:
            return matrices_view(app);
        case ViewId::Attention:
            return attention_view(app, v);
        case ViewId::Bias:
            return bias_view(app, v);
        case ViewId::Rotation:
            return rotation_view(app, v);
        case ViewId::Decay:
            return decay_view(app, v);
        case ViewId::Permutation:
            return permutation_view(app);
        case ViewId::Terms:
            return terms_view(app);
        case ViewId::Figure:
            return figure_view(app, v);
    }
}

}  // namespace

PlotStyle plot_style(const App& app) {
    PlotStyle s;
    s.theme = &figure_theme(app.theme, app.lecture);
    s.body = app.fonts.body;
    s.heading = app.fonts.heading;
    s.pixels_per_point = k_screen_pixels_per_point * ui_scale(app);
    s.subtitle = tools_shown(app);  // the parameters the controls set: small print too
    if (app.lecture) {
        s.title = false;
        s.map_stretch = k_lecture_map_stretch;
    }
    return s;
}

std::optional<ViewId> export_target(const App& app) {
    ViewAreas areas{};
    for (size_t i = 0; i < areas.size(); ++i) areas[i] = app.runtime[i].window_area;
    return export_view(app.clicked_view, areas);
}

const ViewRequest* focused_request(const App& app) {
    const std::optional<ViewId> view = export_target(app);
    if (!view) return nullptr;
    const ViewRuntime& rt = app.runtime[size_t(*view)];
    const auto& request = rt.jobs[size_t(rt.focused_figure)].last_request();
    return request ? &*request : nullptr;
}

namespace {

// One view's window and its contents; false when its close button was clicked.
// Tabs for the views that share this one's tile (none: `tabs` is empty); a click on another
// shows that one in the tile instead.
void view_tabs(App& app, ViewId id, const std::vector<ViewId>& tabs) {
    if (tabs.empty() || !ImGui::BeginTabBar("##views")) return;
    for (ViewId tab : tabs) {
        const ViewInfo& info = view_info(tab);
        const std::string label = std::string(tr(info.title_en, info.title_zh)) + "###" + info.key;
        if (tab == id) {
            if (ImGui::BeginTabItem(label.c_str())) ImGui::EndTabItem();
        } else if (ImGui::TabItemButton(label.c_str())) {
            app.tab_view = tab;
            app.layout_dirty = true;  // the newly shown window takes the tile
        }
    }
    ImGui::EndTabBar();
}

bool view_window(App& app, ViewId id, ImGuiWindowFlags flags,
                 const std::vector<ViewId>& tabs = {}) {
    const ViewInfo& info = view_info(id);
    const std::string title = std::string(tr(info.title_en, info.title_zh)) + "###" + info.key;
    bool keep_open = true;
    if (ImGui::Begin(title.c_str(), &keep_open,
                     flags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                         ImGuiWindowFlags_NoCollapse | unfilled_if_alone(title.c_str()))) {
        // A click is the user's choice; focus alone is not (ImGui focuses each new window).
        if (ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows) &&
            (ImGui::IsMouseClicked(ImGuiMouseButton_Left) ||
             ImGui::IsMouseClicked(ImGuiMouseButton_Right)))
            app.clicked_view = id;
        const ImVec2 size = ImGui::GetWindowSize();
        app.runtime[size_t(id)].window_area = size.x * size.y;
        view_tabs(app, id, tabs);
        draw_view(app, id);
    }
    ImGui::End();
    return keep_open;
}

}  // namespace

float readable_plot(const App& app) {
    return 120.0f * ui_scale(app);
}

std::vector<ViewId> open_views(const App& app) {
    std::vector<ViewId> open;
    for (const ViewInfo& info : view_infos())
        if (settings_of(app.views, info.id).open) open.push_back(info.id);
    return open;
}

void draw_views(App& app, const Desk& desk) {
    const bool retile = app.layout_dirty;
    app.layout_dirty = false;
    const std::vector<ViewId> open = open_views(app);
    for (ViewRuntime& rt : app.runtime) {
        rt.window_area = 0.0f;
        rt.shown_slot = -1;
        rt.smallest_plot = 0.0f;
        rt.squeezed = false;
    }
    auto tile_of = [&](size_t i) {
        return i < desk.tile_of_view.size() ? size_t(desk.tile_of_view[i]) : i;
    };
    for (size_t i = 0; i < open.size(); ++i) {
        std::vector<ViewId> tabs;
        for (size_t j = 0; j < open.size(); ++j)
            if (tile_of(j) == tile_of(i)) tabs.push_back(open[j]);
        if (tabs.size() == 1) {
            tabs.clear();
        } else {
            // The tab chosen last, or the tile's first view where it holds no such choice.
            const bool chosen = std::find(tabs.begin(), tabs.end(), app.tab_view) != tabs.end();
            if (open[i] != (chosen ? *app.tab_view : tabs.front())) continue;
        }
        const size_t tile = tile_of(i);
        if (retile && tile < desk.views.size()) {
            const Tile& t = desk.views[tile];
            ImGui::SetNextWindowPos(ImVec2(t.x, t.y), ImGuiCond_Always);
            ImGui::SetNextWindowSize(ImVec2(t.width, t.height), ImGuiCond_Always);
        }
        if (!view_window(app, open[i], 0, tabs)) {
            settings_of(app.views, open[i]).open = false;
            app.layout_dirty = true;
        }
    }
}

void draw_lecture_stage(App& app, const LecturePage& page, const Tile& stage) {
    app.layout_dirty = false;
    for (ViewRuntime& rt : app.runtime) {
        rt.window_area = 0.0f;
        rt.shown_slot = -1;
    }
    app.runtime[size_t(page.view)].shown_slot = page.slot;
    // Placed every frame: the stage is not a window to move; its view's name is in the
    // storyline bar, beside the Tab hint.
    ImGui::SetNextWindowPos(ImVec2(stage.x, stage.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(stage.width, stage.height), ImGuiCond_Always);
    // Without the small print, no padding above or below the figure (lecture_layout.h).
    const ImVec2 padding = ImGui::GetStyle().WindowPadding;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding,
                        ImVec2(padding.x, tools_shown(app) ? padding.y : 0.0f));
    view_window(app, page.view,
                ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
    ImGui::PopStyleVar();
}

}  // namespace posviz::gui
