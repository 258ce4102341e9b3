// The absolute PE matrix: positions down, dimensions across, signed values on a diverging map
// (white = 0). For the sinusoidal PE, the fast stripes on the left are the high frequencies; a
// learned table shorter than L shows the positions it has no row for masked. Tensor2Tensor's
// halves layout (every sine, then every cosine: get_timing_signal_1d's concat) gets its two
// halves marked, a line between them and "sin" | "cos" over each, as its notebooks draw it.
#include <utility>

#include "core/figures/builders.h"
#include "core/figures/panels.h"

namespace posviz {

namespace {

void mark_halves(Panel& panel, int dim, int seq_len) {
    const double middle = 0.5 * dim - 0.5;
    LineSeries edge;
    edge.x = {middle, middle};
    edge.y = {-0.5, seq_len - 0.5};
    edge.colour = Colour::foreground();
    edge.width = 1.5;
    panel.lines.push_back(edge);
    for (const auto& [x, text] : {std::pair{0.25, "sin"}, std::pair{0.75, "cos"}})
        panel.annotations.push_back(
            {text, x, 0.93, AnnotationPlace::Box, Anchor::Centre, Colour::foreground(), true});
}

}  // namespace

Figure pe_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Panel panel =
        matrix_panel(absolute_pe_drawn(scene), "RdBu_r", ColourLimits::Symmetric,
                     t("dimension d", "维度 d"), t("position pos", "位置 pos"), "PE(pos, d)");
    mark_missing_rows(panel, missing_rows_from(scene), scene.seq_len, t);
    if (scene.encoding == "sinusoidal" && scene.sinusoidal_layout == "halves")
        mark_halves(panel, scene.dim, scene.seq_len);
    Figure figure;
    figure.title = name_then(encoding_title(scene.encoding, t),
                             t(" positional encoding matrix", " 位置编码矩阵"));
    figure.subtitle = join_parts(
        {scene_sizes(scene),
         scene.encoding == "sinusoidal" ? "base = " + format_number(scene.base, 6) : "",
         scene.encoding == "sinusoidal"
             ? t("layout: ", "排列：") + (scene.sinusoidal_layout == "halves"
                                              ? t("halves (sin | cos)", "前后两半（sin | cos）")
                                              : t("interleaved", "交错"))
             : ""});
    figure.panels = {panel};
    figure.width_in = 7.0;
    figure.height_in = 5.6;
    return figure;
}

}  // namespace posviz
