// What `posviz export FIGURE [options]` asks for, apart from the file it goes to: the scene, the
// model and scaling flags, and the picture options. The command line and the Python module
// (python/) register and parse the same option definitions here, so both take the same names,
// defaults and checks, and give the same messages.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "app/cli/figure_options.h"
#include "app/cli/rope_scaling_options.h"
#include "core/figure_data.h"
#include "core/scene.h"

namespace posviz {

class ScoresBackend;

struct FigureRequest {
    Scene scene;
    RopeScalingFlags rope_flags;
    FigureExportOptions picture;
    std::string dtype = "f64";      // .npy element type (--dtype)
    bool resolution_given = false;  // --resolution given: data exports hold the map as drawn
    NopeLayerChoice nope;           // set by finish_figure_request
};

// Registers the scene options (app/cli/scene_options.h), the model and scaling options
// (rope_scaling_options.h) and the picture options (figure_options.h), in that order, writing
// into `request`, which must outlive `cmd`'s parsing.
void add_figure_request_options(CLI::App& cmd, FigureRequest& request);

// After parsing `cmd`: whether --resolution was given, and the model and flags applied to the
// scene (apply_rope_scaling_options). InputError naming the option or config field.
void finish_figure_request(FigureRequest& request, const CLI::App& cmd);

// Parses `args` — FIGURE and options as written after `posviz export`, without -o and the
// export's own --dtype/--backend/--preset — with the same definitions, then finishes the
// request. Throws CLI::ParseError (its what() is the message the command line prints) or
// InputError.
FigureRequest parse_figure_request(const std::vector<std::string>& args);

// One option of add_figure_request_options, for callers that offer them in another form.
struct FigureRequestOption {
    std::string name;  // the long name, "--seq-len"
    std::string description;
    std::string default_text;  // as `posviz list` shows it; empty when none is shown
    bool flag = false;         // takes no value
    bool list = false;         // a comma-separated list (--dims, --compare)
    bool picture = false;      // a picture option (figure_options.h), not a scene/model one
};
std::vector<FigureRequestOption> figure_request_options();

// The table a .npy/.csv export of the request holds: compute_figure_data, or with --resolution
// compute_reduced_scores_data. InputError as `posviz export` gives it (a NoPE layer named).
DataTable figure_request_data(const FigureRequest& request, ScoresBackend* backend = nullptr);

// Writes the request's figure to `output` as `posviz export` does: .npy/.csv its data table,
// .png/.svg/.pdf its picture, .gif/.mp4 the rotation animation, whole or not at all.
// InputError("-o") for another extension.
void write_figure_file(const FigureRequest& request, const std::string& output,
                       ScoresBackend* backend = nullptr);

// The picture's bytes in memory: extension ".png", ".svg" or ".pdf" (InputError("-o") otherwise).
std::string render_figure_request(const FigureRequest& request, const std::string& extension);

}  // namespace posviz
