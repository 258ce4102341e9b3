// Command-line options for pictures (`posviz export FIGURE -o out.png|.svg|.pdf|.gif|.mp4`):
//   --width, --height  figure size in inches (default: the figure's own, e.g. 6.4 × 4.8); PNG,
//                      GIF and MP4 pixels are inches × --dpi, SVG and PDF pages are in points
//   --dpi              pixels per inch for PNG/GIF/MP4, 10..1200 (default 150)
//   --theme            light (paper) | dark (slides)
//   --transparent      PNG without background
//   --colormap         viridis|magma|cividis|RdBu_r, replacing each figure's default
//   --lang             en | zh (Simplified Chinese labels, Noto Sans CJK SC)
//   --log-x            decay: relative distance on a log axis
//   --frames, --fps    rotation animation length and speed (.gif/.mp4)
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "core/figures/figures.h"
#include "core/scene.h"

namespace posviz {

struct FigureExportOptions {
    double width_in = 0.0;  // 0: the figure's designed size
    double height_in = 0.0;
    int dpi = 150;
    std::string theme = "light";
    bool transparent = false;
    std::string colormap;
    std::string lang = "en";
    bool log_x = false;
    int frames = 48;
    int fps = 12;
};

void add_figure_export_options(CLI::App& cmd, FigureExportOptions& options);

// Builds scene.figure and writes it to out_path: .png/.svg/.pdf for every figure, .gif/.mp4 for
// `rotation` only. InputError("-o", ...) for other extensions or combinations. `scores_backend`,
// if given, computes the scores figure's matrices (the GPU).
void export_scene_figure(const Scene& scene, const FigureExportOptions& options,
                         const std::string& out_path, ScoresBackend* scores_backend = nullptr);

}  // namespace posviz
