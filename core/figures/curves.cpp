// PE value against position for the dims named by --dims (the seeds plot 2, 6 and 12): low dims
// oscillate fast, high dims slowly. For the sinusoidal PE each legend entry says which function
// and wavelength the dim carries.
#include <cmath>

#include "core/analyses/pe_analysis.h"
#include "core/figures/builders.h"
#include "core/figures/panels.h"

namespace posviz {

namespace {

// "dim 6: sin, λ = 29.9" — dim d of the sinusoidal table is sin or cos of pair i at ωᵢ.
std::string sinusoid_label(const SinusoidalEncoding& e, int d, const Text& t) {
    const bool interleaved = e.layout == SinusoidalLayout::Interleaved;
    const int pair = interleaved ? d / 2 : d % (e.dim / 2);
    const bool is_sin = interleaved ? d % 2 == 0 : d < e.dim / 2;
    const double wavelength = 2.0 * M_PI / e.frequencies()(pair);
    return t("dim ", "维度 ") + std::to_string(d) + ": " + (is_sin ? "sin" : "cos") + "(ω" +
           subscript(pair) + "·pos), λ = " + format_number(wavelength, 3);
}

}  // namespace

Figure curves_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    const Matrix curves = pe_curves(absolute_pe_drawn(scene), scene.dims);
    // The rows that exist: a learned table shorter than L has NaN rows past its max_len.
    const int max_len = missing_rows_from(scene);
    const Matrix existing = curves.topRows(max_len > 0 ? max_len : curves.rows());
    const Encoding encoding = make_encoding(scene);
    const auto* sinusoidal = std::get_if<SinusoidalEncoding>(&encoding);

    Panel panel = plot_panel("", t("position pos", "位置 pos"), "PE(pos, d)");
    panel.legend = LegendPosition::Outside;
    std::vector<double> positions(size_t(curves.rows()));
    for (size_t m = 0; m < positions.size(); ++m) positions[m] = double(m);
    Figure figure;
    for (size_t k = 0; k < scene.dims.size(); ++k) {
        const int d = scene.dims[k];
        std::vector<double> values(positions.size());
        for (size_t m = 0; m < values.size(); ++m)
            values[m] = curves(Eigen::Index(m), Eigen::Index(k));
        const std::string label =
            sinusoidal ? sinusoid_label(*sinusoidal, d, t) : t("dim ", "维度 ") + std::to_string(d);
        if (!options.split) {
            panel.lines.push_back(line(label, positions, values, int(k)));
            continue;
        }
        // --split: the dim's label is the panel's title; all panels share the y range, so that
        // amplitudes compare across them.
        Panel own = plot_panel(label, panel.x.label, panel.y.label);
        own.lines.push_back(line("", positions, values, int(k)));
        own.y.min = existing.minCoeff() - 0.05 * (existing.maxCoeff() - existing.minCoeff());
        own.y.max = existing.maxCoeff() + 0.05 * (existing.maxCoeff() - existing.minCoeff());
        figure.panels.push_back(std::move(own));
    }

    if (!options.split) mark_missing_rows(panel, max_len, scene.seq_len, t);
    figure.title = name_then(encoding_title(scene.encoding, t),
                             t(" PE: one curve per dimension", " 位置编码：各维度随位置的变化"));
    figure.subtitle =
        join_parts({scene_sizes(scene), sinusoidal ? "base = " + format_number(scene.base, 6) : "",
                    sinusoidal ? frequency_formula(scene) : ""});
    if (!options.split) figure.panels = {panel};
    figure.cols = int(figure.panels.size());
    figure.width_in = 9.0;
    figure.height_in = 4.2;
    return figure;
}

}  // namespace posviz
