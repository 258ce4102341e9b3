// RoPE past its training length: the largest |logit| at each relative distance under each
// scaling (over the first content pairs). Without scaling, distances beyond training length
// reach angles never seen in training.
#include <algorithm>

#include "core/figures/builders.h"
#include "core/figures/data_columns.h"
#include "core/figures/panels.h"

namespace posviz {

Figure extrapolation_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Scene data_scene = scene;
    data_scene.figure = "extrapolation";
    const DataTable table = compute_figure_data(data_scene);
    // One panel per scaling on a shared y axis: overlaid, six noisy envelopes hide each other.
    const std::vector<double> r = table_column(table, "r");
    double top = 0.0;
    for (const ScalingColumn& s : scaling_columns())
        for (double v : table_column(table, s.column)) top = std::max(top, v);
    Figure figure;
    int colour = 0;
    for (const ScalingColumn& s : scaling_columns()) {
        Panel panel =
            plot_panel(t(s.label, s.label_zh), t("distance r = m − n", "相对距离 r = m − n"),
                       t("largest |logit|", "最大 |logit|"));
        if (options.log_x) panel.x.scale = AxisScale::Log;
        panel.y.min = 0.0;
        panel.y.max = 1.05 * top;
        panel.lines.push_back(line("", r, table_column(table, s.column), colour++));
        panel.lines.back().width = 0.8;
        figure.panels.push_back(std::move(panel));
    }
    for (size_t i = 0; i < figure.panels.size(); ++i) {
        if (i % 3 != 0) figure.panels[i].y.label.clear();
        if (i < 3) figure.panels[i].x.label.clear();
    }
    figure.title =
        t("RoPE past the training length: logit envelopes", "超出训练长度的 RoPE：logit 包络");
    figure.subtitle = join_parts({scene_sizes(scene), scene_content(scene, t),
                                  t("first 16 (q, k) pairs", "前 16 对 (q, k)")});
    figure.rows = 2;
    figure.cols = 3;
    figure.width_in = 11.0;
    figure.height_in = 6.4;
    return figure;
}

}  // namespace posviz
