#include "app/cli/figure_options.h"

#include <filesystem>

#include "app/render/animation.h"
#include "app/render/export.h"
#include "core/encodings/checks.h"
#include "core/figure/colormap.h"
#include "core/figure/theme.h"
#include "core/figures/colour_scale.h"
#include "core/figures/figures.h"
#include "core/input_error.h"
#include "core/layout/page_fit.h"
#include "core/sentence.h"

namespace posviz {

namespace {

// The one check of these options (CLI11's Range would let nan through), for the command line and
// the GUI alike.
constexpr double k_min_inches = 0.5, k_max_inches = 100.0;
constexpr int k_min_dpi = 10, k_max_dpi = 1200;
constexpr int k_max_frames = 10000;
constexpr int k_max_fps = 60;
constexpr double k_min_font_size = 6.0, k_max_font_size = 96.0;
constexpr double k_max_map_stretch = 4.0;
constexpr int k_max_cols = 64;

// Decision: the heights that go with each width — a paper column 3.25 × 2.4 in, a text width
// 6.75 × 3.6 in, a 16:9 slide 13.33 × 7.5 in, an A1 poster sheet 33.1 × 23.4 in (landscape).
// On paper only the width is fixed: a column or text-width figure grows taller (up to a page's
// text block, core/layout/page_fit.h) where it would fall short at its height (maps that are
// specks, titles cut, axes down to two labels, legends dropped); a slide and a poster sheet keep
// their heights.
struct FigureSize {
    const char* name;
    double width_in, height_in;
    bool paper;
};
constexpr FigureSize k_figure_sizes[] = {{"column", 3.25, 2.4, true},
                                         {"text", 6.75, 3.6, true},
                                         {"slide", 13.33, 7.5, false},
                                         {"poster", 33.11, 23.39, false}};

std::string figure_size_names() {
    std::string names;
    for (const FigureSize& s : k_figure_sizes)
        names += (names.empty() ? "" : "|") + std::string(s.name);
    return names;
}

const FigureSize& find_figure_size(const std::string& name) {
    for (const FigureSize& s : k_figure_sizes)
        if (name == s.name) return s;
    throw InputError("--size", name, figure_size_names());
}

void check_inches(const char* option, double inches) {
    if (inches == 0.0) return;  // the figure's own size
    if (!(inches >= k_min_inches && inches <= k_max_inches))
        throw InputError(option, format_number(inches),
                         "inches in " + format_number(k_min_inches) + ".." +
                             format_number(k_max_inches) + " (or 0: the figure's own size)");
}

void check_count(const char* option, int value, int min, int max) {
    if (value < min || value > max)
        throw InputError(option, std::to_string(value),
                         "an integer in " + std::to_string(min) + ".." + std::to_string(max));
}

void check_figure_export_options(const FigureExportOptions& o) {
    check_inches("--width", o.width_in);
    check_inches("--height", o.height_in);
    if (!o.size.empty()) find_figure_size(o.size);
    if (o.font_size && !(*o.font_size >= k_min_font_size && *o.font_size <= k_max_font_size))
        throw InputError("--font-size", format_number(*o.font_size),
                         "points in " + format_number(k_min_font_size) + ".." +
                             format_number(k_max_font_size) + " (the axis labels' size)");
    if (o.cols) check_count("--cols", *o.cols, 1, k_max_cols);
    if (!(o.map_stretch >= 1.0 && o.map_stretch <= k_max_map_stretch))
        throw InputError("--map-stretch", format_number(o.map_stretch),
                         "a ratio in 1.." + format_number(k_max_map_stretch) +
                             " (how far a map's cells may stretch; the lecture screen's is 2)");
    check_count("--dpi", o.dpi, k_min_dpi, k_max_dpi);
    check_count("--frames", o.frames, 1, k_max_frames);
    check_count("--fps", o.fps, 1, k_max_fps);
    if (o.lang != "en" && o.lang != "zh") throw InputError("--lang", o.lang, "en or zh");
    find_theme(o.theme);
}

// "(a) " before each panel's title, unless the figure numbers its panels itself (terms'
// Transformer-XL panels are (a)–(d) as in the paper).
void label_panels(Figure& figure) {
    for (size_t i = 0; i < figure.panels.size(); ++i) {
        std::string& title = figure.panels[i].title;
        if (title.size() >= 3 && title[0] == '(' && title[2] == ')') continue;
        const std::string label =
            i < 26 ? std::string("(") + char('a' + i) + ")" : "(" + std::to_string(i + 1) + ")";
        title = title.empty() ? label : label + " " + title;
    }
}

void apply_text_options(Figure& figure, const FigureExportOptions& o) {
    if (o.title) figure.title = *o.title == "none" ? "" : *o.title;
    if (o.subtitle) figure.subtitle = *o.subtitle == "none" ? "" : *o.subtitle;
    if (o.panel_labels) label_panels(figure);
}

}  // namespace

void add_figure_export_options(CLI::App& cmd, FigureExportOptions& o) {
    const std::string inches = ", " + format_number(k_min_inches) + ".." +
                               format_number(k_max_inches) + " (default: the figure's own)";
    cmd.add_option("--width", o.width_in, "figure width in inches" + inches);
    cmd.add_option("--height", o.height_in, "figure height in inches" + inches);
    cmd.add_option("--size", o.size,
                   figure_size_names() +
                       ": a paper column (3.25 × 2.4 in), the text width (6.75 × 3.6 in), a 16:9 "
                       "slide (13.33 × 7.5 in) or an A1 poster (33.1 × 23.4 in); --width and "
                       "--height replace its sides; on paper (column, text) a figure whose "
                       "panels would be specks, or lose text, grows taller, up to 9 in, unless "
                       "--height is given");
    cmd.add_option_function<double>(
        "--font-size", [&o](double v) { o.font_size = v; },
        "points of the axis labels, " + format_number(k_min_font_size) + ".." +
            format_number(k_max_font_size) +
            " (default: set for the size, ~8–9 pt on paper, 18 pt on a slide)");
    cmd.add_option_function<int>(
        "--cols", [&o](int v) { o.cols = v; },
        "panels per row, 1.." + std::to_string(k_max_cols) +
            " (default: the grid that best fits the canvas)");
    cmd.add_option("--map-stretch", o.map_stretch,
                   "how far a matrix's cells may stretch to fill the canvas, as width:height or "
                   "height:width up to this ratio, 1.." +
                       format_number(k_max_map_stretch) +
                       " (default 1: square cells; lecture mode on screen uses 2)");
    cmd.add_flag("--panel-labels", o.panel_labels, "label the panels (a), (b), …");
    cmd.add_flag("--annotate", o.annotate,
                 "write each value in its cell, for matrices of at most 16 × 16 cells");
    cmd.add_option_function<std::string>(
        "--title",
        [&o](const std::string& v) {
            check_left_to_right(v, "--title");
            o.title = v;
        },
        "the figure's title instead of its own; none: no title");
    cmd.add_option_function<std::string>(
        "--subtitle",
        [&o](const std::string& v) {
            check_left_to_right(v, "--subtitle");
            o.subtitle = v;
        },
        "the figure's subtitle instead of its own; none: no subtitle");
    cmd.add_option("--dpi", o.dpi,
                   "pixels per inch of .png/.gif/.mp4 output, " + std::to_string(k_min_dpi) + ".." +
                       std::to_string(k_max_dpi))
        ->capture_default_str();
    cmd.add_option("--theme", o.theme, "light (paper) or dark (slides)")->capture_default_str();
    cmd.add_flag("--transparent", o.transparent, "PNG without a background");
    std::string colormaps;
    for (const std::string& name : colormap_names())
        colormaps += (colormaps.empty() ? "" : "|") + name;
    cmd.add_option(
        "--colormap", o.colormap,
        colormaps + " (default: diverging RdBu_r for signed values, viridis for one-signed)");
    cmd.add_option("--scale", o.scale,
                   "compared heatmaps (scores, bias): shared, per-panel, or auto (shared when "
                   "their ranges are within " +
                       format_number(k_shared_scale_ratio) + "x)")
        ->capture_default_str();
    cmd.add_option("--vmin", o.vmin, "lower colour limit of every heatmap");
    cmd.add_option("--vmax", o.vmax, "upper colour limit of every heatmap");
    cmd.add_option("--norm", o.norm,
                   "linear|log|power:γ, values to colours (default: log for softmax maps of more "
                   "than 32 keys, else linear)");
    cmd.add_option("--lang", o.lang, "label language: en or zh")->capture_default_str();
    cmd.add_flag("--log-x", o.log_x, "decay: relative distance on a log axis");
    cmd.add_flag("--split", o.split, "curves: one panel per dimension");
    cmd.add_flag("--all-heads", o.all_heads,
                 "bias with --encoding alibi: one matrix per head (0 … --heads − 1)");
    cmd.add_flag("--difference", o.difference,
                 "scores with exactly two --compare encodings: a third panel A − B, on a "
                 "diverging scale of its own centred at 0");
    cmd.add_option(
           "--frames", o.frames,
           "rotation animation: number of frames (positions m), 1.." + std::to_string(k_max_frames))
        ->capture_default_str();
    cmd.add_option("--fps", o.fps,
                   "rotation animation: frames per second, 1.." + std::to_string(k_max_fps))
        ->capture_default_str();
}

namespace {

struct PictureSettings {
    FigureOptions figure;
    ExportOptions page;
};

// The figure's and the page's settings that the picture options give, checked.
PictureSettings picture_settings(const Scene& scene, const FigureExportOptions& o,
                                 ScoresBackend* scores_backend) {
    check_figure_export_options(o);
    PictureSettings p;
    FigureOptions& figure_options = p.figure;
    figure_options = FigureOptions{o.lang, o.colormap, o.log_x, scores_backend};
    figure_options.split = o.split;
    figure_options.all_heads = o.all_heads;
    figure_options.difference = o.difference;
    figure_options.scale = parse_colour_scale(o.scale, "--scale");
    figure_options.vmin = o.vmin;
    figure_options.vmax = o.vmax;
    if (!o.norm.empty()) figure_options.norm = parse_colour_norm(o.norm, "--norm");
    check_colour_options(figure_options);
    ExportOptions& export_options = p.page;
    const FigureSize* size = o.size.empty() ? nullptr : &find_figure_size(o.size);
    export_options.width_in = o.width_in > 0.0 ? o.width_in : size ? size->width_in : 0.0;
    export_options.height_in = o.height_in > 0.0 ? o.height_in : size ? size->height_in : 0.0;
    if (size && size->paper && o.height_in <= 0.0)
        export_options.max_height_in = k_tallest_paper_page_in;
    export_options.dpi = o.dpi;
    export_options.theme = o.theme;
    export_options.transparent = o.transparent;
    export_options.lang = o.lang;
    export_options.font_size = o.font_size.value_or(0.0);
    export_options.cols = o.cols.value_or(0);
    export_options.map_stretch = o.map_stretch;
    export_options.annotate = o.annotate;
    export_options.max_bytes = scene.max_bytes;
    return p;
}

}  // namespace

void export_scene_figure(const Scene& scene, const FigureExportOptions& o,
                         const std::string& out_path, ScoresBackend* scores_backend) {
    const PictureSettings settings = picture_settings(scene, o, scores_backend);
    const FigureOptions& figure_options = settings.figure;
    const ExportOptions& export_options = settings.page;
    auto build = [&](Figure figure) {
        apply_text_options(figure, o);
        return figure;
    };
    const std::string extension = std::filesystem::path(out_path).extension().string();
    if (extension != ".png" && extension != ".svg" && extension != ".pdf" && extension != ".gif" &&
        extension != ".mp4")
        throw InputError("-o", out_path, "a file ending in .png, .svg, .pdf, .gif or .mp4");
    if (extension == ".gif" || extension == ".mp4") {
        if (scene.figure != "rotation")
            throw InputError("-o", out_path,
                             "a .png, .svg or .pdf file (only the rotation figure animates)");
        const AnimationOptions animation{export_options, o.frames, o.fps};
        export_animation(
            [&](int f) { return build(build_rotation_frame(scene, figure_options, f, o.frames)); },
            animation, out_path);
        return;
    }
    export_figure(build(build_figure(scene, figure_options)), export_options, out_path);
}

std::string render_scene_figure(const Scene& scene, const FigureExportOptions& o,
                                const std::string& extension, ScoresBackend* scores_backend) {
    const PictureSettings settings = picture_settings(scene, o, scores_backend);
    if (extension != ".png" && extension != ".svg" && extension != ".pdf")
        throw InputError("-o", extension, "a picture in memory: .png, .svg or .pdf");
    Figure figure = build_figure(scene, settings.figure);
    apply_text_options(figure, o);
    if (extension == ".png") return render_png(figure, settings.page);
    if (extension == ".svg") return render_svg(figure, settings.page);
    return render_pdf(figure, settings.page);
}

Figure build_scene_figure(const Scene& scene, const FigureExportOptions& o) {
    const PictureSettings settings = picture_settings(scene, o, nullptr);
    Figure figure = build_figure(scene, settings.figure);
    apply_text_options(figure, o);
    return figure;
}

}  // namespace posviz
