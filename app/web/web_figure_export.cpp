// export_scene_figure (app/cli/figure_options.h) in the page, for the GUI's Export window: the
// figure as SVG written by posviz (web_svg.h), or as PNG drawn from that SVG by the browser
// (index.html's posvizSvgToPng, at 150 pixels per inch as the desktop's default --dpi). PDF, GIF
// and MP4 need cairo or ffmpeg: the desktop app writes them.
#include <emscripten.h>

#include <cmath>
#include <filesystem>

#include "app/cli/figure_options.h"
#include "app/web/web_svg.h"
#include "core/figures/figures.h"
#include "core/formats/atomic_file.h"
#include "core/input_error.h"

namespace posviz {

void export_scene_figure(const Scene& scene, const FigureExportOptions& o,
                         const std::string& out_path, ScoresBackend* scores_backend) {
    const std::filesystem::path path(out_path);
    const std::string extension = path.extension().string();
    if (extension != ".svg" && extension != ".png")
        throw InputError("-o", out_path,
                         "a .svg or .png file in the browser (the desktop app writes .pdf, .gif "
                         "and .mp4)");
    FigureOptions options{o.lang, o.colormap, o.log_x, scores_backend};
    const Figure figure = build_figure(scene, options);
    const std::string svg = web::figure_svg(figure, o.theme, o.lang);
    if (extension == ".svg") {
        write_file_atomically(out_path, svg);
        return;
    }
    const int width = int(std::lround(figure.width_in * o.dpi));
    const int height = int(std::lround(figure.height_in * o.dpi));
    EM_ASM({ posvizSvgToPng(UTF8ToString($0), UTF8ToString($1), $2, $3); }, svg.c_str(),
           path.filename().c_str(), width, height);
}

}  // namespace posviz
