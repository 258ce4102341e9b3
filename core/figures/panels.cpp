#include "core/figures/panels.h"

#include <algorithm>
#include <cmath>

#include "core/input_error.h"

namespace posviz {

Panel matrix_panel(Matrix values, const std::string& colormap, ColourLimits limits,
                   const std::string& x_label, const std::string& y_label,
                   const std::string& colorbar_label) {
    Panel p;
    // Square cells, as matplotlib's imshow draws a matrix (d2l.ai's 60 × 32 PE), where the matrix
    // is at most k_square_cells_up_to times as long as wide; a longer one (a 1024 × 64 table)
    // fills its box instead of shrinking to a sliver.
    constexpr double k_square_cells_up_to = 4.0;
    const double rows = double(values.rows()), cols = double(values.cols());
    p.equal_aspect = std::max(rows, cols) <= k_square_cells_up_to * std::min(rows, cols);
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

ColourNorm probability_norm(int keys) {
    return keys > 32 ? ColourNorm{NormKind::Log, 1.0} : ColourNorm{};
}

void label_with_tokens(Panel& panel, const std::vector<std::string>& query_tokens,
                       const std::vector<std::string>& key_tokens, const Text& t) {
    auto label = [](Axis& axis, const std::vector<std::string>& tokens, std::string name) {
        if (tokens.empty() || tokens.size() > size_t(kMaxTokenLabels)) return;
        axis.ticks.clear();
        for (size_t i = 0; i < tokens.size(); ++i) axis.ticks.push_back(double(i));
        axis.tick_labels = tokens;
        axis.label = std::move(name);
    };
    label(panel.x, key_tokens, t("key token", "键词元"));
    label(panel.y, query_tokens, t("query token", "查询词元"));
}

namespace {

// Both scans go through the values in memory order, vectorised, a chunk a core: a row-major map
// read as values.reshaped() or by allFinite() (column by column) missed the cache at every entry,
// which was two fifths of a 2048² scores picture's build.
constexpr Eigen::Index k_scan_chunk = 1 << 16;

Eigen::Map<const Eigen::ArrayXd> scan_chunk(const Matrix& values, Eigen::Index first) {
    return {values.data() + first, std::min(k_scan_chunk, values.size() - first)};
}

}  // namespace

double max_abs_finite(const Matrix& values) {
    double largest = 0.0;
#pragma omp parallel for schedule(static) reduction(max : largest) if (values.size() > k_scan_chunk)
    for (Eigen::Index first = 0; first < values.size(); first += k_scan_chunk) {
        const auto chunk = scan_chunk(values, first);
        largest = std::max(largest, chunk.isFinite().select(chunk.abs(), 0.0).maxCoeff());
    }
    return largest;
}

bool all_finite(const Matrix& values) {
    bool finite = true;
#pragma omp parallel for schedule(static) reduction(&& : finite) if (values.size() > k_scan_chunk)
    for (Eigen::Index first = 0; first < values.size(); first += k_scan_chunk)
        finite = finite && scan_chunk(values, first).isFinite().all();
    return finite;
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
    set_series_style(s, palette_index);
    return s;
}

void context_length_axis(Axis& axis, double length) {
    constexpr double k_kilo = 1024.0;
    auto label = [&](double v) {
        return v < k_kilo ? format_number(v, 6) : format_number(v / k_kilo, 6) + "k";
    };
    if (axis.scale == AxisScale::Log) {
        axis.min = 1.0;
        axis.max = length;
        const int octaves = int(std::floor(std::log2(length)));
        const int every = octaves / 9 + 1;
        for (int k = octaves % every; k <= octaves; k += every) {
            axis.ticks.push_back(std::ldexp(1.0, k));
            axis.tick_labels.push_back(label(axis.ticks.back()));
        }
        return;
    }
    axis.min = 0.0;
    axis.max = length;
    if (length < 4 * k_kilo) return;
    double step = k_kilo;
    while (length / step > 8.0) step *= 2.0;
    for (double v = 0.0; v <= length; v += step) {
        axis.ticks.push_back(v);
        axis.tick_labels.push_back(label(v));
    }
}

LineSeries vertical_marker(std::string label, double at, double y0, double y1) {
    LineSeries s = line(std::move(label), {at, at}, {y0, y1}, 0);
    s.colour = Colour::muted();
    s.dash = LineDash::Dashed;
    s.marker = MarkerShape::None;
    s.width = 1.0;
    return s;
}

}  // namespace posviz

namespace posviz {

void check_square_picture_size(const Scene& scene) {
    if (scene.seq_len > 4096)
        throw InputError("--seq-len", std::to_string(scene.seq_len),
                         "at most 4096 for a picture of an L×L matrix (export .npy for larger L)");
}

void mark_missing_rows(Panel& panel, int max_len, int seq_len, const Text& t) {
    if (max_len <= 0) return;
    if (panel.heatmap) {
        panel.heatmap->masked_label =
            t("no row: pos ≥ ", "无此行：位置 ≥ ") + std::to_string(max_len);
        return;
    }
    double lo = 0.0, hi = 0.0;
    for (const LineSeries& l : panel.lines)
        for (double y : l.y)
            if (std::isfinite(y)) {
                lo = std::min(lo, y);
                hi = std::max(hi, y);
            }
    panel.x.max = seq_len - 1;
    panel.lines.push_back(
        vertical_marker("max_len = " + std::to_string(max_len), max_len - 0.5, lo, hi));
}

}  // namespace posviz
