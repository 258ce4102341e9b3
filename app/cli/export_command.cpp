#include "app/cli/export_command.h"

#include <filesystem>
#include <memory>

#include "app/cli/backend_options.h"
#include "app/cli/figure_options.h"
#include "app/cli/rope_scaling_options.h"
#include "app/cli/scene_options.h"
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
};

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
        write_data(compute_figure_data(args.scene, backend.get()), args, extension);
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
    cmd->add_option("FIGURE", args->scene.figure, "a figure named by `posviz list`")->required();
    cmd->add_option("-o,--output", args->output,
                    "output file: .npy/.csv (data), .png/.svg/.pdf (picture), .gif/.mp4 (rotation)")
        ->required();
    cmd->add_option("--dtype", args->dtype, ".npy element type: f64|f32")->capture_default_str();
    add_backend_option(*cmd, args->backend);
    add_scene_options(*cmd, args->scene);
    add_rope_scaling_options(*cmd, args->rope_flags);
    add_figure_export_options(*cmd, args->picture);
    cmd->callback([args] {
        apply_rope_scaling_options(args->rope_flags, args->scene);
        run_export(*args);
    });
}

}  // namespace posviz
