// RoPE past its training length: the largest |logit| against relative distance under each
// scaling (over the first content pairs), one line per scaling on one plot, the training length
// marked. Without scaling, distances past it reach angles never seen in training (YaRN, Peng et
// al. 2023 §3.2); interpolating scalings map them back into the trained range.
#include <algorithm>
#include <cmath>

#include "core/analyses/rope_extension.h"
#include "core/figures/builders.h"
#include "core/figures/data_columns.h"
#include "core/figures/panels.h"

namespace posviz {

namespace {

// At L = 128k one point per distance is a band of noise at any page width (and megabytes of
// SVG): each point drawn is the largest value over a window of distances, drawn at the window's
// middle; the windows keep every peak, as the scores picture's block reduction does. On a linear
// axis k_windows windows of equal width; on a log axis every distance up to k_exact, then
// k_per_octave windows per octave.
constexpr int k_windows = 256;
constexpr int k_exact = 32;
constexpr int k_per_octave = 32;

std::vector<size_t> window_starts(size_t count, bool log) {
    std::vector<size_t> starts;
    const size_t width = (count + k_windows - 1) / k_windows;
    for (size_t start = 0; start < count;) {
        starts.push_back(start);
        const size_t next =
            log ? size_t(std::ceil(double(start) * std::exp2(1.0 / k_per_octave))) : start + width;
        start = log && start < k_exact ? start + 1 : std::max(next, start + 1);
    }
    return starts;
}

struct Windowed {
    std::vector<double> x, y;
};

Windowed window_max(const std::vector<double>& r, const std::vector<double>& value,
                    const std::vector<size_t>& starts) {
    Windowed out;
    for (size_t w = 0; w < starts.size(); ++w) {
        const size_t begin = starts[w], end = w + 1 < starts.size() ? starts[w + 1] : r.size();
        out.x.push_back(0.5 * (r[begin] + r[end - 1]));
        out.y.push_back(*std::max_element(value.begin() + long(begin), value.begin() + long(end)));
    }
    return out;
}

}  // namespace

Figure extrapolation_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Scene data_scene = scene;
    data_scene.figure = "extrapolation";
    const DataTable table = compute_figure_data(data_scene);
    const std::vector<double> r = table_column(table, "r");
    const std::vector<size_t> starts = window_starts(r.size(), options.log_x);

    Panel panel = plot_panel("", t("relative distance r = m − n", "相对距离 r = m − n"),
                             t("largest |logit|", "最大 |logit|"));
    panel.legend = LegendPosition::Outside;
    if (options.log_x) panel.x.scale = AxisScale::Log;
    context_length_axis(panel.x, scene.seq_len);
    panel.y.min = 0.0;
    double top = 0.0;
    for (size_t c = 1; c < table.columns.size(); ++c) {
        const std::string& column = table.columns[c];
        const Windowed w = window_max(r, table_column(table, column), starts);
        top = std::max(top, *std::max_element(w.y.begin(), w.y.end()));
        panel.lines.push_back(scaling_line(column, t, w.x, w.y, int(c - 1)));
    }
    panel.y.max = 1.05 * top;
    const int train_len = training_length(scene);
    if (train_len < scene.seq_len)
        panel.lines.push_back(vertical_marker(
            t("training length ", "训练长度 ") + std::to_string(train_len), train_len, 0.0, top));

    Figure figure;
    figure.title = t("RoPE past the training length: the largest logit at each distance",
                     "超出训练长度的 RoPE：各距离上的最大 logit");
    figure.subtitle = join_parts(
        {scene_sizes(scene), scene_content(scene, t), t("first 16 (q, k) pairs", "前 16 对 (q, k)"),
         t("scalings for ×", "缩放倍数 ×") + format_number(comparison_factor(scene)),
         starts.size() < r.size()
             ? (options.log_x ? t("largest per window of 1/32 octave", "每 1/32 倍频程取最大")
                              : t("largest per window of ", "每 ") + std::to_string(starts[1]) +
                                    t(" distances", " 个距离取最大"))
             : ""});
    figure.panels = {panel};
    figure.width_in = 9.0;
    figure.height_in = 4.6;
    return figure;
}

}  // namespace posviz
