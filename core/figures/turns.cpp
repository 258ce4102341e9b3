// How far each RoPE pair turns: full turns within the training length, before and after the
// scene's scaling, and over the whole context L. A pair below one turn in training never saw
// the angles that longer contexts reach (YaRN, Peng et al. 2023 §3.2).
#include <algorithm>

#include "core/analyses/rope_bounds.h"
#include "core/analyses/rope_extension.h"
#include "core/figures/builders.h"
#include "core/figures/data_columns.h"
#include "core/figures/panels.h"

namespace posviz {

Figure turns_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Scene data_scene = scene;
    data_scene.figure = "turns";
    const DataTable table = compute_figure_data(data_scene);
    const std::vector<double> i = table_column(table, "i");
    const std::vector<double> before = table_column(table, "turns_before");
    const std::string train = std::to_string(training_length(scene));
    const std::string context = std::to_string(scene.seq_len);
    Panel panel =
        plot_panel("", t("pair index i", "维度对序号 i"), t("full turns", "完整旋转圈数"));
    panel.y.scale = AxisScale::Log;
    panel.legend = LegendPosition::Outside;
    panel.lines.push_back(
        line(t("in training (" + train + "), unscaled", "训练长度 " + train + " 内，未缩放"), i,
             before, 0));
    panel.lines.push_back(
        line(t("in training (" + train + "), scaled", "训练长度 " + train + " 内，缩放后"), i,
             table_column(table, "turns_after"), 1));
    panel.lines.push_back(
        line(t("over L = " + context + ", scaled", "L = " + context + " 内，缩放后"), i,
             table_column(table, "turns_at_length"), 2));
    LineSeries one = line(t("one turn", "一整圈"), {i.front(), i.back()}, {1.0, 1.0}, 0);
    one.colour = Colour::muted();
    one.dash = LineDash::Dashed;
    one.width = 1.0;
    panel.lines.push_back(one);
    // The training length's mark on this axis, Liu et al.'s critical dimension (2023): the first
    // pair that does not complete one turn in training — from there on, longer contexts reach
    // angles the model never saw.
    const CriticalDimension critical = scene_critical_dimension(scene);
    const std::string critical_text =
        critical_dimension_text(critical, int(i.size()), training_length(scene), t);
    if (critical.pair < int(i.size())) {
        const std::vector<double> all = table_column(table, "turns_at_length");
        double low = 1.0, high = 1.0;
        for (const std::vector<double>* c : {&before, &all})
            for (double v : *c)
                if (v > 0.0) {
                    low = std::min(low, v);
                    high = std::max(high, v);
                }
        const double at = i[size_t(critical.pair)];
        LineSeries edge =
            line(t("first pair under one turn in " + train +
                       " (critical dim. d_extra = " + std::to_string(critical.dims) + ")",
                   "训练长度 " + train + " 内不足一圈的首个维度对（临界维度 d_extra = " +
                       std::to_string(critical.dims) + "）"),
                 {at, at}, {low, high}, 0);
        edge.colour = Colour::foreground();
        edge.dash = LineDash::Dashed;
        edge.width = 1.0;
        panel.lines.push_back(edge);
    }

    Figure figure;
    figure.title = t("RoPE: how many turns each pair makes", "RoPE：各维度对转过的圈数");
    figure.subtitle = join_parts(
        {scene_sizes(scene), t("scaling: ", "缩放：") + rope_scaling_name(scene.rope_scaling.type),
         critical_text + t(" (Liu et al. 2023)", "（Liu 等，2023）"),
         still_pairs_text(scene_inverse_frequencies(scene), t)});
    figure.panels = {panel};
    figure.width_in = 9.0;
    figure.height_in = 4.6;
    return figure;
}

}  // namespace posviz
