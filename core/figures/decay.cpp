// RoFormer's long-term decay (Su et al. 2021, §3.4.3, Fig. 2): the bound on |q_m·k_n| shrinks as
// the distance grows; one curve per compared base or encoding (variants.h). xPos's curve carries
// its per-pair scale zeta_i^(r/B) (core/analyses/decay.h), so it decays further than RoPE's.
#include "core/analyses/decay.h"

#include <set>

#include "core/figures/builders.h"
#include "core/figures/panels.h"
#include "core/figures/variants.h"

namespace posviz {

namespace {

// "Sⱼ = …" for the subtitle: RoPE's sum, xPos's scaled terms, or both when both are drawn.
std::string partial_sum_formula(const Scene& scene, bool rope, bool xpos, const Text& t) {
    // exp(·) rather than a raised e^(i·r·θ₀): a subscript cannot sit inside a superscript.
    const std::string rope_sum = "Sⱼ = exp(i·r·θ₀) + … + exp(i·r·θⱼ₋₁)";
    if (!xpos) return rope_sum;
    const std::string scale = "ζᵢ = (2i/D + " + format_number(scene.xpos_gamma) + ")/" +
                              format_number(1.0 + scene.xpos_gamma) +
                              ", B = " + format_number(scene.xpos_scale_base);
    const std::string power = superscript_text("r/B");
    if (!rope)
        return "Sⱼ = ζ₀" + power + "·exp(i·r·θ₀) + … + ζⱼ₋₁" + power + "·exp(i·r·θⱼ₋₁), " + scale;
    return rope_sum +
           t(", for xPos each term × ζᵢ" + power + ", ", "，xPos 的每一项再乘 ζᵢ" + power + "，") +
           scale;
}

}  // namespace

Figure decay_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Panel panel = plot_panel("", t("relative distance r = m − n", "相对距离 r = m − n"),
                             t("bound (1/(D/2))·Σⱼ |Sⱼ|", "上界 (1/(D/2))·Σⱼ |Sⱼ|"));
    if (options.log_x) panel.x.scale = AxisScale::Log;
    context_length_axis(panel.x, scene.seq_len);
    const std::vector<Variant> variants = frequency_variants(scene, "decay", t);
    std::set<std::string> encodings;
    for (size_t k = 0; k < variants.size(); ++k) {
        const Matrix bound = scene_decay_bound(variants[k].scene);
        std::vector<double> r(static_cast<size_t>(bound.rows())), value(r.size());
        for (Eigen::Index i = 0; i < bound.rows(); ++i) {
            r[size_t(i)] = bound(i, 0);
            value[size_t(i)] = bound(i, 1);
        }
        panel.lines.push_back(line(variants.size() > 1 ? variants[k].label : "", r, value, int(k)));
        encodings.insert(variants[k].scene.encoding);
    }
    const bool xpos = encodings.count("xpos") > 0;
    Figure figure;
    const std::string source = t(" (RoFormer §3.4.3)", "（RoFormer §3.4.3）");
    figure.title =
        encodings.size() == 1
            ? t("Long-term decay of ", "") +
                  name_then(encoding_title(*encodings.begin(), t), t("", " 的远程衰减")) + source
            : t("Long-term decay", "远程衰减") + source;
    // xPos's formula is long: it gets a line of its own.
    const std::string formula = partial_sum_formula(scene, encodings.size() > 1 || !xpos, xpos, t);
    figure.subtitle = xpos ? join_parts({scene_sizes(scene), base_part(scene)}) + "\n" + formula
                           : join_parts({scene_sizes(scene), base_part(scene), formula});
    figure.panels = {panel};
    figure.width_in = 7.5;
    figure.height_in = 4.4;
    return figure;
}

}  // namespace posviz
