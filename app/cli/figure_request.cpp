#include "app/cli/figure_request.h"

#include <algorithm>
#include <filesystem>

#include "app/cli/scene_options.h"
#include "core/formats/atomic_file.h"
#include "core/formats/csv.h"
#include "core/formats/npy.h"
#include "core/input_error.h"

namespace posviz {

namespace {

// A data file holds one encoding's numbers; a --compare list would be silently dropped.
void check_no_compare(const Scene& scene) {
    if (scene.compare.empty()) return;
    std::string listed;
    for (const std::string& entry : scene.compare) listed += (listed.empty() ? "" : ",") + entry;
    throw InputError("--compare", listed,
                     "a picture output (.png, .svg, .pdf): a .npy/.csv export holds the numbers of "
                     "one encoding, chosen by --encoding");
}

void write_data(const DataTable& table, const FigureRequest& request, const std::string& output,
                const std::string& extension) {
    if (extension == ".csv") {
        write_file_atomically(output, encode_csv(table));
        return;
    }
    if (request.dtype != "f64" && request.dtype != "f32")
        throw InputError("--dtype", request.dtype, "f64 or f32");
    write_file_atomically(
        output, encode_npy(table.shape, table.values.data(),
                           request.dtype == "f32" ? NpyDtype::Float32 : NpyDtype::Float64));
}

// The options add_figure_request_options registers, in order, and where the picture ones start.
struct Registered {
    std::unique_ptr<CLI::App> app;
    size_t first_picture = 0;
};

Registered register_options(FigureRequest& request) {
    Registered r;
    r.app = std::make_unique<CLI::App>("posviz export");
    r.app->add_option("FIGURE", request.scene.figure, "a figure named by `posviz list`")
        ->required();
    add_scene_options(*r.app, request.scene);
    add_rope_scaling_options(*r.app, request.rope_flags);
    r.first_picture = r.app->get_options().size();
    add_figure_export_options(*r.app, request.picture);
    return r;
}

}  // namespace

void add_figure_request_options(CLI::App& cmd, FigureRequest& request) {
    add_scene_options(cmd, request.scene);
    add_rope_scaling_options(cmd, request.rope_flags);
    add_figure_export_options(cmd, request.picture);
}

void finish_figure_request(FigureRequest& request, const CLI::App& cmd) {
    const CLI::Option* resolution = cmd.get_option_no_throw("--resolution");
    request.resolution_given = resolution && resolution->count() > 0;
    // The figures of an absolute PE matrix cannot draw the default encoding (rope): without
    // --encoding or a model they draw Vaswani's sinusoidal one, as `export pe -o x.npy` expects.
    const CLI::Option* encoding = cmd.get_option_no_throw("--encoding");
    const std::string& figure = request.scene.figure;
    const bool model =
        !request.rope_flags.model_config.empty() || !request.rope_flags.model_dir.empty();
    if (encoding && encoding->count() == 0 && !model &&
        (figure == "pe" || figure == "curves" || figure == "similarity" || figure == "pca"))
        request.scene.encoding = "sinusoidal";
    request.nope = apply_rope_scaling_options(request.rope_flags, request.scene);
}

FigureRequest parse_figure_request(const std::vector<std::string>& args) {
    FigureRequest request;
    const Registered r = register_options(request);
    // CLI11 takes a vector of arguments last one first.
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    r.app->parse(reversed);
    finish_figure_request(request, *r.app);
    request.rope_flags.cmd = nullptr;  // the parser ends here
    return request;
}

std::vector<FigureRequestOption> figure_request_options() {
    FigureRequest request;
    const Registered r = register_options(request);
    std::vector<FigureRequestOption> options;
    const std::vector<CLI::Option*> registered = r.app->get_options();
    for (size_t i = 0; i < registered.size(); ++i) {
        const CLI::Option* o = registered[i];
        if (!o->nonpositional() || o->get_name() == "--help") continue;
        FigureRequestOption info;
        info.name = o->get_name();
        info.description = o->get_description();
        info.default_text = o->get_default_str();
        info.flag = o->get_expected_max() == 0;  // takes no value
        info.list = o->get_delimiter() != '\0';
        info.picture = i >= r.first_picture;
        options.push_back(std::move(info));
    }
    return options;
}

DataTable figure_request_data(const FigureRequest& request, ScoresBackend* backend) {
    DataTable table;
    name_nope_layer(request.nope, request.scene.figure, [&] {
        check_no_compare(request.scene);
        const FigureExportOptions& p = request.picture;
        if (p.split || p.all_heads || p.difference)
            throw InputError(p.split       ? "--split"
                             : p.all_heads ? "--all-heads"
                                           : "--difference",
                             "given",
                             "a picture output (.png, .svg, .pdf): a .npy/.csv export holds the "
                             "figure's numbers as its table in the README says");
        table = request.resolution_given ? compute_reduced_scores_data(request.scene, backend)
                                         : compute_figure_data(request.scene, backend);
    });
    return table;
}

void write_figure_file(const FigureRequest& request, const std::string& output,
                       ScoresBackend* backend) {
    const std::string extension = std::filesystem::path(output).extension().string();
    if (extension == ".npy" || extension == ".csv") {
        write_data(figure_request_data(request, backend), request, output, extension);
        return;
    }
    if (extension == ".png" || extension == ".svg" || extension == ".pdf" || extension == ".gif" ||
        extension == ".mp4") {
        name_nope_layer(request.nope, request.scene.figure, [&] {
            export_scene_figure(request.scene, request.picture, output, backend);
        });
        return;
    }
    throw InputError("-o", output, "a file ending in .npy, .csv, .png, .svg, .pdf, .gif or .mp4");
}

std::string render_figure_request(const FigureRequest& request, const std::string& extension) {
    std::string bytes;
    name_nope_layer(request.nope, request.scene.figure, [&] {
        bytes = render_scene_figure(request.scene, request.picture, extension);
    });
    return bytes;
}

}  // namespace posviz
