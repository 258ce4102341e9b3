// Seed 000 ch. 1: self-attention without positions is permutation-equivariant. Rows: no PE, then
// the scene's encoding; columns: attention(X), attention(PX), and attention(PX) − P·attention(X)·Pᵀ
// — how far attention(PX) is from merely permuting attention(X). Without a PE that difference is
// zero (white); with one it is not, and its largest value is in the panel title.
// With a sentence (--content sentence) P reverses it, so "dog bites man" becomes "man bites dog",
// and the maps' rows and columns are labelled with the tokens: without a PE the two sentences'
// maps hold the same numbers, merely reordered, and a repeated word ("the … the") has identical
// rows; with a PE neither holds.
#include "core/analyses/permutation.h"

#include <algorithm>

#include "core/figures/builders.h"
#include "core/figures/panels.h"

namespace posviz {

Figure permutation_figure(const Scene& scene, const FigureOptions& options) {
    check_square_picture_size(scene);
    const Text t{options.lang};
    const Matrix content = make_content(scene).queries;
    const std::vector<std::string> tokens = scene_tokens(scene);
    std::vector<int> permutation;
    if (!tokens.empty()) {
        for (int r = int(tokens.size()) - 1; r >= 0; --r) permutation.push_back(r);
    }
    auto study = [&](const Encoding& encoding) {
        return tokens.empty() ? permutation_study(encoding, content, scene.seed)
                              : permutation_study(encoding, content, permutation);
    };
    const PermutationStudy blind = study(NoPE{});
    const PermutationStudy seeing = study(make_encoding(scene));
    std::vector<std::string> permuted_tokens;
    for (const int from : blind.permutation)
        if (!tokens.empty()) permuted_tokens.push_back(tokens[size_t(from)]);
    // Panel names: X and PX, or the two sentences themselves.
    auto quoted = [&](const std::vector<std::string>& words) {
        std::string text;
        for (const std::string& w : words) {
            if (text.size() + w.size() > 32) return "“" + text + " …”";
            text += (text.empty() ? "" : " ") + w;
        }
        return "“" + text + "”";
    };
    const std::string x_name = tokens.empty() ? "X" : quoted(tokens);
    const std::string px_name = tokens.empty() ? "PX" : quoted(permuted_tokens);
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
            const bool original = m == &study.attention_x;
            Panel panel = attention_panel(*m, true, t);
            panel.title = who + t(": ", "：") + t("attention(", "注意力(") +
                          (original ? x_name : px_name) + ")";
            const std::vector<std::string>& words = original ? tokens : permuted_tokens;
            label_with_tokens(panel, words, words, t);
            panel.heatmap->vmax = largest;
            panel.heatmap->colorbar = m == &study.attention_px;
            panel.heatmap->norm = probability_norm(scene.seq_len);
            figure.panels.push_back(std::move(panel));
        }
        Panel panel = attention_panel(diff, false, t);
        panel.heatmap->limits = ColourLimits::Fixed;
        panel.heatmap->vmin = -difference;
        panel.heatmap->vmax = difference;
        panel.heatmap->colorbar_label = t("difference", "差");
        // Without a PE the difference is zero but for rounding, which differs between machines
        // (0 on the desktop, 2.2e−16 in the browser): under 10⁻¹² of probabilities that are at most
        // 1 it is said as such, the same everywhere.
        constexpr double k_rounding = 1e-12;
        panel.title = t("attention(PX) − P·attention(X)·Pᵀ\n", "注意力(PX) − P·注意力(X)·Pᵀ\n") +
                      t("largest: ", "最大绝对值：") +
                      (residual < k_rounding ? "< 10⁻¹²" : format_number(residual, 2));
        label_with_tokens(panel, permuted_tokens, permuted_tokens, t);
        figure.panels.push_back(std::move(panel));
    };
    add_row(blind, blind_difference, t("no PE", "无位置编码"), blind.residual_without_pe);
    add_row(seeing, seeing_difference, encoding_title(scene.encoding, t), seeing.residual_with_pe);
    // One y label a row: the layout draws it on the left of each row of the grid it picks
    // (core/figure/outer_labels.h).

    figure.title = t("Permuting the tokens: without a PE, attention is permuted along",
                     "打乱词元顺序：没有位置编码时，注意力随之置换");
    figure.subtitle = join_parts(
        {scene_sizes(scene), scene_content(scene, t) + t(" as both q and k", "，同时作为 q 与 k"),
         tokens.empty()
             ? t("permutation P from seed ", "置换 P 的种子 ") + std::to_string(scene.seed)
             : t("P reverses the sentence", "P 将句子倒序")});
    figure.rows = 2;
    figure.cols = 3;
    figure.width_in = 13.5;
    figure.height_in = 8.6;
    return figure;
}

}  // namespace posviz
