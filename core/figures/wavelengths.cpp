// Which pair turns how fast: wavelength 2π/θᵢ (log scale) and frequency θᵢ against pair index i,
// one curve per compared base or encoding (variants.h); a scaled RoPE also shows its unscaled
// curve, dashed.
#include <algorithm>
#include <cmath>

#include "core/analyses/frequencies.h"
#include "core/analyses/rope_bounds.h"
#include "core/analyses/rope_extension.h"
#include "core/figures/builders.h"
#include "core/figures/panels.h"
#include "core/figures/variants.h"

namespace posviz {

std::vector<FrequencyCurve> wavelength_curves(const Scene& scene, const Text& t) {
    std::vector<FrequencyCurve> curves;
    const std::vector<Variant> variants = frequency_variants(scene, "wavelengths", t);
    for (size_t k = 0; k < variants.size(); ++k) {
        const Scene& v = variants[k].scene;
        curves.push_back({v, variants[k].label, int(k), false});
        if (v.encoding != "sinusoidal" && extends_context(v.rope_scaling)) {
            Scene unscaled = v;
            unscaled.rope_scaling = pretrained_scaling(v.rope_scaling);
            curves.push_back({unscaled, encoding_title(v.encoding, t) + t(" unscaled", " 未缩放"),
                              int(k), true});
        }
    }
    return curves;
}

Figure wavelengths_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    const std::string w = frequency_symbol(scene);
    Panel wavelength =
        plot_panel(t("Wavelength per pair", "各维度对的波长"), t("pair index i", "维度对序号 i"),
                   t("wavelength 2π/" + w + " (positions)", "波长 2π/" + w + "（位置数）"));
    wavelength.y.scale = AxisScale::Log;
    wavelength.legend = LegendPosition::UpperLeft;
    Panel frequency =
        plot_panel(t("Frequency per pair", "各维度对的频率"), t("pair index i", "维度对序号 i"),
                   t(w + " (radians per position)", w + "（弧度/位置）"));
    frequency.y.scale = AxisScale::Log;
    frequency.legend = LegendPosition::UpperRight;

    auto add_curves = [&](const Matrix& table, const std::string& label, int colour, bool dashed) {
        std::vector<double> i(size_t(table.rows())), theta(i.size()), lambda(i.size());
        for (Eigen::Index r = 0; r < table.rows(); ++r) {
            i[size_t(r)] = table(r, 0);
            theta[size_t(r)] = table(r, 1);
            lambda[size_t(r)] = table(r, 2);
        }
        LineSeries w = line(label, i, lambda, colour), f = line(label, i, theta, colour);
        // A scaled RoPE's unscaled curve: its colour, another pattern.
        if (dashed)
            w.dash = f.dash = w.dash == LineDash::Dashed ? LineDash::Dotted : LineDash::Dashed;
        wavelength.lines.push_back(w);
        frequency.lines.push_back(f);
    };
    for (const FrequencyCurve& c : wavelength_curves(scene, t))
        add_curves(wavelength_table(scene_inverse_frequencies(c.scene)), c.label, c.colour,
                   c.dashed);
    if (wavelength.lines.size() == 1) wavelength.lines[0].label = frequency.lines[0].label = "";

    // The context length: pairs whose wavelength exceeds it never complete a turn inside it.
    const std::vector<double> span = {wavelength.lines[0].x.front(), wavelength.lines[0].x.back()};
    LineSeries context = line(t("context L = ", "上下文 L = ") + std::to_string(scene.seq_len),
                              span, {double(scene.seq_len), double(scene.seq_len)}, 0);
    context.colour = Colour::muted();
    context.dash = LineDash::Dashed;
    context.width = 1.0;
    wavelength.lines.push_back(context);

    // Liu et al.'s critical dimension (2023) for one RoPE: the first pair whose wavelength exceeds
    // the training length, marked where its curve crosses that length.
    std::string critical_part;
    if (scene.compare.empty() && (scene.encoding == "rope" || scene.encoding == "xpos")) {
        const CriticalDimension critical = scene_critical_dimension(scene);
        const int train = training_length(scene);
        const int pairs = int(wavelength.lines[0].x.size());
        critical_part = critical_dimension_text(critical, pairs, train, t) +
                        t(" (Liu et al. 2023)", "（Liu 等，2023）");
        if (train != scene.seq_len) {
            LineSeries trained = line(t("training length ", "训练长度 ") + std::to_string(train),
                                      span, {double(train), double(train)}, 0);
            trained.colour = Colour::muted();
            trained.width = 1.0;
            wavelength.lines.push_back(trained);
        }
        if (critical.pair < pairs) {
            double low = INFINITY, high = -INFINITY;
            for (const LineSeries& s : wavelength.lines)
                for (double y : s.y)
                    if (y > 0.0 && std::isfinite(y)) {
                        low = std::min(low, y);
                        high = std::max(high, y);
                    }
            LineSeries mark =
                vertical_marker(t("critical dim. d_extra = ", "临界维度 d_extra = ") +
                                    std::to_string(critical.dims),
                                wavelength.lines[0].x[size_t(critical.pair)], low, high);
            mark.colour = Colour::foreground();
            wavelength.lines.push_back(mark);
        }
    }

    Figure figure;
    figure.title = scene.compare.empty()
                       ? encoding_title(scene.encoding, t) +
                             t(": how fast each pair of dims turns", "：各维度对的旋转快慢")
                       : t("Frequencies compared", "频率对比");
    figure.subtitle =
        join_parts({scene_sizes(scene), base_part(scene), frequency_formula(scene), critical_part,
                    scene.compare.empty() ? still_pairs_text(scene_inverse_frequencies(scene), t)
                                          : std::string()});
    figure.cols = 2;
    figure.panels = {wavelength, frequency};
    figure.width_in = 10.0;
    figure.height_in = 4.4;
    return figure;
}

}  // namespace posviz
