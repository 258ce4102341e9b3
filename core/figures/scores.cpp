// Attention logits [m, n] (diverging, symmetric about 0) or, with --softmax, probabilities
// (sequential, from 0; a log scale beyond 32 keys). --compare lays several encodings side by side
// on the same content, on one shared colour scale where their ranges allow it
// (core/figures/colour_scale.h), so that equal colours mean equal values across panels.
// Sequences longer than scene.resolution are shown reduced (core/analyses/block_reduction.h):
// resolution² texels, each the largest |logit| (or probability) of its block. With position-
// independent content and a relative encoding the reduction comes from the 2L-1 per-offset
// logits (core/toeplitz.h); otherwise from the scores backend (GPU), or on the CPU from logits
// computed a block of rows at a time (core/attention_rows.h). Neither needs the L×L matrix; only
// Shaw, Transformer-XL and FIRE on position-dependent content need it, within --max-bytes.
#include <algorithm>
#include <cmath>

#include "core/analyses/block_reduction.h"
#include "core/analyses/sampled_logits.h"
#include "core/cancellation.h"
#include "core/figure_data.h"
#include "core/figures/builders.h"
#include "core/figures/panels.h"
#include "core/figures/scores_backend.h"
#include "core/input_error.h"
#include "core/stage_times.h"
#include "core/toeplitz.h"

namespace posviz {

namespace {

// --difference: panel A − B of two compared maps, cell by cell. A cell masked in either map (the
// causal mask's −∞) is masked here too; a diverging map centred at 0, so that which encoding is
// larger where reads off the colour.
Panel difference_panel(const Panel& a, const Panel& b, bool reduced, bool softmax, const Text& t) {
    const Matrix& x = a.heatmap->values;
    const Matrix& y = b.heatmap->values;
    Matrix d = x.binaryExpr(
        y, [](double u, double v) { return std::isfinite(u) && std::isfinite(v) ? u - v : NAN; });
    const double largest = std::max(max_abs_finite(d), 1e-12);
    Panel panel = a;  // axes, tick labels (tokens) and extents as the maps compared
    Heatmap& h = *panel.heatmap;
    h.values = std::move(d);
    h.colormap = "RdBu_r";
    h.limits = ColourLimits::Fixed;
    h.vmin = -largest;
    h.vmax = largest;
    h.norm = {};
    h.colorbar = true;
    h.own_scale = true;
    // Reduced maps hold the largest |value| of each block: their difference is one of maxima.
    h.colorbar_label = reduced ? (softmax ? t("Δ max probability per block", "每块最大概率之差")
                                          : t("Δ max |logit| per block", "每块最大 |logit| 之差"))
                       : softmax ? t("Δ probability", "概率之差")
                                 : t("Δ logit", "logit 之差");
    h.masked_label = t("masked", "已屏蔽");
    panel.title = a.title + " − " + b.title;
    return panel;
}

}  // namespace

Matrix reduced_scores(const Scene& scene, const Encoding& encoding, const Content& content,
                      ScoresBackend* backend, bool single_precision) {
    if (backend)
        if (std::optional<Matrix> values = backend->max_abs_scores(encoding, content, scene.causal,
                                                                   scene.softmax, scene.resolution))
            return std::move(*values);
    if (!scene.softmax && rows_identical(content.queries) && rows_identical(content.keys))
        if (std::optional<Vector> offsets =
                offset_logits(encoding, content.queries.row(0), content.keys.row(0), scene.seq_len))
            return block_max_abs_of_offsets(*offsets, scene.seq_len, scene.resolution,
                                            scene.causal);
    if (std::optional<AttentionRows> rows = AttentionRows::prepare(
            encoding, content.queries, content.keys, scene.causal, single_precision))
        return block_max_abs_of_rows(*rows, scene.resolution, scene.softmax);
    return block_max_abs(dense_scores(scene, encoding, content, backend), scene.resolution);
}

Matrix dense_scores(const Scene& scene, const Encoding& encoding, const Content& content,
                    ScoresBackend* backend, bool single_precision) {
    if (backend)
        if (std::optional<Matrix> values =
                backend->dense_scores(encoding, content, scene.causal, scene.softmax))
            return std::move(*values);
    check_output_size(scene);
    // float32 products where the content differs by position (position-independent content
    // takes attention_logits' exact Toeplitz shortcut, which is faster still).
    std::optional<AttentionRows> rows;
    if (single_precision && !(rows_identical(content.queries) && rows_identical(content.keys)))
        rows = AttentionRows::prepare(encoding, content.queries, content.keys, scene.causal, true);
    Matrix values = rows ? rows->rows(0, scene.seq_len)
                         : attention_logits(encoding, content.queries, content.keys, scene.causal);
    if (scene.softmax) softmax_rows_inplace(values);
    return values;
}

namespace {

// Key n > query m: masked by the causal mask (NaN, drawn in the masked colour with its key).
void mask_future_keys(Matrix& values) {
    for (Eigen::Index m = 0; m < values.rows(); ++m)
        for (Eigen::Index n = m + 1; n < values.cols(); ++n) values(m, n) = NAN;
}

// The preview's stride, or 0 when this figure gets none (softmax rows need every key).
long preview_stride(const Scene& scene, const FigureOptions& options) {
    if (options.preview_texels <= 0 || scene.softmax || options.device_heatmaps) return 0;
    if (scene.seq_len <= 2L * options.preview_texels) return 0;
    return (scene.seq_len + options.preview_texels - 1) / options.preview_texels;
}

}  // namespace

Figure scores_figure(const Scene& scene, const FigureOptions& options) {
    const long stride = preview_stride(scene, options);
    const bool reduced = scene.seq_len > scene.resolution;
    if (!reduced) check_square_picture_size(scene);
    const Text t{options.lang};
    const Content content = [&] {
        const stage_times::Scope timed(stage_times::Stage::Content);
        return make_content(scene);
    }();
    const std::vector<std::string> tokens = scene_tokens(scene);
    const std::vector<std::string> encodings =
        scene.compare.empty() ? std::vector<std::string>{scene.encoding} : scene.compare;
    const std::vector<std::string> known = encoding_names();
    for (const std::string& name : scene.compare)
        if (std::find(known.begin(), known.end(), name) == known.end())
            throw InputError("--compare", name,
                             "encoding names for the scores figure (bases only compare in "
                             "wavelengths and decay)");
    if (options.difference && encodings.size() != 2)
        throw InputError("--difference", std::to_string(encodings.size()) + " encodings",
                         "exactly two encodings in --compare (the map shows A − B)");

    Figure figure;
    bool previewed = false;
    for (const std::string& name : encodings) {
        throw_if_cancelled();  // a map per encoding; the GPU's cannot stop halfway
        const Encoding encoding = make_encoding(scene, name);
        // Position-free content under a relative encoding has exact per-offset logits on the
        // host in O(L·D) (core/toeplitz.h): no device map then, whose summary (largest |value|)
        // allows only a symmetric colour scale where these maps are often one-signed.
        const bool host_offsets =
            !scene.softmax && rows_identical(content.queries) && rows_identical(content.keys) &&
            offset_logits(encoding, content.queries.row(0), content.keys.row(0), scene.seq_len)
                .has_value();
        std::shared_ptr<const DeviceMatrix> device;
        if (options.device_heatmaps && options.scores_backend && !options.difference &&
            !host_offsets) {
            const stage_times::Scope timed(stage_times::Stage::Logits);
            device = options.scores_backend->device_scores(encoding, content, scene.causal,
                                                           scene.softmax, scene.resolution);
        }
        Matrix values;
        std::optional<Matrix> preview;
        if (stride > 0) {
            const stage_times::Scope timed(stage_times::Stage::Preview);
            preview = sampled_logits(encoding, content.queries, content.keys, scene.causal, stride);
        }
        // A reduced map shows magnitudes: so does its preview.
        if (preview) values = reduced ? Matrix(preview->cwiseAbs()) : std::move(*preview);
        previewed = previewed || preview.has_value();
        if (!device && !preview)
            values = reduced ? reduced_scores(scene, encoding, content, options.scores_backend,
                                              options.single_precision)
                             : dense_scores(scene, encoding, content, options.scores_backend,
                                            options.single_precision);
        // Causal probabilities are exactly 0 past the query; on a log colour scale they would
        // take its smallest colour (10⁻⁴) like any small probability, so they are drawn masked.
        if (scene.softmax && scene.causal && !reduced && !preview) mask_future_keys(values);
        // Reduced logits are magnitudes: a sequential map from 0, like probabilities.
        const bool from_zero = scene.softmax || reduced;
        Panel panel = attention_panel(std::move(values), from_zero, t);
        if (device) {
            // Limits from the device's summary: [−a, a] for logits, [0, a] from zero.
            Heatmap& h = *panel.heatmap;
            const double a = std::max(device->largest_abs_finite(), 1e-12);
            h.limits = ColourLimits::Fixed;
            h.vmin = from_zero ? 0.0 : -a;
            h.vmax = a;
            h.device = std::move(device);
            h.x1 = double(h.device->cols()) - 0.5;
            h.y1 = double(h.device->rows()) - 0.5;
        }
        if (scene.softmax) panel.heatmap->norm = probability_norm(scene.seq_len);
        if (scene.softmax) panel.heatmap->masked_label = t("masked (p = 0)", "已屏蔽（p = 0）");
        if (reduced || preview) {
            Heatmap& h = *panel.heatmap;
            h.x1 = h.y1 = scene.seq_len - 0.5;  // texels span the positions, not one each
            h.colorbar_label = scene.softmax ? t("max probability per block", "每块最大概率")
                                             : t("max |logit| per block", "每块最大 |logit|");
        }
        panel.title = encoding_title(name, t);
        if (!reduced) label_with_tokens(panel, tokens, tokens, t);
        figure.panels.push_back(std::move(panel));
    }
    // Whether the panels share a colour scale is decided with every other figure's
    // (core/figures/colour_scale.h). Their y labels are alike: the layout draws one on the left of
    // each row of the grid it picks (core/figure/outer_labels.h).
    // The difference needs both maps on the host (device heatmaps were not asked for above).
    if (options.difference)
        figure.panels.push_back(
            difference_panel(figure.panels[0], figure.panels[1], reduced, scene.softmax, t));

    const std::string what = scene.softmax ? t("Attention probabilities", "注意力概率")
                                           : t("Attention logits", "注意力 logit");
    // A comparison's title names the content the encodings share, so that two rows of them on
    // one slide (all-ones above, random below) say which is which; its subtitle then leaves it out.
    const bool compared = encodings.size() > 1;
    const std::string content_text = scene_content(scene, t);
    figure.title = compared ? what + t(" on ", "，内容：") + content_text
                            : what + " · " + encoding_title(encodings[0], t);
    const int texels = std::min(scene.seq_len, scene.resolution);
    const std::string reduction = reduced
                                      ? t("reduced to ", "缩减为 ") + std::to_string(texels) + "×" +
                                            std::to_string(texels) + t(" texels", " 像素块")
                                      : "";
    const std::string preview =
        previewed ? t("preview: every ", "预览：每 ") + std::to_string(stride) +
                        t("th position, computing the full map…", " 个位置取一个，正在计算完整图…")
                  : "";
    figure.subtitle =
        join_parts({scene_sizes(scene), compared ? "" : content_text,
                    scene.causal ? t("causal mask", "因果掩码") : "", reduction, preview});
    figure.cols = int(figure.panels.size());
    figure.width_in = 1.2 + 4.0 * double(figure.panels.size());
    figure.height_in = 4.8;
    return figure;
}

}  // namespace posviz
