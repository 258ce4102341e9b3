// RoFormer's long-term decay (Su et al. 2021, §3.4.3, Fig. 2): the bound on |q_m·k_n| shrinks as
// the distance grows; one curve per compared base or encoding (variants.h).
#include "core/analyses/decay.h"

#include "core/figures/builders.h"
#include "core/figures/panels.h"
#include "core/figures/variants.h"

namespace posviz {

Figure decay_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Panel panel = plot_panel("", t("relative distance r = m − n", "相对距离 r = m − n"),
                             t("bound (1/(D/2))·Σⱼ |Sⱼ|", "上界 (1/(D/2))·Σⱼ |Sⱼ|"));
    if (options.log_x) panel.x.scale = AxisScale::Log;
    const std::vector<Variant> variants = frequency_variants(scene, "decay", t);
    for (size_t k = 0; k < variants.size(); ++k) {
        const Matrix bound =
            rope_decay_bound(scene_inverse_frequencies(variants[k].scene), scene.seq_len);
        std::vector<double> r(static_cast<size_t>(bound.rows())), value(r.size());
        for (Eigen::Index i = 0; i < bound.rows(); ++i) {
            r[size_t(i)] = bound(i, 0);
            value[size_t(i)] = bound(i, 1);
        }
        panel.lines.push_back(line(variants.size() > 1 ? variants[k].label : "", r, value, int(k)));
    }
    Figure figure;
    figure.title =
        t("Long-term decay of RoPE (RoFormer §3.4.3)", "RoPE 的远程衰减（RoFormer §3.4.3）");
    figure.subtitle =
        join_parts({scene_sizes(scene), base_part(scene), "Sⱼ = e^(i·r·θ₀) + … + e^(i·r·θⱼ₋₁)"});
    figure.panels = {panel};
    figure.width_in = 7.5;
    figure.height_in = 4.4;
    return figure;
}

}  // namespace posviz
