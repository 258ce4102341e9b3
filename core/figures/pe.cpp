// The absolute PE matrix: positions down, dimensions across, signed values on a diverging map
// (white = 0). For the sinusoidal PE, the fast stripes on the left are the high frequencies; a
// learned table shorter than L shows the positions it has no row for masked.
#include "core/figures/builders.h"
#include "core/figures/panels.h"

namespace posviz {

Figure pe_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Panel panel =
        matrix_panel(absolute_pe_drawn(scene), "RdBu_r", ColourLimits::Symmetric,
                     t("dimension d", "维度 d"), t("position pos", "位置 pos"), "PE(pos, d)");
    mark_missing_rows(panel, missing_rows_from(scene), scene.seq_len, t);
    Figure figure;
    figure.title =
        encoding_title(scene.encoding) + t(" positional encoding matrix", " 位置编码矩阵");
    figure.subtitle =
        join_parts({scene_sizes(scene),
                    scene.encoding == "sinusoidal" ? "base = " + format_number(scene.base, 6) : "",
                    scene.encoding == "sinusoidal"
                        ? t("layout: ", "排列：") +
                              (scene.sinusoidal_layout == "halves"
                                   ? t("halves (sin | cos)", "前后两半（sin | cos）")
                                   : t("interleaved (sin, cos, …)", "交错（sin, cos, …）"))
                        : ""});
    figure.panels = {panel};
    figure.width_in = 7.0;
    figure.height_in = 5.6;
    return figure;
}

}  // namespace posviz
