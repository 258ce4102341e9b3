#include "core/figures/formula_text.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "core/figure/ticks.h"
#include "core/figures/figure_text.h"
#include "core/figures/formula_parts.h"

namespace posviz::formula {

std::string num(double v) {
    return format_number(v, 4);
}
std::string num(int v) {
    return format_number(double(v), 10);
}

namespace {

std::string masked_line(const Text& t) {
    return t("n > m: masked by the causal mask (logit −∞)", "n > m：被因果掩码屏蔽（logit −∞）");
}

// ---- relative biases ----

// ALiBi (Press, Smith & Lewis 2022, "Train Short, Test Long", §3): b = −slope_h·|m − n|, the
// slopes a geometric sequence from 2^(−8/H) with that ratio when H is a power of two, so head h
// (from 0) has 2^(−8(h+1)/H); other H interleave two such sequences (core/encodings/alibi.h).
Explained alibi_bias(const AlibiBias& a, int m, int n, const Text& t) {
    const double slope = a.slope();
    std::string lines = t("ALiBi (Press et al. 2022): b = −slope·|m − n|",
                          "ALiBi（Press 等, 2022）：b = −slope·|m − n|");
    const int hh = a.head + 1, H = a.heads;
    if ((H & (H - 1)) == 0) {
        const double exponent = -8.0 * hh / H;
        const std::string power = exponent == std::round(exponent)
                                      ? "2" + superscript(int(exponent))
                                      : "2^(" + num(exponent) + ")";
        lines += "\nslope = 2^(−8(h+1)/H) = 2^(−8·" + num(hh) + "/" + num(H) + ") = " + power +
                 " = " + num(slope) + t("  (head h = ", "（第 h = ") + num(a.head) +
                 t(" of H = ", " 个头，共 H = ") + num(H) + t(")", "）");
    } else {
        lines += "\nslope = " + num(slope) +
                 t("  (H not a power of two: the paper's interleaved slopes, head h = ",
                   "（H 不是 2 的幂：论文的交错斜率，第 h = ") +
                 num(a.head) + t(")", " 个头）");
    }
    const double value = -slope * std::abs(m - n);
    lines += "\nb = −" + num(slope) + "·|" + num(m) + " − " + num(n) + "| = " + num(value);
    return {lines, value};
}

// T5 (Raffel et al. 2020, §2.1; transformers' T5Attention._relative_position_bucket): the bias is
// a learned scalar β per bucket of the relative position r = n − m. Half the buckets hold the
// sign when bidirectional; distances below half of the rest have a bucket each, longer ones share
// logarithmic buckets up to max_distance.
struct Bucket {
    std::string lines;
    int bucket = 0;
};

Bucket t5_bucket(const T5Bias& b, int m, int n, const Text& t) {
    const int r = n - m;
    const int bucket =
        t5_relative_position_bucket(r, b.bidirectional, b.num_buckets, b.max_distance);
    std::string lines = t("T5 (Raffel et al. 2020): b = β[bucket(n − m)]",
                          "T5（Raffel 等, 2020）：b = β[bucket(n − m)]") +
                        "\nn − m = " + num(n) + " − " + num(m) + " = " + num(r);
    int buckets = b.num_buckets, offset = 0, d = 0;
    if (b.bidirectional) {
        buckets /= 2;
        offset = r > 0 ? buckets : 0;
        d = std::abs(r);
        lines += t("\nbidirectional: ", "\n双向：") + num(buckets) +
                 t(" buckets each way, n > m adds ", " 个桶每个方向，n > m 加 ") + num(buckets) +
                 "; d = |n − m| = " + num(d);
    } else {
        d = std::max(-r, 0);
        lines += t("\ncausal buckets: keys after the query share bucket 0; d = max(m − n, 0) = ",
                   "\n单向桶：查询之后的键都在桶 0；d = max(m − n, 0) = ") +
                 num(d);
    }
    const int exact = buckets / 2;
    if (d < exact) {
        lines +=
            "\nd = " + num(d) + " < " + num(exact) + t(": exact bucket ", "：精确桶 ") + num(d);
    } else {
        const double scaled = std::log(double(d) / exact) /
                              std::log(double(b.max_distance) / exact) * (buckets - exact);
        lines += "\nd = " + num(d) + " ≥ " + num(exact) + t(": log bucket ", "：对数桶 ") +
                 num(exact) + " + ⌊log(" + num(d) + "/" + num(exact) + ")/log(" +
                 num(b.max_distance) + "/" + num(exact) + ")·" + num(buckets - exact) +
                 "⌋ = " + num(exact) + " + ⌊" + num(scaled) + "⌋";
        if (exact + int(scaled) > buckets - 1)
            lines += t(", capped at ", "，上限 ") + num(buckets - 1);
    }
    lines += "\nbucket = " + num(bucket);
    if (offset > 0) lines += " (" + num(bucket - offset) + " + " + num(offset) + ")";
    return {lines, bucket};
}

Explained t5_bias(const T5Bias& b, int m, int n, const Text& t) {
    const Bucket k = t5_bucket(b, m, n, t);
    const double value = b.bucket_bias[k.bucket];
    return {k.lines + "\nb = β" + subscript(k.bucket) + " = " + num(value) +
                t("  (seeded stand-in for the learned β)", "（以随机种子代替学得的 β）"),
            value};
}

// KERPLE (Chi et al. 2022, "KERPLE: Kernelized Relative Positional Embedding", eq. 7–8).
Explained kerple_bias(const KerpleBias& k, int m, int n, const Text& t) {
    const int d = std::abs(m - n);
    const bool log = k.kind == KerpleKind::Log;
    const double value = log ? -k.r1 * std::log(1.0 + k.r2 * d) : -k.r1 * std::pow(d, k.r2);
    std::string lines =
        t("KERPLE (Chi et al. 2022): ", "KERPLE（Chi 等, 2022）：") +
        (log ? "b = −r₁·log(1 + r₂·|m − n|)" : "b = −r₁·|m − n|^r₂") + "\nb = −" + num(k.r1) +
        (log ? "·log(1 + " + num(k.r2) + "·" + num(d) + ")" : "·" + num(d) + "^" + num(k.r2)) +
        " = " + num(value);
    return {lines, value};
}

// FIRE (Li et al. 2024, "Functional Interpolation for Relative Positions Improves Long Context
// Transformers", eq. 3–4; core/encodings/fire.h): b = f_θ(ψ(|m − n|)/ψ(max(L_thr, m))),
// ψ(x) = log(c·x + 1), f_θ an MLP 1 → hidden → 1 with ReLU. The paper's i − j is |m − n| here:
// posviz extends the causal bias to n > m by symmetry.
Explained fire_bias(const FireBias& f, int m, int n, const Text& t) {
    const int d = std::abs(m - n);
    const double normaliser_at = std::max(f.threshold, double(m));
    const double psi_d = std::log(f.c * d + 1.0), psi_norm = std::log(f.c * normaliser_at + 1.0);
    const double x = psi_d / psi_norm, value = f.mlp(x);
    int active = 0;  // hidden units the ReLU lets through at this input
    for (Eigen::Index k = 0; k < f.w1.rows(); ++k)
        if (f.w1(k, 0) * x + f.b1[k] > 0.0) ++active;
    std::string lines =
        t("FIRE (Li et al. 2024): ", "FIRE（Li 等, 2024）：") +
        "b = f_θ(ψ(|m − n|)/ψ(max(L_thr, m))), ψ(x) = log(c·x + 1)\nm = " + num(m) +
        ", n = " + num(n) + ", c = " + num(f.c) + ", L_thr = " + num(f.threshold) +
        t(" (progressive interpolation)", "（渐进插值阈值）") + "\nψ(|m − n|) = log(" + num(f.c) +
        "·" + num(d) + " + 1) = " + num(psi_d) + "\nψ(max(L_thr, m)) = ψ(max(" + num(f.threshold) +
        ", " + num(m) + ")) = log(" + num(f.c) + "·" + num(normaliser_at) +
        " + 1) = " + num(psi_norm) + t("\nnormalised input ", "\n归一化输入 ") +
        "x = " + num(psi_d) + "/" + num(psi_norm) + " = " + num(x) +
        "\nf_θ(x) = b₂ + Σₖ w₂ₖ·ReLU(w₁ₖ·x + b₁ₖ): " + num(active) + t(" of ", " / ") +
        num(int(f.w1.rows())) + t(" hidden units active", " 个隐藏单元激活") + "\nb = f_θ(" +
        num(x) + ") = " + num(value) +
        t("  (seeded stand-in for the learned MLP)", "（以随机种子代替学得的 MLP）");
    return {lines, value};
}

}  // namespace

std::optional<Explained> bias_of(const Encoding& e, int m, int n, const Text& t) {
    if (const auto* a = std::get_if<AlibiBias>(&e)) return alibi_bias(*a, m, n, t);
    if (const auto* b = std::get_if<T5Bias>(&e)) return t5_bias(*b, m, n, t);
    if (const auto* k = std::get_if<KerpleBias>(&e)) return kerple_bias(*k, m, n, t);
    if (const auto* f = std::get_if<FireBias>(&e)) return fire_bias(*f, m, n, t);
    return std::nullopt;
}

namespace {

// ---- content and positions ----

double scaled_dot(const Matrix& q, const Matrix& k, int m, int n) {
    return q.row(m).dot(k.row(n)) / std::sqrt(double(q.cols()));
}

// RoPE (Su et al. 2021, RoFormer eq. 16 and §3.4.3): rotating pair i of q_m and k_n by mθᵢ and nθᵢ
// leaves, per pair, (q_a·k_a + q_b·k_b)·cos((m − n)θᵢ) + (q_a·k_b − q_b·k_a)·sin((m − n)θᵢ),
// computed here from that identity, not from the rotated vectors.
Explained rope_logit(const Scene& scene, const RopeEncoding& rope, const Content& c, int m, int n,
                     const Text& t) {
    const RopeFrequencies f = rope.frequencies(scene.seq_len);
    const int pairs = rope.rotary_dim() / 2, D = rope.dim;
    const double sqrt_d = std::sqrt(double(D)), f2 = f.attention_factor * f.attention_factor;
    const bool half = rope.style == RopeStyle::Half;
    const std::string a = half ? "ᵢ" : "₂ᵢ", b = half ? "ᵢ₊" + subscript(pairs) : "₂ᵢ₊₁";
    std::string lines = t("RoPE (Su et al. 2021): ", "RoPE（Su 等, 2021）：") +
                        "qₘ·kₙ/√D = Σᵢ [(q" + a + "k" + a + " + q" + b + "k" + b +
                        ")·cos((m − n)θᵢ) + (q" + a + "k" + b + " − q" + b + "k" + a +
                        ")·sin((m − n)θᵢ)]/√D";
    lines += "\nm = " + num(m) + ", n = " + num(n) + ", m − n = " + num(m - n) + ", D = " + num(D) +
             ", θᵢ = " + format_number(rope.base, 10) + "^(−2i/" + num(rope.rotary_dim()) + ")";
    if (rope.scaling.type != RopeScalingType::None)
        lines += t(" after the context scaling", "（经上下文缩放）");
    if (f.attention_factor != 1.0)
        lines += t(", every term × attention factor² = ", "，每项 × 注意力因子² = ") + num(f2);
    const auto& q = c.queries.row(m);
    const auto& k = c.keys.row(n);
    double sum = 0.0;
    constexpr int k_shown = 3;  // the first partial sums, then the last
    for (int i = 0; i < pairs; ++i) {
        const int da = rope.pair_first_dim(i), db = rope.pair_second_dim(i);
        const double angle = double(m - n) * f.inverse_frequencies[i];
        const double term = f2 *
                            ((q(da) * k(da) + q(db) * k(db)) * std::cos(angle) +
                             (q(da) * k(db) - q(db) * k(da)) * std::sin(angle)) /
                            sqrt_d;
        sum += term;
        if (i < k_shown || i == pairs - 1) {
            if (i == pairs - 1 && pairs > k_shown + 1) lines += "\n…";
            lines += "\ni = " + num(i) + ": θ" + subscript(i) + " = " +
                     num(f.inverse_frequencies[i]) + ", (m − n)θ" + subscript(i) + " = " +
                     num(angle) + t(" rad, term ", " rad，该项 ") + num(term) + ", Σ = " + num(sum);
        }
    }
    if (rope.rotary_dim() < D) {
        double rest = 0.0;
        for (int d = rope.rotary_dim(); d < D; ++d) rest += q(d) * k(d);
        rest /= sqrt_d;
        sum += rest;
        lines +=
            t("\n+ dims that do not rotate (partial rotary): ", "\n+ 不旋转的维度（部分旋转）：") +
            num(rest);
    }
    lines += "\nqₘ·kₙ/√D = " + num(sum);
    return {lines, sum};
}

// Additive PEs (Vaswani et al. 2017 §3.5; learned tables as GPT-2's wpe): the PE is added to the
// content of both, so the logit splits into four products (as Ke et al. 2021, TUPE, write it).
Explained additive_logit(const Matrix& pe, const Content& c, int m, int n, const Text& t) {
    const Matrix& x = c.queries;
    const Matrix& y = c.keys;
    const double xy = scaled_dot(x, y, m, n), xp = scaled_dot(x, pe, m, n),
                 py = scaled_dot(pe, y, m, n), pp = scaled_dot(pe, pe, m, n);
    const double sum = xy + xp + py + pp;
    return {t("(xₘ + pₘ)·(yₙ + pₙ)/√D = (x·y + x·p + p·y + p·p)/√D",
              "(xₘ + pₘ)·(yₙ + pₙ)/√D = (x·y + x·p + p·y + p·p)/√D") +
                "\n= " + num(xy) + " + " + num(xp) + " + " + num(py) + " + " + num(pp) + " = " +
                num(sum),
            sum};
}

}  // namespace

// Sinusoidal PE (Vaswani et al. 2017, §3.5): PE(pos, 2i) = sin(pos·ωᵢ), PE(pos, 2i+1) =
// cos(pos·ωᵢ), ωᵢ = base^(−2i/D); Tensor2Tensor's halves layout puts every sine first and takes
// ωᵢ = base^(−i/(D/2 − 1)) (core/encodings/sinusoidal.h).
std::string sinusoidal_pe(const SinusoidalEncoding& s, int pos, int d, const Text& t) {
    const int half = s.dim / 2;
    const bool halves = s.layout == SinusoidalLayout::Halves;
    const int i = halves ? d % half : d / 2;
    const bool sine = halves ? d < half : d % 2 == 0;
    const double omega = s.frequencies()[i];
    const std::string fn = sine ? "sin" : "cos";
    std::string lines =
        t("Sinusoidal PE (Vaswani et al. 2017): ", "正弦位置编码（Vaswani 等, 2017）：");
    if (halves)
        lines += "PE(pos, " + std::string(sine ? "i" : "D/2 + i") + ") = " + fn +
                 "(pos·base^(−i/(D/2 − 1)))\npos = " + num(pos) + ", i = " + num(i) +
                 ", D = " + num(s.dim) + ", ωᵢ = " + format_number(s.base, 10) + "^(−" + num(i) +
                 "/" + num(half - 1) + ") = " + num(omega);
    else
        lines += "PE(pos, " + std::string(sine ? "2i" : "2i+1") + ") = " + fn +
                 "(pos/base^(2i/D))\npos = " + num(pos) + ", i = " + num(i) +
                 ", D = " + num(s.dim) + ": " + format_number(s.base, 10) + "^(" + num(2 * i) +
                 "/" + num(s.dim) + ") = " + num(1.0 / omega);
    const double angle = pos * omega;
    // As the formula above writes it: pos·ωᵢ (halves), pos/base^(2i/D) (Vaswani's).
    const std::string argument =
        halves ? num(pos) + "·" + num(omega) : num(pos) + "/" + num(1.0 / omega);
    lines += "\n" + fn + "(" + argument + ") = " + fn + "(" + num(angle) +
             ") = " + num(sine ? std::sin(angle) : std::cos(angle));
    return lines;
}

}  // namespace posviz::formula

namespace posviz {

namespace {

using namespace formula;

// ---- figures ----

std::string scores_formula(const Scene& scene, const std::string& name, int m, int n,
                           const Text& t) {
    const Encoding e = make_encoding(scene, name);
    const Content c = make_content(scene);
    const bool masked = scene.causal && n > m;
    std::optional<Explained> logit;
    if (const auto* rope = std::get_if<RopeEncoding>(&e)) {
        logit = rope_logit(scene, *rope, c, m, n, t);
    } else if (const auto* s = std::get_if<SinusoidalEncoding>(&e)) {
        logit = additive_logit(s->table(scene.seq_len), c, m, n, t);
    } else if (const auto* l = std::get_if<LearnedEncoding>(&e)) {
        logit = additive_logit(l->positions(scene.seq_len), c, m, n, t);
    } else if (std::holds_alternative<NoPE>(e)) {
        const double dot = scaled_dot(c.queries, c.keys, m, n);
        logit = {
            t("NoPE: qₘ·kₙ/√D, no position term", "NoPE：qₘ·kₙ/√D，无位置项") + "\n= " + num(dot),
            dot};
    } else if (const std::optional<Explained> bias = bias_of(e, m, n, t)) {
        const double dot = scaled_dot(c.queries, c.keys, m, n);
        logit = {"logit = qₘ·kₙ/√D + b\nqₘ·kₙ/√D = " + num(dot) + "\n" + bias->lines +
                     "\nlogit = " + num(dot) + " + (" + num(bias->value) +
                     ") = " + num(dot + bias->value),
                 dot + bias->value};
    }
    if (!logit) return "";
    // A masked cell has no number to explain: the formula, and why.
    if (masked) return logit->lines.substr(0, logit->lines.find('\n')) + "\n" + masked_line(t);
    return logit->lines;
}

std::string bias_formula(const Scene& scene, const std::string& name, int m, int n, const Text& t) {
    const std::optional<Explained> bias = bias_of(make_encoding(scene, name), m, n, t);
    if (!bias) return "";
    if (scene.causal && n > m)
        return bias->lines.substr(0, bias->lines.find('\n')) + "\n" + masked_line(t);
    return bias->lines;
}

}  // namespace

std::string cell_formula(const Scene& scene, const FigureOptions& options, int panel, int row,
                         int col) {
    const Text t{options.lang};
    if (panel < 0 || row < 0 || col < 0 || row >= scene.seq_len) return "";
    auto listed = [&](size_t count) { return size_t(panel) < count; };
    const std::vector<std::string> names =
        scene.compare.empty() ? std::vector<std::string>{scene.encoding} : scene.compare;
    if (scene.figure == "scores") {
        if (scene.seq_len > scene.resolution || !listed(names.size()) || col >= scene.seq_len)
            return "";
        return scores_formula(scene, names[size_t(panel)], row, col, t);
    }
    if (scene.figure == "bias") {
        if (col >= scene.seq_len) return "";
        if (options.all_heads) {
            if (panel >= scene.heads) return "";
            Scene head = scene;
            head.head = panel;
            return bias_formula(head, "alibi", row, col, t);
        }
        return listed(names.size()) ? bias_formula(scene, names[size_t(panel)], row, col, t) : "";
    }
    if (scene.figure == "buckets" && panel == 0 && col < scene.seq_len) {
        const Encoding e = make_encoding(scene);
        const auto* b = std::get_if<T5Bias>(&e);
        return b ? t5_bucket(*b, row, col, t).lines : "";
    }
    if (scene.figure == "pe" && panel == 0 && col < scene.dim && scene.encoding == "sinusoidal")
        return sinusoidal_pe(std::get<SinusoidalEncoding>(make_encoding(scene)), row, col, t);
    return "";
}

}  // namespace posviz
