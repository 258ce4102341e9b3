// RoPE past its training length: the largest |logit| against relative distance r under each
// scaling (over the first content pairs), one panel per scaling over the unscaled curve in grey,
// with the training length and the largest |logit| the unscaled model saw within it marked, so
// that each panel answers one question: does this scaling keep the logits past the training
// length inside what training saw? Without scaling, distances past it reach angles never seen in
// training (YaRN, Peng et al. 2023 §3.2); interpolating scalings map them back into the trained
// range, and YaRN's attention factor raises every logit (its a² = (0.1·ln s + 1)²). The logit is
// RoFormer's relative form (Su et al. 2021, eq. 16), written out in core/analyses/
// rope_extension.h (logit_envelopes): (R_m q)·(R_{m−r} k)/√D.
#include <algorithm>
#include <cmath>

#include "core/analyses/rope_extension.h"
#include "core/figures/builders.h"
#include "core/figures/data_columns.h"
#include "core/figures/panels.h"

namespace posviz {

namespace {

// At L = 128k one point per distance is a band of noise at any page width (and megabytes of
// SVG): each point drawn is the largest value over a window of distances, drawn at the window's
// middle; the windows keep every peak, as the scores picture's block reduction does. On a linear
// axis k_windows windows of equal width (few: the envelope of random content is noise at any
// finer step, and each panel is a sixth of the page); on a log axis every distance up to k_exact,
// then k_per_octave windows per octave.
constexpr int k_windows = 64;
constexpr int k_exact = 32;
constexpr int k_per_octave = 32;

std::vector<size_t> window_starts(size_t count, bool log) {
    std::vector<size_t> starts;
    const size_t width = (count + k_windows - 1) / k_windows;
    for (size_t start = 0; start < count;) {
        starts.push_back(start);
        const size_t next =
            log ? size_t(std::ceil(double(start) * std::exp2(1.0 / k_per_octave))) : start + width;
        start = log && start < k_exact ? start + 1 : std::max(next, start + 1);
    }
    return starts;
}

struct Windowed {
    std::vector<double> x, y;
};

Windowed window_max(const std::vector<double>& r, const std::vector<double>& value,
                    const std::vector<size_t>& starts) {
    Windowed out;
    for (size_t w = 0; w < starts.size(); ++w) {
        const size_t begin = starts[w], end = w + 1 < starts.size() ? starts[w + 1] : r.size();
        out.x.push_back(0.5 * (r[begin] + r[end - 1]));
        out.y.push_back(*std::max_element(value.begin() + long(begin), value.begin() + long(end)));
    }
    return out;
}

}  // namespace

Figure extrapolation_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Scene data_scene = scene;
    data_scene.figure = "extrapolation";
    const DataTable table = compute_figure_data(data_scene);
    const std::vector<double> r = table_column(table, "r");
    const std::vector<size_t> starts = window_starts(r.size(), options.log_x);
    const int train_len = training_length(extrapolation_scene(scene));

    // The unscaled envelope, drawn in every panel for reference, and the largest |logit| it
    // reaches within the training length: what the model saw.
    const Windowed none = window_max(r, table_column(table, "none"), starts);
    double trained = 0.0, top = 0.0;
    for (size_t k = 0; k < none.x.size(); ++k)
        if (none.x[k] < train_len) trained = std::max(trained, none.y[k]);
    std::vector<Windowed> scaled;
    for (size_t c = 1; c < table.columns.size(); ++c) {
        scaled.push_back(window_max(r, table_column(table, table.columns[c]), starts));
        top = std::max(top, *std::max_element(scaled.back().y.begin(), scaled.back().y.end()));
    }

    Figure figure;
    for (size_t c = 2; c < table.columns.size(); ++c) {
        const std::string& column = table.columns[c];
        Panel panel = plot_panel(scaling_label(column, t),
                                 t("relative distance r = m − n", "相对距离 r = m − n"),
                                 t("largest |logit|", "最大 |logit|"));
        panel.legend = LegendPosition::None;
        if (options.log_x) panel.x.scale = AxisScale::Log;
        context_length_axis(panel.x, scene.seq_len);
        panel.y.min = 0.0;
        panel.y.max = 1.05 * top;
        LineSeries reference = line(scaling_label("none", t), none.x, none.y, 0);
        reference.colour = Colour::muted();
        reference.width = 1.0;
        panel.lines.push_back(reference);
        panel.lines.push_back(
            scaling_line(column, t, scaled[c - 1].x, scaled[c - 1].y, int(c - 1)));
        // One style per panel: its own line solid over the grey reference, whatever its place.
        panel.lines.back().dash = LineDash::Solid;
        panel.lines.back().marker = MarkerShape::None;
        LineSeries seen = line(t("largest in training, unscaled", "训练内最大值（未缩放）"),
                               {r.front(), r.back()}, {trained, trained}, 0);
        seen.colour = Colour::foreground();
        seen.dash = LineDash::Dotted;
        seen.width = 1.0;
        panel.lines.push_back(seen);
        if (train_len < scene.seq_len)
            panel.lines.push_back(
                vertical_marker(t("training length ", "训练长度 ") + std::to_string(train_len),
                                train_len, 0.0, top));
        figure.panels.push_back(std::move(panel));
    }
    // Keyed once for every panel; each panel's own scaling is named by its title.
    if (!figure.panels.empty()) {
        figure.key = figure.panels[0].lines;
        LineSeries& own = figure.key[1];
        own.label = t("the scaling named above the panel", "面板标题所示的缩放");
        own.colour = Colour::foreground();
    }
    figure.cols = std::min<int>(3, int(figure.panels.size()));
    figure.rows = (int(figure.panels.size()) + figure.cols - 1) / figure.cols;
    // The panels share their y label: the layout draws it on the left of each row of whatever grid
    // it picks (core/figure/outer_labels.h).
    figure.title = t("RoPE past the training length: each scaling against the unscaled logits",
                     "超出训练长度的 RoPE：各缩放方法与未缩放的 logit");
    figure.subtitle = join_parts(
        {scene_sizes(scene), scene_content(scene, t), t("first 16 (q, k) pairs", "前 16 对 (q, k)"),
         states_training_length(scene)
             ? ""
             : t("no training length given: L/4 = ", "未给出训练长度：取 L/4 = ") +
                   std::to_string(train_len),
         t("scalings for ×", "缩放倍数 ×") +
             format_number(comparison_factor(extrapolation_scene(scene))),
         starts.size() < r.size()
             ? (options.log_x ? t("largest per window of 1/32 octave", "每 1/32 倍频程取最大")
                              : t("largest per window of ", "每 ") + std::to_string(starts[1]) +
                                    t(" distances", " 个距离取最大"))
             : ""});
    figure.width_in = 10.0;
    figure.height_in = 6.0;
    return figure;
}

}  // namespace posviz
