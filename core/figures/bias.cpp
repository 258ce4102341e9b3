// Relative-position biases added to the logits (ALiBi, KERPLE, FIRE, T5): the L×L bias matrix,
// and beside it the bias as a function of the distance m − n (T5's as the staircase its buckets
// make). The formula is in the subtitle. --compare lays one matrix per listed encoding side by
// side and overlays their curves in one panel. Their colours follow core/figures/colour_scale.h:
// the ranges usually differ by orders of magnitude (ALiBi reaches −slope·(L−1), KERPLE's log stays
// within a few units), so each matrix gets its own colour scale unless they are close.
#include <cmath>
#include <stdexcept>

#include "core/figures/builders.h"
#include "core/figures/panels.h"
#include "core/input_error.h"

namespace posviz {

namespace {

struct BiasPicture {
    Matrix bias;
    std::string formula;
    bool steps = false;  // piecewise constant in the distance (T5's buckets)
};

const char* k_bias_encodings = "alibi, kerple, fire or t5 for the bias figure";

BiasPicture bias_of(const Scene& scene, const Encoding& encoding, const Text& t) {
    const int L = scene.seq_len;
    if (const auto* alibi = std::get_if<AlibiBias>(&encoding))
        return {alibi->bias(L), "b = −slope·|m − n|, slope = " + format_number(alibi->slope(), 4) +
                                    t(" (head ", "（第 ") + std::to_string(alibi->head) +
                                    t(" of ", " 个头，共 ") + std::to_string(alibi->heads) +
                                    t(")", " 个）")};
    if (const auto* kerple = std::get_if<KerpleBias>(&encoding)) {
        const std::string r =
            "r₁ = " + format_number(kerple->r1) + ", r₂ = " + format_number(kerple->r2);
        return {kerple->bias(L), (kerple->kind == KerpleKind::Log ? "b = −r₁·log(1 + r₂·|m − n|), "
                                                                  : "b = −r₁·|m − n|^r₂, ") +
                                     r};
    }
    if (const auto* fire = std::get_if<FireBias>(&encoding))
        return {fire->bias(L), "b = f(ψ(m − n) / ψ(max(L_thr, m))), ψ(x) = log(c·x + 1), L_thr = " +
                                   format_number(fire->threshold) +
                                   t(", f: seeded MLP", "，f：随机初始化的 MLP")};
    if (const auto* t5 = std::get_if<T5Bias>(&encoding))
        return {t5->bias(L),
                t("b = w[bucket(n − m)], one learned scalar per bucket (seeded), ",
                  "b = w[bucket(n − m)]，每个桶一个可学习标量（随机初始化），") +
                    std::to_string(t5->num_buckets) + t(" buckets", " 个桶"),
                true};
    throw std::logic_error("bias_of: not a bias encoding");
}

bool is_bias(const std::string& name) {
    return name == "alibi" || name == "kerple" || name == "fire" || name == "t5";
}

// b as a function of r = m − n: r >= 0 read along the last query row (m = L−1), r < 0 along the
// first (m = 0), so that every distance the matrix holds appears once.
LineSeries bias_curve(const Matrix& b, std::string label, int colour) {
    const Eigen::Index L = b.rows();
    std::vector<double> r, value;
    for (Eigen::Index d = -(L - 1); d <= L - 1; ++d) {
        r.push_back(double(d));
        value.push_back(d >= 0 ? b(L - 1, L - 1 - d) : b(0, -d));
    }
    return line(std::move(label), r, value, colour);
}

// A slope 2^k as "2⁻³" when k is whole (ALiBi's slopes for a power-of-two head count), else as
// a number.
std::string slope_text(double slope) {
    const double k = std::log2(slope);
    if (k != std::round(k)) return format_number(slope, 4);
    std::string text = "2";  // appended, not "2" + …: GCC 12 warns falsely (-Wrestrict) on that
    text += superscript(int(k));
    return text;
}

// --all-heads: one bias matrix per ALiBi head, titled with its slope, as the ALiBi paper draws
// them (decision: without the curve panel, whose eight straight lines say no more than the
// slopes in the titles).
Figure all_heads_figure(const Scene& scene, const Text& t) {
    if (scene.encoding != "alibi" || !scene.compare.empty())
        throw InputError("--all-heads",
                         scene.compare.empty() ? "--encoding " + scene.encoding : "--compare",
                         "--encoding alibi without --compare (the heads of one ALiBi bias)");
    constexpr int k_most_heads = 16;  // panels that still fit a page
    if (scene.heads > k_most_heads)
        throw InputError("--heads", std::to_string(scene.heads),
                         "at most " + std::to_string(k_most_heads) + " with --all-heads");
    Figure figure;
    for (int h = 0; h < scene.heads; ++h) {
        Scene head = scene;
        head.head = h;
        const AlibiBias alibi = std::get<AlibiBias>(make_encoding(head));
        Matrix bias = alibi.bias(scene.seq_len);
        if (scene.causal) apply_causal_mask(bias);
        const std::string title =
            t("head ", "头 ") + std::to_string(h) + ": slope " + slope_text(alibi.slope());
        Panel matrix =
            matrix_panel(std::move(bias), "RdBu_r", ColourLimits::Symmetric,
                         t("key position n", "键位置 n"), t("query position m", "查询位置 m"),
                         t("bias b(m, n) (logit units)", "偏置 b(m, n)（logit 单位）"));
        matrix.title = title;
        matrix.heatmap->masked_label = t("masked (−∞)", "已屏蔽（−∞）");
        figure.panels.push_back(std::move(matrix));
    }
    // One colour scale for every head (unless --scale per-panel): that the later heads' smaller
    // slopes barely bias is what the picture shows.
    figure.prefer_shared_scale = true;
    figure.title = t("ALiBi: every head's bias", "ALiBi：每个头的偏置");
    figure.subtitle =
        join_parts({scene_sizes(scene), "b = −slopeₕ·|m − n|, H = " + std::to_string(scene.heads) +
                                            t(" heads", " 个头")});
    figure.cols = std::min(int(figure.panels.size()), 4);
    figure.rows = (int(figure.panels.size()) + figure.cols - 1) / figure.cols;
    figure.width_in = 12.0;
    figure.height_in = 3.6 * figure.rows;
    return figure;
}

}  // namespace

Figure bias_figure(const Scene& scene, const FigureOptions& options) {
    check_square_picture_size(scene);
    const Text t{options.lang};
    if (options.all_heads) return all_heads_figure(scene, t);
    const bool compared = !scene.compare.empty();
    const std::vector<std::string> names =
        compared ? scene.compare : std::vector<std::string>{scene.encoding};
    for (const std::string& name : names)
        if (!is_bias(name))
            throw InputError(compared ? "--compare" : "--encoding", name, k_bias_encodings);

    Panel curve = plot_panel(t("Bias against distance", "偏置随距离的变化"),
                             t("distance m − n", "相对距离 m − n"), t("bias b", "偏置 b"));
    Figure figure;
    std::string formulas;
    for (size_t k = 0; k < names.size(); ++k) {
        BiasPicture picture = bias_of(scene, make_encoding(scene, names[k]), t);
        if (scene.causal) apply_causal_mask(picture.bias);
        const std::string name = encoding_title(names[k], t);
        curve.lines.push_back(bias_curve(picture.bias, compared ? name : "", int(k)));
        curve.lines.back().steps = picture.steps;
        Panel matrix =
            matrix_panel(std::move(picture.bias), "RdBu_r", ColourLimits::Symmetric,
                         t("key position n", "键位置 n"), t("query position m", "查询位置 m"),
                         t("bias b(m, n) (logit units)", "偏置 b(m, n)（logit 单位）"));
        matrix.title = compared ? name : t("Bias matrix", "偏置矩阵");
        matrix.heatmap->masked_label = t("masked (−∞)", "已屏蔽（−∞）");
        figure.panels.push_back(std::move(matrix));
        formulas += (formulas.empty() ? "" : "; ") +
                    (compared ? name + ": " + picture.formula : picture.formula);
    }
    figure.panels.push_back(std::move(curve));

    figure.title = compared ? t("Positional biases added to the logits", "加到 logit 上的位置偏置")
                            : encoding_title(scene.encoding, t) +
                                  t(": bias added to the logits", "：加到 logit 上的位置偏置");
    // Compared, the formulas would fill the line and push out what follows them (which colour
    // scale the maps use); the panels' titles name the encodings.
    figure.subtitle = join_parts({scene_sizes(scene), compared ? "" : formulas});
    // Three compared biases and their curves: a 2×2 grid, where a row of four would leave each
    // a quarter of the width.
    const int panels = int(figure.panels.size());
    figure.cols = panels == 4 ? 2 : panels;
    figure.rows = (panels + figure.cols - 1) / figure.cols;
    figure.width_in = 1.4 + 4.8 * double(figure.cols);
    figure.height_in = 4.8 * double(figure.rows);
    return figure;
}

}  // namespace posviz
