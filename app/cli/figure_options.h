// Command-line options for pictures (`posviz export FIGURE -o out.png|.svg|.pdf|.gif|.mp4`):
//   --width, --height  figure size in inches (default: the figure's own, e.g. 6.4 × 4.8); PNG,
//                      GIF and MP4 pixels are inches × --dpi, SVG and PDF pages are in points
//   --size             column|text|slide|poster: a width and height (each replaced by --width or
//                      --height when given); type and layout follow the size
//   --font-size        points of the axis labels (default: set for the size)
//   --cols             panels per row (default: the grid that fits the canvas)
//   --panel-labels     (a), (b), … before the panel titles
//   --annotate         each cell's value written in matrices of at most 16 × 16
//   --title, --subtitle  replace the figure's own; "none" leaves it out
//   --dpi              pixels per inch for PNG/GIF/MP4, 10..1200 (default 150)
//   --theme            light (paper) | dark (slides)
//   --transparent      PNG without background
//   --colormap         viridis|magma|cividis|RdBu_r|gray|Greys|Blues (colormap_names()), replacing
//                      the one chosen for the data
//   --scale            auto|shared|per-panel: one colour scale for compared maps or one each
//   --vmin, --vmax     colour limits of every heatmap
//   --norm             linear|log|power:γ, how values map to colours (default: the figure's own)
//   --lang             en | zh (Simplified Chinese labels, Noto Sans CJK SC)
//   --log-x            decay: relative distance on a log axis
//   --split            curves: one panel per dimension
//   --all-heads        bias with alibi: one matrix per head
//   --difference       scores with two --compare encodings: a third panel A − B
//   --frames, --fps    rotation animation length and speed (.gif/.mp4)
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "core/figures/figures.h"
#include "core/scene.h"

namespace posviz {

struct FigureExportOptions {
    double width_in = 0.0;  // 0: the figure's designed size
    double height_in = 0.0;
    std::string size;                 // empty or a name of k_figure_sizes (figure_options.cpp)
    std::optional<double> font_size;  // unset: set for the canvas
    std::optional<int> cols;          // unset: the grid that fits the canvas
    double map_stretch = 1.0;         // PanelView::map_stretch (core/layout/panel_layout.h)
    bool panel_labels = false;
    bool annotate = false;                       // numbers in the cells of matrices up to 16 × 16
    std::optional<std::string> title, subtitle;  // unset: the figure's own; "none": none
    int dpi = 150;
    std::string theme = "light";
    bool transparent = false;
    std::string colormap;
    std::string scale = "auto";
    std::optional<double> vmin, vmax;
    std::string norm;  // empty: the figure's own
    std::string lang = "en";
    bool log_x = false;
    bool split = false;       // curves: one panel per dim
    bool all_heads = false;   // bias: every ALiBi head
    bool difference = false;  // scores: A − B of two compared encodings
    int frames = 48;
    int fps = 12;
};

void add_figure_export_options(CLI::App& cmd, FigureExportOptions& options);

// Builds scene.figure and writes it to out_path: .png/.svg/.pdf for every figure, .gif/.mp4 for
// `rotation` only. InputError naming the option for a value out of range (a non-finite --width,
// --dpi 0, a picture too large, ...), InputError("-o", ...) for other extensions or combinations.
// `scores_backend`, if given, computes the scores figure's matrices (the GPU).
void export_scene_figure(const Scene& scene, const FigureExportOptions& options,
                         const std::string& out_path, ScoresBackend* scores_backend = nullptr);

// The same picture's bytes in memory, for extension ".png", ".svg" or ".pdf" (the Python module's
// Jupyter display); InputError("-o") for another.
std::string render_scene_figure(const Scene& scene, const FigureExportOptions& options,
                                const std::string& extension,
                                ScoresBackend* scores_backend = nullptr);

// The figure model the picture draws (titles replaced as the options say), for callers that read
// its numbers (the Python module's Figure.data for figures without a data table).
Figure build_scene_figure(const Scene& scene, const FigureExportOptions& options);

}  // namespace posviz
