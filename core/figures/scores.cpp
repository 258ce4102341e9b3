// Attention logits [m, n] (diverging, symmetric about 0) or, with --softmax, probabilities
// (sequential, from 0). --compare lays several encodings side by side on the same content with
// one shared colour scale, so that equal colours mean equal values across panels.
#include <algorithm>

#include "core/figures/builders.h"
#include "core/figures/panels.h"
#include "core/input_error.h"

namespace posviz {

Figure scores_figure(const Scene& scene, const FigureOptions& options) {
    check_square_picture_size(scene);
    const Text t{options.lang};
    const Content content = make_content(scene);
    const std::vector<std::string> encodings =
        scene.compare.empty() ? std::vector<std::string>{scene.encoding} : scene.compare;
    const std::vector<std::string> known = encoding_names();
    for (const std::string& name : scene.compare)
        if (std::find(known.begin(), known.end(), name) == known.end())
            throw InputError("--compare", name,
                             "encoding names for the scores figure (bases only compare in "
                             "wavelengths and decay)");

    Figure figure;
    double largest = 0.0;
    bool masked = false;
    for (const std::string& name : encodings) {
        Matrix values = attention_logits(make_encoding(scene, name), content.queries, content.keys,
                                         scene.causal);
        if (scene.softmax) softmax_rows_inplace(values);
        largest = std::max(largest, max_abs_finite(values));
        masked = masked || !values.allFinite();
        Panel panel = attention_panel(std::move(values), scene.softmax, t);
        panel.title = encoding_title(name);
        figure.panels.push_back(std::move(panel));
    }
    // Shared limits: [−a, a] for logits, [0, a] for probabilities, a over every panel.
    largest = std::max(largest, 1e-12);
    Colorbar colorbar;
    colorbar.colormap = figure.panels[0].heatmap->colormap;
    colorbar.range = {scene.softmax ? 0.0 : -largest, largest};
    colorbar.label = figure.panels[0].heatmap->colorbar_label;
    if (masked) colorbar.masked_label = figure.panels[0].heatmap->masked_label;
    for (Panel& panel : figure.panels) {
        panel.heatmap->limits = ColourLimits::Fixed;
        panel.heatmap->vmin = colorbar.range.min;
        panel.heatmap->vmax = colorbar.range.max;
        panel.heatmap->colorbar = false;
    }
    figure.colorbar = colorbar;
    // One y label for the row, as the panels share their y axis.
    for (size_t i = 1; i < figure.panels.size(); ++i) figure.panels[i].y.label.clear();

    const std::string what = scene.softmax ? t("Attention probabilities", "注意力概率")
                                           : t("Attention logits", "注意力 logit");
    figure.title = encodings.size() == 1
                       ? what + " · " + encoding_title(encodings[0])
                       : what + t(", same content, shared colour scale", "：相同内容，统一色标");
    figure.subtitle = join_parts({scene_sizes(scene), scene_content(scene, t),
                                  scene.causal ? t("causal mask", "因果掩码") : ""});
    figure.cols = int(figure.panels.size());
    figure.width_in = 1.2 + 4.0 * double(figure.panels.size());
    figure.height_in = 4.8;
    return figure;
}

}  // namespace posviz
