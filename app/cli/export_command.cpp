#include "app/cli/export_command.h"

#include <memory>

#include "app/cli/backend_options.h"
#include "app/cli/figure_request.h"
#include "app/handout/handout_pdf.h"
#include "app/storyline/preset.h"
#include "core/input_error.h"

namespace posviz {

namespace {

struct ExportArgs {
    FigureRequest request;  // the scene, model and picture options (app/cli/figure_request.h)
    std::string output;
    std::string backend = "cpu";
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
    const FigureExportOptions& picture = args.request.picture;
    handout::export_handout(
        {storyline::storyline_presets(args.presets), picture.lang, picture.theme}, args.output);
}

}  // namespace

void add_export_command(CLI::App& app) {
    auto args = std::make_shared<ExportArgs>();
    CLI::App* cmd = app.add_subcommand("export", "write one figure's data or picture to a file");
    cmd->add_option("FIGURE", args->request.scene.figure,
                    "a figure named by `posviz list`, or `storyline` (a PDF page per preset)")
        ->required();
    cmd->add_option("-o,--output", args->output,
                    "output file: .npy/.csv (data), .png/.svg/.pdf (picture), .gif/.mp4 (rotation)")
        ->required();
    cmd->add_option("--dtype", args->request.dtype, ".npy element type: f64|f32")
        ->capture_default_str();
    add_backend_option(*cmd, args->backend);
    add_figure_request_options(*cmd, args->request);
    const CLI::Option* presets =
        cmd->add_option("--preset", args->presets,
                        "export storyline: its pages, e.g. learned,rope-rotation (default: all)")
            ->delimiter(',');
    cmd->callback([args, presets, cmd] {
        if (args->request.scene.figure == "storyline") return run_storyline_export(*args, *cmd);
        if (presets->count() > 0)
            throw InputError(
                "--preset", args->presets.front(),
                "no --preset but with `export storyline` (the PDF handout of presets)");
        finish_figure_request(args->request, *cmd);
        const std::unique_ptr<ScoresBackend> backend = make_scores_backend(args->backend);
        write_figure_file(args->request, args->output, backend.get());
    });
}

}  // namespace posviz
