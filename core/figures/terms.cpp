// The four terms a logit splits into, 2×2. Additive PEs (seed 001 §3.1): (x_m + p_m)·(x_n + p_n)
// = x·x + x·p + p·x + p·p. Transformer-XL (Dai et al. 2019 §3.3): (a) content, (b) content-
// dependent position, (c) global content bias u, (d) global position bias v. Each panel has its
// own colour scale (the terms differ by orders of magnitude); the colorbars tell the sizes.
#include <array>

#include "core/analyses/logit_terms.h"
#include "core/figures/builders.h"
#include "core/figures/panels.h"
#include "core/input_error.h"

namespace posviz {

Figure terms_figure(const Scene& scene, const FigureOptions& options) {
    check_square_picture_size(scene);
    const Text t{options.lang};
    const Content content = make_content(scene);
    const Encoding encoding = make_encoding(scene);
    std::array<Matrix, 4> terms;
    std::array<std::string, 4> titles;
    if (const auto* xl = std::get_if<TransformerXL>(&encoding)) {
        terms = xl->terms(content.queries, content.keys);
        titles = {t("(a) content: qₘ·kₙ", "(a) 内容项：qₘ·kₙ"),
                  t("(b) content–position: qₘ·W Rₘ₋ₙ", "(b) 内容–位置：qₘ·W Rₘ₋ₙ"),
                  t("(c) global content bias: u·kₙ", "(c) 全局内容偏置：u·kₙ"),
                  t("(d) global position bias: v·W Rₘ₋ₙ", "(d) 全局位置偏置：v·W Rₘ₋ₙ")};
    } else if (scene.encoding == "sinusoidal" || scene.encoding == "learned") {
        terms = additive_logit_terms(content.queries, content.keys, absolute_pe(scene));
        titles = {t("content·content: xₘ·xₙ", "内容·内容：xₘ·xₙ"),
                  t("content·position: xₘ·pₙ", "内容·位置：xₘ·pₙ"),
                  t("position·content: pₘ·xₙ", "位置·内容：pₘ·xₙ"),
                  t("position·position: pₘ·pₙ", "位置·位置：pₘ·pₙ")};
    } else {
        throw InputError("--encoding", scene.encoding,
                         "sinusoidal, learned or xl for the terms figure");
    }
    Figure figure;
    for (size_t k = 0; k < 4; ++k) {
        Panel panel = attention_panel(std::move(terms[k]), false, t);
        panel.title = titles[k];
        panel.heatmap->colorbar_label = t("term ÷ √D (logit units)", "该项 ÷ √D（logit 单位）");
        figure.panels.push_back(std::move(panel));
    }
    figure.title = encoding_title(scene.encoding, t) +
                   t(": the four terms of a logit (each ÷ √D)", "：logit 的四项分解（各项 ÷ √D）");
    figure.subtitle = join_parts({scene_sizes(scene), scene_content(scene, t),
                                  t("each panel has its own colour scale", "各子图色标独立")});
    figure.rows = 2;
    figure.cols = 2;
    figure.width_in = 9.6;
    figure.height_in = 8.8;
    return figure;
}

}  // namespace posviz
