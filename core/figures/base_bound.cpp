// The base of RoPE bounds the context length (Men et al. 2024, arXiv:2405.14591): left,
// f_b(m) = Σᵢ cos(m·b^(−2i/d)) over the distances m < L with its first negative value marked;
// right, the smallest base b* for which f_b stays ≥ 0 up to each context length (powers of two,
// log–log), with the model's base at its training and maximum lengths as points (or the scene's
// base at L). core/analyses/rope_bounds.h has the definitions and the scans.
#include <algorithm>
#include <cmath>

#include "core/analyses/rope_bounds.h"
#include "core/analyses/rope_extension.h"
#include "core/cancellation.h"
#include "core/figures/builders.h"
#include "core/figures/data_columns.h"
#include "core/figures/panels.h"

namespace posviz {

namespace {

// Positions drawn one by one up to this L; longer curves are drawn as their lowest and highest
// value in each of kDrawnWindows windows (in position order), which keeps the envelope and every
// dip below 0 while the picture stays small.
constexpr size_t kDrawnWindows = 2048;

void envelope(const std::vector<double>& m, const std::vector<double>& f, std::vector<double>& x,
              std::vector<double>& y) {
    if (m.size() <= 2 * kDrawnWindows) {
        x = m;
        y = f;
        return;
    }
    const size_t width = (m.size() + kDrawnWindows - 1) / kDrawnWindows;
    for (size_t start = 0; start < m.size(); start += width) {
        const size_t end = std::min(m.size(), start + width);
        size_t low = start, high = start;
        for (size_t k = start; k < end; ++k) {
            if (f[k] < f[low]) low = k;
            if (f[k] > f[high]) high = k;
        }
        for (size_t k : {std::min(low, high), std::max(low, high)}) {
            x.push_back(m[k]);
            y.push_back(f[k]);
        }
    }
}

// The largest context length the b*(L) panel reaches: the next power of two at or above the
// longest length it shows, at least 4096, at most what the scan affords.
long panel_top(long longest) {
    long top = 4096;
    while (top < longest && top < kMaxBaseBoundFigureLength) top *= 2;
    return top;
}

}  // namespace

Figure base_bound_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    Scene data_scene = scene;
    data_scene.figure = "base-bound";
    const DataTable table = compute_figure_data(data_scene);
    const std::vector<double> m = table_column(table, "m");
    const std::vector<double> f = table_column(table, "f");
    const int rotary = int(scene.dim * scene.rotary_fraction);
    const long length = scene.seq_len;
    const std::string d = std::to_string(rotary);

    // (a) f_b(m)
    Panel curve = plot_panel("f_b(m) = Σᵢ cos(m·b" + superscript_text("−2i/" + d) + ")",
                             t("relative distance m", "相对距离 m"), "f_b(m)");
    context_length_axis(curve.x, double(length));
    curve.legend = LegendPosition::UpperRight;
    {
        std::vector<double> x, y;
        envelope(m, f, x, y);
        curve.lines.push_back(line("", std::move(x), std::move(y), 0));
    }
    LineSeries zero = line("", {0.0, double(std::max(1L, length - 1))}, {0.0, 0.0}, 0);
    zero.colour = Colour::muted();
    zero.width = 1.0;
    curve.lines.push_back(zero);
    long first = -1;
    for (size_t k = 0; k < f.size(); ++k)
        if (f[k] < 0.0) {
            first = long(k);
            break;
        }
    const double low = *std::min_element(f.begin(), f.end());
    const double high = *std::max_element(f.begin(), f.end());
    if (first >= 0) {
        LineSeries mark =
            vertical_marker(t("first f_b < 0: m = ", "首个 f_b < 0：m = ") + std::to_string(first),
                            double(first), std::min(low, 0.0), high);
        mark.colour = Colour::foreground();
        curve.lines.push_back(mark);
    }

    // (b) b* against L
    Panel bound = plot_panel(t("Smallest base b* for a context L", "上下文 L 所需的最小底数 b*"),
                             t("context length L", "上下文长度 L"), t("base b", "底数 b"));
    bound.x.scale = bound.y.scale = AxisScale::Log;
    bound.legend = LegendPosition::UpperLeft;
    struct Point {
        std::string label;
        double length;
    };
    std::vector<Point> points;
    const int train = training_length(scene);
    const int max_pos = scene.rope_scaling.max_position_embeddings;
    if (!scene.model_name.empty()) {
        points.push_back(
            {t("θ at training length ", "θ，训练长度 ") + std::to_string(train), double(train)});
        if (max_pos > 0 && max_pos != train)
            points.push_back({t("θ at max. length ", "θ，最大长度 ") + std::to_string(max_pos),
                              double(max_pos)});
    } else {
        points.push_back(
            {t("base at L = ", "底数，L = ") + std::to_string(length), double(length)});
    }
    long longest = length;
    for (const Point& p : points) longest = std::max(longest, long(p.length));
    const long top = panel_top(longest);
    std::vector<long> lengths;
    for (long l = 256; l <= top; l *= 2) lengths.push_back(l);
    // The scene's own L gets both numbers (base_bound); the curve's other lengths only b*, the
    // longest first so that the two threads share the work.
    const bool scanned = length <= kMaxBaseBoundFigureLength && rotary >= 4;
    const BaseBound own = scanned ? base_bound(rotary, length) : BaseBound{};
    std::vector<double> smallest(lengths.size());
#pragma omp parallel for schedule(dynamic)
    for (size_t k = 0; k < lengths.size(); ++k) {
        const size_t at = lengths.size() - 1 - k;
        smallest[at] = scanned && lengths[at] == length
                           ? own.smallest
                           : smallest_passing_base(rotary, lengths[at]);
    }
    throw_if_cancelled();
    // Ticks at every other power of two, named as context lengths are (256, 1k, 4k, 16k, …).
    for (long l = 256; l <= std::max(top, longest); l *= 4) {
        bound.x.ticks.push_back(double(l));
        bound.x.tick_labels.push_back(l < 1024         ? std::to_string(l)
                                      : l < (1L << 20) ? std::to_string(l / 1024) + "k"
                                                       : std::to_string(l >> 20) + "M");
    }
    std::vector<double> lx(lengths.begin(), lengths.end());
    LineSeries b_star =
        line(t("b*: smallest base with f_b ≥ 0", "b*：f_b ≥ 0 的最小底数"), lx, smallest, 0);
    b_star.marker = MarkerShape::Dot;
    bound.lines.push_back(b_star);
    for (size_t k = 0; k < points.size(); ++k) {
        LineSeries p = line(points[k].label, {points[k].length}, {scene.base}, int(k) + 1);
        p.marker = MarkerShape::Dot;
        bound.lines.push_back(p);
    }

    std::string numbers;
    if (scanned) {
        const BaseBound& b = own;
        LineSeries range =
            line(t("bases that may fail: b* … all pass from ", "可能失败的底数：b* … 全部满足自 ") +
                     format_number(b.all_from, 3),
                 {double(length), double(length)}, {b.smallest, b.all_from}, 0);
        range.colour = Colour::muted();
        range.width = 3.0;
        if (b.all_from > b.smallest * (1.0 + 1e-3)) bound.lines.push_back(range);
        numbers = t("at L = ", "L = ") + std::to_string(length) +
                  ": b* = " + format_number(b.smallest, 4) +
                  t(" (smallest base that passes; drawn)", "（满足条件的最小底数，已画出）") +
                  t(", every base ≥ ", "，≥ ") + format_number(b.all_from, 4) +
                  t(" passes", " 的底数全部满足");
    } else {
        numbers = t("b* computed for L ≤ ", "b* 仅对 L ≤ ") +
                  std::to_string(kMaxBaseBoundFigureLength) +
                  t(" (its scan takes O(L²·d))", " 计算（扫描耗时 O(L²·d)）");
    }

    Figure figure;
    figure.title = t("RoPE: the base bounds the context length (Men et al. 2024)",
                     "RoPE：底数限定上下文长度（Men 等，2024）");
    figure.subtitle = join_parts(
        {scene_sizes(scene), "base = " + format_number(scene.base, 6),
         rotary != scene.dim ? t("rotary d = ", "旋转维度 d = ") + d : "",
         first >= 0 ? t("f_b < 0 first at m = ", "f_b 首次 < 0：m = ") + std::to_string(first)
                    : t("f_b ≥ 0 for all m < L", "对所有 m < L，f_b ≥ 0"),
         numbers});
    figure.cols = 2;
    figure.panels = {curve, bound};
    figure.width_in = 10.0;
    figure.height_in = 4.4;
    return figure;
}

}  // namespace posviz
