// Seed 000 ch. 1: self-attention without positions is permutation-equivariant. Rows: no PE, then
// the scene's encoding; columns: attention(X), attention(PX), and attention(PX) − P·attention(X)·Pᵀ
// — how far attention(PX) is from merely permuting attention(X). Without a PE that difference is
// zero (white); with one it is not, and its largest value is in the panel title.
#include "core/analyses/permutation.h"

#include <algorithm>

#include "core/figures/builders.h"
#include "core/figures/panels.h"

namespace posviz {

Figure permutation_figure(const Scene& scene, const FigureOptions& options) {
    check_square_picture_size(scene);
    const Text t{options.lang};
    const Matrix content = make_content(scene).queries;
    const PermutationStudy blind = permutation_study(NoPE{}, content, scene.seed);
    const PermutationStudy seeing = permutation_study(make_encoding(scene), content, scene.seed);
    const Matrix blind_difference = blind.attention_px - blind.permuted_attention_x;
    const Matrix seeing_difference = seeing.attention_px - seeing.permuted_attention_x;

    // Probabilities share [0, max]; both difference panels share one symmetric scale, so that the
    // no-PE row shows as white (zero) next to the encoding's.
    double largest = 1e-12;
    for (const Matrix* m :
         {&blind.attention_x, &blind.attention_px, &seeing.attention_x, &seeing.attention_px})
        largest = std::max(largest, max_abs_finite(*m));
    const double difference =
        std::max({max_abs_finite(blind_difference), max_abs_finite(seeing_difference), 1e-12});

    Figure figure;
    auto add_row = [&](const PermutationStudy& study, const Matrix& diff, const std::string& who,
                       double residual) {
        for (const Matrix* m : {&study.attention_x, &study.attention_px}) {
            Panel panel = attention_panel(*m, true, t);
            panel.title =
                who + t(": ", "：") + (m == &study.attention_x ? "attention(X)" : "attention(PX)");
            panel.heatmap->vmax = largest;
            panel.heatmap->colorbar = m == &study.attention_px;
            figure.panels.push_back(std::move(panel));
        }
        Panel panel = attention_panel(diff, false, t);
        panel.heatmap->limits = ColourLimits::Fixed;
        panel.heatmap->vmin = -difference;
        panel.heatmap->vmax = difference;
        panel.heatmap->colorbar_label = t("difference", "差");
        panel.title = "attention(PX) − P·attention(X)·Pᵀ\n" + t("largest: ", "最大绝对值：") +
                      format_number(residual, 2);
        figure.panels.push_back(std::move(panel));
    };
    add_row(blind, blind_difference, t("no PE", "无位置编码"), blind.residual_without_pe);
    add_row(seeing, seeing_difference, encoding_title(scene.encoding), seeing.residual_with_pe);
    for (size_t i = 0; i < figure.panels.size(); ++i)
        if (i % 3 != 0) figure.panels[i].y.label.clear();

    figure.title = t("Permuting the tokens: without a PE, attention is permuted along",
                     "打乱词元顺序：没有位置编码时，注意力随之置换");
    figure.subtitle = join_parts(
        {scene_sizes(scene), scene_content(scene, t) + t(" as both q and k", "，同时作为 q 与 k"),
         t("permutation P from seed ", "置换 P 的种子 ") + std::to_string(scene.seed)});
    figure.rows = 2;
    figure.cols = 3;
    figure.width_in = 13.5;
    figure.height_in = 8.6;
    return figure;
}

}  // namespace posviz
