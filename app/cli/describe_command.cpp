#include "app/cli/describe_command.h"

#include <cstdio>
#include <memory>

#include "app/cli/rope_scaling_options.h"
#include "core/formats/hf_config.h"
#include "core/formats/hf_config/model_scene.h"
#include "core/input_error.h"

namespace posviz {

namespace {

struct DescribeArgs {
    RopeScalingFlags model;
    bool json = false;
};

void run_describe(const DescribeArgs& args) {
    const RopeScalingFlags& f = args.model;
    if (f.model_config.empty() && f.model_dir.empty())
        throw InputError("--model-config", "nothing",
                         "a config.json (--model-config FILE) or a model folder (--model DIR)");
    ModelChoice choice;
    choice.config_path = f.model_config;
    choice.model_dir = f.model_dir;
    const ModelPositions m = read_model(choice);
    const std::string text = args.json ? describe_model_json(m) : describe_model_text(m);
    std::fwrite(text.data(), 1, text.size(), stdout);
}

}  // namespace

void add_describe_command(CLI::App& app) {
    auto args = std::make_shared<DescribeArgs>();
    CLI::App* cmd =
        app.add_subcommand("describe", "what a model's config does with positions, layer by layer");
    add_model_options(*cmd, args->model);
    cmd->add_flag("--json", args->json, "print JSON instead of a table");
    cmd->callback([args] { run_describe(*args); });
}

}  // namespace posviz
