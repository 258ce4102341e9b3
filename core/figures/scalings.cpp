// RoPE context extension: the wavelength of every pair under each scaling (none, linear/PI, NTK,
// dynamic NTK, YaRN, Llama 3) for a context of L positions, against the training length. Linear
// stretches every wavelength; NTK mostly the long ones; YaRN and Llama 3 leave the short ones.
#include "core/figures/builders.h"
#include "core/figures/data_columns.h"
#include "core/figures/panels.h"

namespace posviz {

Figure scalings_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Scene data_scene = scene;
    data_scene.figure = "scalings";
    const DataTable table = compute_figure_data(data_scene);
    Panel panel = plot_panel("", t("pair index i", "维度对序号 i"),
                             t("wavelength 2π/θᵢ (positions)", "波长 2π/θᵢ（位置数）"));
    panel.y.scale = AxisScale::Log;
    panel.legend = LegendPosition::Outside;
    const std::vector<double> i = table_column(table, "i");
    int colour = 0;
    for (const ScalingColumn& s : scaling_columns())
        panel.lines.push_back(
            line(t(s.label, s.label_zh), i, table_column(table, s.column), colour++));
    LineSeries context =
        line(t("context L = ", "上下文 L = ") + std::to_string(scene.seq_len),
             {i.front(), i.back()}, {double(scene.seq_len), double(scene.seq_len)}, 0);
    context.colour = Colour::muted();
    context.dashed = true;
    context.width = 1.0;
    panel.lines.push_back(context);

    Figure figure;
    figure.title = t("RoPE scalings: wavelength of each pair", "RoPE 缩放方法：各维度对的波长");
    figure.subtitle = join_parts({scene_sizes(scene), "base = " + format_number(scene.base, 6)});
    figure.panels = {panel};
    figure.width_in = 9.0;
    figure.height_in = 4.6;
    return figure;
}

}  // namespace posviz
