// `posviz describe --model-config FILE | --model DIR [--json]`: what a real model does with
// positions, layer by layer (core/formats/hf_config/describe_model.h), on stdout.
#pragma once

#include <CLI/CLI.hpp>

namespace posviz {

void add_describe_command(CLI::App& app);

}  // namespace posviz
