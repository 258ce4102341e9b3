#include "app/cli/figure_options.h"

#include <filesystem>

#include "app/render/animation.h"
#include "app/render/export.h"
#include "core/figure/theme.h"
#include "core/figures/figures.h"
#include "core/input_error.h"

namespace posviz {

void add_figure_export_options(CLI::App& cmd, FigureExportOptions& o) {
    cmd.add_option("--width", o.width_in, "figure width in inches (default: the figure's own)")
        ->check(CLI::Range(0.5, 100.0));
    cmd.add_option("--height", o.height_in, "figure height in inches (default: the figure's own)")
        ->check(CLI::Range(0.5, 100.0));
    cmd.add_option("--dpi", o.dpi, "pixels per inch of .png/.gif/.mp4 output")
        ->check(CLI::Range(10, 1200))
        ->capture_default_str();
    cmd.add_option("--theme", o.theme, "light (paper) or dark (slides)")->capture_default_str();
    cmd.add_flag("--transparent", o.transparent, "PNG without a background");
    cmd.add_option("--colormap", o.colormap, "viridis|magma|cividis|RdBu_r (default: per figure)");
    cmd.add_option("--lang", o.lang, "label language: en or zh")->capture_default_str();
    cmd.add_flag("--log-x", o.log_x, "decay: relative distance on a log axis");
    cmd.add_option("--frames", o.frames, "rotation animation: number of frames (positions m)")
        ->check(CLI::Range(1, 10000))
        ->capture_default_str();
    cmd.add_option("--fps", o.fps, "rotation animation: frames per second")
        ->check(CLI::Range(1, 60))
        ->capture_default_str();
}

void export_scene_figure(const Scene& scene, const FigureExportOptions& o,
                         const std::string& out_path, ScoresBackend* scores_backend) {
    if (o.lang != "en" && o.lang != "zh") throw InputError("--lang", o.lang, "en or zh");
    const FigureOptions figure_options{o.lang, o.colormap, o.log_x, scores_backend};
    const ExportOptions export_options{o.width_in, o.height_in,   o.dpi,
                                       o.theme,    o.transparent, o.lang};
    find_theme(o.theme);
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
            [&](int f) { return build_rotation_frame(scene, figure_options, f, o.frames); },
            animation, out_path);
        return;
    }
    export_figure(build_figure(scene, figure_options), export_options, out_path);
}

}  // namespace posviz
