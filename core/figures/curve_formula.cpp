#include "core/figures/curve_formula.h"

#include <cmath>
#include <complex>
#include <numbers>
#include <vector>

#include "core/figure/ticks.h"
#include "core/figures/formula_parts.h"
#include "core/figures/variants.h"

namespace posviz {

namespace {

using formula::num;

// curves: line k plots dim dims[k] (with --split, panel k's only line does).
std::string curves_formula(const Scene& scene, const FigureOptions& options, int panel, int line,
                           int pos, const Text& t) {
    const int k = options.split ? panel : line;
    if ((options.split ? line : panel) != 0 || k >= int(scene.dims.size()) || pos < 0 ||
        pos >= scene.seq_len)
        return "";
    const Encoding e = make_encoding(scene);
    const auto* s = std::get_if<SinusoidalEncoding>(&e);
    return s ? formula::sinusoidal_pe(*s, pos, scene.dims[size_t(k)], t) : "";
}

// Pair i's θᵢ and wavelength 2π/θᵢ. The closed form base^(−2i/D) is written out where the curve's
// frequencies are that (Vaswani's and RoFormer's); a context scaling or the halves layout changes
// them, and the curve's label says which.
std::string pair_formula(const FrequencyCurve& curve, int i, const Text& t) {
    const Vector theta = scene_inverse_frequencies(curve.scene);
    if (i < 0 || i >= theta.size()) return "";
    const int D = 2 * int(theta.size());
    const double closed = std::pow(curve.scene.base, -2.0 * i / D);
    const double wavelength = 2.0 * std::numbers::pi / theta(i);
    const std::string base = format_number(curve.scene.base, 10);
    std::string lines = curve.label.empty() ? "" : curve.label + "\n";
    lines += t("wavelength of pair i: λᵢ = 2π/θᵢ", "维度对 i 的波长：λᵢ = 2π/θᵢ");
    if (std::abs(theta(i) - closed) <= 1e-12 * closed) {
        lines += " = 2π·base^(2i/D)\ni = " + num(i) + ", D = " + num(D) + ": θ" + subscript(i) +
                 " = " + base + "^(−" + num(2 * i) + "/" + num(D) + ") = " + num(theta(i)) + "\nλ" +
                 subscript(i) + " = 2π·" + base + "^(" + num(2 * i) + "/" + num(D) +
                 ") = " + num(wavelength);
    } else {
        lines += "\ni = " + num(i) + ": θ" + subscript(i) + " = " + num(theta(i)) + "\nλ" +
                 subscript(i) + " = 2π/" + num(theta(i)) + " = " + num(wavelength);
    }
    return lines;
}

// RoFormer §3.4.3 (core/analyses/decay.h): the bound (1/(D/2))·Σⱼ |Sⱼ| at distance r, Sⱼ the
// partial sums of exp(i·r·θₖ) — each term × ζₖ^(r/B) for xPos — with the first few |Sⱼ|.
std::string decay_formula(const Variant& variant, int r, const Text& t) {
    const Scene& v = variant.scene;
    if (r < 0 || r >= v.seq_len) return "";
    const Vector theta = scene_inverse_frequencies(v);
    const Encoding e = make_encoding(v);
    const auto* xpos = std::get_if<XPosEncoding>(&e);
    const Vector zeta = xpos ? xpos->pair_scales() : Vector();
    const int pairs = int(theta.size());
    std::string lines = variant.label.empty() ? "" : variant.label + "\n";
    lines += t("RoFormer §3.4.3: bound = (1/(D/2))·Σⱼ |Sⱼ|, Sⱼ = ",
               "RoFormer §3.4.3：上界 = (1/(D/2))·Σⱼ |Sⱼ|，Sⱼ = ") +
             (xpos ? "ζ₀^(r/B)·exp(i·r·θ₀) + … + ζⱼ₋₁^(r/B)·exp(i·r·θⱼ₋₁)"
                   : "exp(i·r·θ₀) + … + exp(i·r·θⱼ₋₁)") +
             "\nr = " + num(r) + ", D/2 = " + num(pairs);
    if (xpos) lines += ", B = " + num(xpos->scale_base);
    std::complex<double> s = 0.0;
    double total = 0.0;
    constexpr int k_shown = 3;  // the first |Sⱼ|, then the last
    for (int k = 0; k < pairs; ++k) {
        const double scale = xpos ? std::pow(zeta(k), r / xpos->scale_base) : 1.0;
        s += scale * std::polar(1.0, r * theta(k));
        total += std::abs(s);
        if (k < k_shown || k == pairs - 1)
            lines += std::string(k == 0                                  ? "\n"
                                 : k == pairs - 1 && pairs > k_shown + 1 ? ", …, "
                                                                         : ", ") +
                     "|S" + subscript(k + 1) + "| = " + num(std::abs(s));
    }
    lines += "\nΣⱼ |Sⱼ| = " + num(total) + t(", bound = ", "，上界 = ") + num(total) + "/" +
             num(pairs) + " = " + num(total / pairs);
    return lines;
}

// The bias curve reads r = m − n ≥ 0 along the last query row and r < 0 along the first
// (bias.cpp's bias_curve): the formula is that cell's.
std::string bias_curve_formula(const Scene& scene, const std::string& name, int r, const Text& t) {
    const int L = scene.seq_len;
    if (r <= -L || r >= L) return "";
    const int m = r >= 0 ? L - 1 : 0, n = m - r;
    const std::optional<formula::Explained> bias =
        formula::bias_of(make_encoding(scene, name), m, n, t);
    if (!bias) return "";
    return "m − n = " + num(r) + t(", read at m = ", "，取 m = ") + num(m) + ", n = " + num(n) +
           "\n" + bias->lines;
}

}  // namespace

std::string curve_formula(const Scene& scene, const FigureOptions& options, int panel, int line,
                          double x) {
    const Text t{options.lang};
    if (panel < 0 || line < 0 || !std::isfinite(x) || std::abs(x) > 1e9) return "";
    const int at = int(std::lround(x));
    if (scene.figure == "curves") return curves_formula(scene, options, panel, line, at, t);
    if (scene.figure == "wavelengths" && panel <= 1) {
        const std::vector<FrequencyCurve> curves = wavelength_curves(scene, t);
        return size_t(line) < curves.size() ? pair_formula(curves[size_t(line)], at, t) : "";
    }
    if (scene.figure == "decay" && panel == 0) {
        const std::vector<Variant> variants = frequency_variants(scene, "decay", t);
        return size_t(line) < variants.size() ? decay_formula(variants[size_t(line)], at, t) : "";
    }
    if (scene.figure == "bias" && !options.all_heads) {
        const std::vector<std::string> names =
            scene.compare.empty() ? std::vector<std::string>{scene.encoding} : scene.compare;
        // The curve panel follows the maps, one line per encoding.
        if (size_t(panel) != names.size() || size_t(line) >= names.size()) return "";
        return bias_curve_formula(scene, names[size_t(line)], at, t);
    }
    return "";
}

}  // namespace posviz
