// T5's relative position buckets: the bucket id of every (m, n), and the bucket against the
// distance with its two regimes marked — one bucket per distance below max_exact, logarithmically
// wider buckets up to max_distance, and one shared bucket beyond.
#include <cmath>

#include "core/figures/builders.h"
#include "core/figures/panels.h"
#include "core/input_error.h"

namespace posviz {

Figure buckets_figure(const Scene& scene, const FigureOptions& options) {
    check_square_picture_size(scene);
    const Text t{options.lang};
    const Encoding encoding = make_encoding(scene);
    const auto* t5 = std::get_if<T5Bias>(&encoding);
    if (!t5) throw InputError("--encoding", scene.encoding, "t5 for the buckets figure");
    const int L = scene.seq_len;

    Panel matrix = matrix_panel(t5->buckets(L).cast<double>(), "viridis", ColourLimits::Fixed,
                                t("key position n", "键位置 n"),
                                t("query position m", "查询位置 m"), t("bucket id", "桶编号"));
    matrix.heatmap->vmin = 0.0;
    matrix.heatmap->vmax = t5->num_buckets - 1;
    matrix.title = t("Bucket of (m, n)", "(m, n) 所在的桶");

    Panel curve = plot_panel(t("Bucket against distance", "桶编号随距离的变化"),
                             t("distance m − n", "相对距离 m − n"), t("bucket id", "桶编号"));
    std::vector<double> r, bucket;
    for (int d = -(L - 1); d <= L - 1; ++d) {
        r.push_back(d);
        // transformers' relative_position is key − query = n − m = −d.
        bucket.push_back(
            t5_relative_position_bucket(-d, t5->bidirectional, t5->num_buckets, t5->max_distance));
    }
    curve.lines.push_back(line("", r, bucket, 0));
    curve.lines.back().steps = true;
    // Regime boundaries, on the side(s) of d that have buckets of their own.
    const int half = t5->bidirectional ? t5->num_buckets / 2 : t5->num_buckets;
    const int max_exact = half / 2;
    const double top = double(t5->num_buckets);
    auto mark = [&](double d, const std::string& label, int colour) {
        if (std::abs(d) > L - 1) return;  // outside the distances this L has
        LineSeries s = line(label, {d, d}, {0.0, top}, colour);
        s.dash = LineDash::Dashed;
        s.width = 1.0;
        curve.lines.push_back(s);
    };
    mark(max_exact, t("max_exact = ", "精确区上限 = ") + std::to_string(max_exact), 1);
    mark(t5->max_distance, "max_distance = " + std::to_string(t5->max_distance), 2);
    if (t5->bidirectional) {
        mark(-max_exact, "", 1);
        mark(-t5->max_distance, "", 2);
    }
    curve.legend = LegendPosition::LowerRight;

    Figure figure;
    figure.title = t("T5 relative position buckets", "T5 相对位置分桶");
    figure.subtitle =
        join_parts({scene_sizes(scene), std::to_string(t5->num_buckets) + t(" buckets", " 个桶"),
                    t5->bidirectional ? t("bidirectional", "双向")
                                      : t("causal (unidirectional)", "单向（因果）"),
                    t("exact below max_exact, log-spaced up to max_distance",
                      "max_exact 以内逐一分桶，至 max_distance 按对数分桶")});
    figure.cols = 2;
    figure.panels = {matrix, curve};
    figure.width_in = 11.0;
    figure.height_in = 4.8;
    return figure;
}

}  // namespace posviz
