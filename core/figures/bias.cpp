// Relative-position biases added to the logits (ALiBi, KERPLE, FIRE, T5): the L×L bias matrix,
// and beside it the bias as a function of the distance m − n. The formula is in the subtitle.
#include <cmath>

#include "core/figures/builders.h"
#include "core/figures/panels.h"
#include "core/input_error.h"

namespace posviz {

namespace {

struct BiasPicture {
    Matrix bias;
    std::string formula;
};

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
        return {t5->bias(L), t("b = w[bucket(n − m)], one learned scalar per bucket (seeded), ",
                               "b = w[bucket(n − m)]，每个桶一个可学习标量（随机初始化），") +
                                 std::to_string(t5->num_buckets) + t(" buckets", " 个桶")};
    throw InputError("--encoding", scene.encoding, "alibi, kerple, fire or t5 for the bias figure");
}

}  // namespace

Figure bias_figure(const Scene& scene, const FigureOptions& options) {
    check_square_picture_size(scene);
    const Text t{options.lang};
    BiasPicture picture = bias_of(scene, make_encoding(scene), t);
    if (scene.causal) apply_causal_mask(picture.bias);
    const Matrix& b = picture.bias;

    // b as a function of r = m − n: r >= 0 read along the last query row (m = L−1), r < 0 along
    // the first (m = 0), so that every distance the matrix holds appears once.
    const int L = scene.seq_len;
    std::vector<double> r, value;
    for (int d = -(L - 1); d <= L - 1; ++d) {
        r.push_back(d);
        value.push_back(d >= 0 ? b(L - 1, L - 1 - d) : b(0, -d));
    }
    Panel curve = plot_panel(t("Bias against distance", "偏置随距离的变化"),
                             t("distance m − n", "相对距离 m − n"), t("bias b", "偏置 b"));
    curve.lines.push_back(line("", r, value, 0));

    Panel matrix = matrix_panel(
        picture.bias, "RdBu_r", ColourLimits::Symmetric, t("key position n", "键位置 n"),
        t("query position m", "查询位置 m"), t("bias b(m, n)", "偏置 b(m, n)"));
    matrix.title = t("Bias matrix", "偏置矩阵");
    matrix.heatmap->masked_label = t("masked (−∞)", "已屏蔽（−∞）");

    Figure figure;
    figure.title = encoding_title(scene.encoding) +
                   t(": bias added to the logits", "：加到 logit 上的位置偏置");
    figure.subtitle = join_parts({scene_sizes(scene), picture.formula});
    figure.cols = 2;
    figure.panels = {matrix, curve};
    figure.width_in = 11.0;
    figure.height_in = 4.8;
    return figure;
}

}  // namespace posviz
