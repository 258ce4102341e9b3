#include <array>

#include "core/figure/colormap.h"
#include "core/figure_data.h"
#include "core/figures/builders.h"
#include "core/figures/coinciding_lines.h"
#include "core/figures/colour_scale.h"
#include "core/figures/figure_text.h"
#include "core/input_error.h"
#include "core/stage_times.h"

namespace posviz {

namespace {

struct Builder {
    const char* name;
    Figure (*build)(const Scene&, const FigureOptions&);
    bool compares;  // draws the encodings (or bases) of --compare
};

const std::array<Builder, 17> k_builders = {{
    {"wavelengths", wavelengths_figure, true},
    {"curves", curves_figure, false},
    {"pe", pe_figure, false},
    {"similarity", similarity_figure, false},
    {"scores", scores_figure, true},
    {"terms", terms_figure, false},
    {"bias", bias_figure, true},
    {"buckets", buckets_figure, false},
    {"decay", decay_figure, true},
    {"rotation", rotation_figure, false},
    {"permutation", permutation_figure, false},
    {"turns", turns_figure, false},
    {"scalings", scalings_figure, false},
    {"extrapolation", extrapolation_figure, false},
    {"pca", pca_figure, false},
    {"base-bound", base_bound_figure, false},
    {"scale-factors", scale_factors_figure, false},
}};

// A figure that draws one encoding refuses --compare rather than silently drawing --encoding.
void check_compare(const Builder& builder, const Scene& scene) {
    if (builder.compares || scene.compare.empty()) return;
    std::string listed, comparing;
    for (const std::string& entry : scene.compare) listed += (listed.empty() ? "" : ",") + entry;
    for (const Builder& b : k_builders)
        if (b.compares) comparing += (comparing.empty() ? "" : ", ") + std::string(b.name);
    throw InputError("--compare", listed,
                     "no --compare for the " + std::string(builder.name) +
                         " figure (it draws --encoding); compared figures: " + comparing);
}

void check_options(const FigureOptions& options) {
    if (options.lang != "en" && options.lang != "zh")
        throw InputError("--lang", options.lang, "en or zh");
    if (!options.colormap.empty()) find_colormap(options.colormap);
    check_colour_options(options);
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
        check_compare(b, scene);
        if (options.difference && scene.figure != "scores")
            throw InputError("--difference", scene.figure,
                             "the scores figure (A − B of two "
                             "compared encodings)");
        check_memory_budget(scene, options.all_heads ? scene.heads : 0);
        Figure figure = b.build(scene, options);
        for (Panel& panel : figure.panels) mark_coinciding_lines(panel, Text{options.lang});
        {
            const stage_times::Scope timed(stage_times::Stage::ColourPass);
            summarise_heatmaps(figure);  // the values are final: later readers need no pass
            apply_colour_options(figure, options, b.compares);
        }
        // A model's figures say which model, scaling and training length they show, first.
        const std::string model = model_summary(scene, Text{options.lang});
        if (!model.empty()) figure.subtitle = join_parts({model, figure.subtitle});
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
