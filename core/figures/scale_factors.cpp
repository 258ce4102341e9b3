// How much each RoPE scaling slows each pair: θ′ᵢ/θᵢ against pair index i, one line per scaling
// (none, linear/PI, NTK, dynamic NTK at L, YaRN, Llama 3, and the model's own method), on a log
// axis in powers of two. Read off directly: linear divides every frequency by the factor; NTK
// mostly the slow pairs; Llama 3 leaves the fast pairs (ratio 1), divides the slow ones by the
// factor and ramps smoothly between (Llama 3.1's rope_scaling, transformers'
// _compute_llama3_parameters); YaRN ramps from 1 to 1/factor between the pairs turning β_fast and
// β_slow times in training (Peng et al. 2023, eq. 17-18).
#include <algorithm>
#include <cmath>

#include "core/analyses/rope_extension.h"
#include "core/figures/builders.h"
#include "core/figures/data_columns.h"
#include "core/figures/panels.h"

namespace posviz {

namespace {

// Ticks at 1, 1/2, 1/4, … down to the smallest ratio drawn, every k-th so that at most 8 remain.
void power_of_two_ticks(Axis& axis, double smallest) {
    const int octaves = std::max(1, int(std::ceil(-std::log2(smallest) - 1e-9)));
    const int every = octaves / 8 + 1;
    axis.min = std::ldexp(1.0, -octaves) / 1.25;
    axis.max = 1.25;
    for (int k = 0; k <= octaves; k += every) {
        axis.ticks.push_back(std::ldexp(1.0, -k));
        axis.tick_labels.push_back(k == 0 ? "1" : "1/" + format_number(std::ldexp(1.0, k), 12));
    }
}

}  // namespace

Figure scale_factors_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Scene data_scene = scene;
    data_scene.figure = "scale-factors";
    const DataTable table = compute_figure_data(data_scene);
    // The axis label stays short enough for a paper column; the subtitle says what θ′ᵢ is.
    Panel panel = pair_scalings_panel(table, "θ′ᵢ / θᵢ", t);
    double smallest = 1.0;
    for (const LineSeries& line : panel.lines)
        for (double r : line.y)
            if (r > 0.0 && std::isfinite(r)) smallest = std::min(smallest, r);
    power_of_two_ticks(panel.y, smallest);

    return wide_plot_figure(
        panel,
        t("RoPE scalings: how much each pair slows down", "RoPE 缩放方法：各维度对的减速倍数"),
        join_parts({t("θ′ᵢ: pair i's frequency scaled, θᵢ: unscaled",
                      "θ′ᵢ：缩放后维度对 i 的频率，θᵢ：缩放前"),
                    scene_sizes(scene), "base = " + format_number(scene.base, 6),
                    t("training length ", "训练长度 ") + std::to_string(training_length(scene)),
                    t("scalings for ×", "缩放倍数 ×") + format_number(comparison_factor(scene))}));
}

}  // namespace posviz
