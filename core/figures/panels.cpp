#include "core/figures/panels.h"

#include <algorithm>
#include <cmath>

#include "core/input_error.h"

namespace posviz {

Panel matrix_panel(Matrix values, const std::string& colormap, ColourLimits limits,
                   const std::string& x_label, const std::string& y_label,
                   const std::string& colorbar_label) {
    Panel p;
    p.equal_aspect = values.rows() == values.cols();
    p.heatmap = matrix_heatmap(std::move(values), colormap, limits);
    p.heatmap->colorbar_label = colorbar_label;
    p.x.label = x_label;
    p.y.label = y_label;
    p.y.inverted = true;
    p.grid = false;
    return p;
}

Panel attention_panel(Matrix values, bool probabilities, const Text& t) {
    Panel p = matrix_panel(std::move(values), probabilities ? "viridis" : "RdBu_r",
                           probabilities ? ColourLimits::Fixed : ColourLimits::Symmetric,
                           t("key position n", "键位置 n"), t("query position m", "查询位置 m"),
                           probabilities ? t("attention probability", "注意力概率")
                                         : t("logit q·k/√D", "logit q·k/√D"));
    if (probabilities) {
        p.heatmap->vmin = 0.0;
        p.heatmap->vmax = std::max(max_abs_finite(p.heatmap->values), 1e-12);
    }
    p.heatmap->masked_label = t("masked (−∞)", "已屏蔽（−∞）");
    return p;
}

double max_abs_finite(const Matrix& values) {
    double a = 0.0;
    for (double v : values.reshaped())
        if (std::isfinite(v)) a = std::max(a, std::abs(v));
    return a;
}

Panel plot_panel(const std::string& title, const std::string& x_label, const std::string& y_label) {
    Panel p;
    p.title = title;
    p.x.label = x_label;
    p.y.label = y_label;
    return p;
}

LineSeries line(std::string label, std::vector<double> x, std::vector<double> y,
                int palette_index) {
    LineSeries s;
    s.label = std::move(label);
    s.x = std::move(x);
    s.y = std::move(y);
    s.colour = Colour::palette(palette_index);
    return s;
}

}  // namespace posviz

namespace posviz {

void check_square_picture_size(const Scene& scene) {
    if (scene.seq_len > 4096)
        throw InputError("--seq-len", std::to_string(scene.seq_len),
                         "at most 4096 for a picture of an L×L matrix (export .npy for larger L)");
}

}  // namespace posviz
