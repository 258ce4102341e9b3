// RoPE context extension: the wavelength of every pair under each scaling (none, linear/PI, NTK,
// dynamic NTK, YaRN, Llama 3, and the model's own method with its config's parameters, e.g.
// Phi-3.5's LongRoPE) for a context of L positions, against the training length. Linear
// stretches every wavelength; NTK mostly the long ones; YaRN and Llama 3 leave the short ones.
#include "core/analyses/rope_extension.h"
#include "core/figures/builders.h"
#include "core/figures/data_columns.h"
#include "core/figures/panels.h"

namespace posviz {

Figure scalings_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Scene data_scene = scene;
    data_scene.figure = "scalings";
    const DataTable table = compute_figure_data(data_scene);
    Panel panel =
        pair_scalings_panel(table, t("wavelength 2π/θᵢ (positions)", "波长 2π/θᵢ（位置数）"), t);
    const std::vector<double> i = table_column(table, "i");
    auto level = [&](const std::string& label, double length, bool dashed) {
        LineSeries s = line(label, {i.front(), i.back()}, {length, length}, 0);
        s.colour = Colour::muted();
        s.dash = dashed ? LineDash::Dashed : LineDash::Solid;
        s.width = 1.0;
        panel.lines.push_back(s);
    };
    level(t("context L = ", "上下文 L = ") + std::to_string(scene.seq_len), scene.seq_len, true);
    const int train_len = training_length(scene);
    if (train_len != scene.seq_len)
        level(t("training length ", "训练长度 ") + std::to_string(train_len), train_len, false);

    return wide_plot_figure(
        panel, t("RoPE scalings: wavelength of each pair", "RoPE 缩放方法：各维度对的波长"),
        join_parts({scene_sizes(scene), "base = " + format_number(scene.base, 6),
                    t("scalings for ×", "缩放倍数 ×") + format_number(comparison_factor(scene))}));
}

}  // namespace posviz
