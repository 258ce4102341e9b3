#include "app/cli/export_command.h"

#include <filesystem>
#include <memory>

#include "app/cli/backend_options.h"
#include "app/cli/figure_options.h"
#include "app/cli/rope_scaling_options.h"
#include "app/cli/scene_options.h"
#include "app/gui/files/storyline_pdf.h"
#include "core/figure_data.h"
#include "core/formats/csv.h"
#include "core/formats/npy.h"
#include "core/input_error.h"

namespace posviz {

namespace {

struct ExportArgs {
    Scene scene;
    RopeScalingFlags rope_flags;
    FigureExportOptions picture;
    std::string output;
    std::string dtype = "f64";
    std::string backend = "cpu";
    bool resolution_given = false;     // --resolution on the command line: export the map as drawn
    std::vector<std::string> presets;  // export storyline: the pages (empty: the whole storyline)
};

// `export storyline`: the handout of presets. Every other scene or picture option would be
// silently ignored (each preset has its own scene), so it is refused instead.
void run_storyline_export(const ExportArgs& args, const CLI::App& cmd) {
    for (const CLI::Option* option : cmd.get_options()) {
        const std::string name = option->get_name();
        if (option->count() > 0 && name != "FIGURE" && name != "--output" && name != "--preset" &&
            name != "--lang" && name != "--theme")
            throw InputError(name, "an option of figure exports",
                             "only -o, --preset, --lang and --theme with `export storyline`");
    }
    gui::export_storyline(
        {gui::storyline_presets(args.presets), args.picture.lang, args.picture.theme}, args.output);
}

// A data file holds one encoding's numbers; a --compare list would be silently dropped.
void check_no_compare(const Scene& scene) {
    if (scene.compare.empty()) return;
    std::string listed;
    for (const std::string& entry : scene.compare) listed += (listed.empty() ? "" : ",") + entry;
    throw InputError("--compare", listed,
                     "a picture output (.png, .svg, .pdf): a .npy/.csv export holds the numbers of "
                     "one encoding, chosen by --encoding");
}

void write_data(const DataTable& table, const ExportArgs& args, const std::string& extension) {
    if (extension == ".csv") {
        write_file_atomically(args.output, encode_csv(table));
        return;
    }
    if (args.dtype != "f64" && args.dtype != "f32")
        throw InputError("--dtype", args.dtype, "f64 or f32");
    write_file_atomically(args.output,
                          encode_npy(table.shape, table.values.data(),
                                     args.dtype == "f32" ? NpyDtype::Float32 : NpyDtype::Float64));
}

void run_export(const ExportArgs& args) {
    const std::string extension = std::filesystem::path(args.output).extension().string();
    const std::unique_ptr<ScoresBackend> backend = make_scores_backend(args.backend);
    if (extension == ".npy" || extension == ".csv") {
        check_no_compare(args.scene);
        if (args.picture.split || args.picture.all_heads || args.picture.difference)
            throw InputError(args.picture.split       ? "--split"
                             : args.picture.all_heads ? "--all-heads"
                                                      : "--difference",
                             "given",
                             "a picture output (.png, .svg, .pdf): a .npy/.csv export holds the "
                             "figure's numbers as its table in the README says");
        write_data(args.resolution_given ? compute_reduced_scores_data(args.scene, backend.get())
                                         : compute_figure_data(args.scene, backend.get()),
                   args, extension);
        return;
    }
    if (extension == ".png" || extension == ".svg" || extension == ".pdf" || extension == ".gif" ||
        extension == ".mp4") {
        export_scene_figure(args.scene, args.picture, args.output, backend.get());
        return;
    }
    throw InputError("-o", args.output,
                     "a file ending in .npy, .csv, .png, .svg, .pdf, .gif or .mp4");
}

}  // namespace

void add_export_command(CLI::App& app) {
    auto args = std::make_shared<ExportArgs>();
    CLI::App* cmd = app.add_subcommand("export", "write one figure's data or picture to a file");
    cmd->add_option("FIGURE", args->scene.figure,
                    "a figure named by `posviz list`, or `storyline` (a PDF page per preset)")
        ->required();
    cmd->add_option("-o,--output", args->output,
                    "output file: .npy/.csv (data), .png/.svg/.pdf (picture), .gif/.mp4 (rotation)")
        ->required();
    cmd->add_option("--dtype", args->dtype, ".npy element type: f64|f32")->capture_default_str();
    add_backend_option(*cmd, args->backend);
    add_scene_options(*cmd, args->scene);
    add_rope_scaling_options(*cmd, args->rope_flags);
    add_figure_export_options(*cmd, args->picture);
    const CLI::Option* presets =
        cmd->add_option("--preset", args->presets,
                        "export storyline: its pages, e.g. learned,rope-rotation (default: all)")
            ->delimiter(',');
    const CLI::Option* resolution = cmd->get_option("--resolution");
    cmd->callback([args, resolution, presets, cmd] {
        if (args->scene.figure == "storyline") return run_storyline_export(*args, *cmd);
        if (presets->count() > 0)
            throw InputError(
                "--preset", args->presets.front(),
                "no --preset but with `export storyline` (the PDF handout of presets)");
        args->resolution_given = resolution->count() > 0;
        const NopeLayerChoice nope = apply_rope_scaling_options(args->rope_flags, args->scene);
        name_nope_layer(nope, args->scene.figure, [&] { run_export(*args); });
    });
}

}  // namespace posviz
