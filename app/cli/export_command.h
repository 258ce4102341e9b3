// `posviz export FIGURE [options] -o FILE`: data (.npy, .csv) and, from the figures work on,
// pictures (.png, .svg, .pdf) of one figure; `posviz export storyline -o FILE.pdf [--preset a,b]
// [--lang en|zh] [--theme light|dark]`: the handout, a page per preset
// (app/handout/handout_pdf.h).
#pragma once

#include <CLI/CLI.hpp>

namespace posviz {

void add_export_command(CLI::App& app);

}  // namespace posviz
