#include <array>

#include "core/figure/colormap.h"
#include "core/figures/builders.h"
#include "core/input_error.h"

namespace posviz {

namespace {

struct Builder {
    const char* name;
    Figure (*build)(const Scene&, const FigureOptions&);
};

const std::array<Builder, 15> k_builders = {{
    {"wavelengths", wavelengths_figure},
    {"curves", curves_figure},
    {"pe", pe_figure},
    {"similarity", similarity_figure},
    {"scores", scores_figure},
    {"terms", terms_figure},
    {"bias", bias_figure},
    {"buckets", buckets_figure},
    {"decay", decay_figure},
    {"rotation", rotation_figure},
    {"permutation", permutation_figure},
    {"turns", turns_figure},
    {"scalings", scalings_figure},
    {"extrapolation", extrapolation_figure},
    {"pca", pca_figure},
}};

void check_options(const FigureOptions& options) {
    if (options.lang != "en" && options.lang != "zh")
        throw InputError("--lang", options.lang, "en or zh");
    if (!options.colormap.empty()) find_colormap(options.colormap);
}

void override_colormap(Figure& figure, const std::string& colormap) {
    if (colormap.empty()) return;
    for (Panel& panel : figure.panels)
        if (panel.heatmap) panel.heatmap->colormap = colormap;
    if (figure.colorbar) figure.colorbar->colormap = colormap;
}

}  // namespace

std::vector<std::string> figure_names() {
    std::vector<std::string> names;
    for (const Builder& b : k_builders) names.push_back(b.name);
    return names;
}

Figure build_figure(const Scene& scene, const FigureOptions& options) {
    check_options(options);
    for (const Builder& b : k_builders) {
        if (scene.figure != b.name) continue;
        validate_scene(scene);
        Figure figure = b.build(scene, options);
        override_colormap(figure, options.colormap);
        return figure;
    }
    std::string names;
    for (const Builder& b : k_builders) {
        if (!names.empty()) names += '|';
        names += b.name;
    }
    throw InputError("FIGURE", scene.figure, "one of " + names);
}

}  // namespace posviz
