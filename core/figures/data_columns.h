// Figures drawn straight from the data export's tables (core/figure_data.h), column by column,
// so that the picture and `export … -o x.npy` show the same numbers from one computation.
#pragma once

#include <string>
#include <vector>

#include "core/figure/figure.h"
#include "core/figure_data.h"
#include "core/figures/figure_text.h"

namespace posviz {

// The table's column `name` (a std::logic_error if the data figure has no such column: the two
// must be changed together).
std::vector<double> table_column(const DataTable& table, const std::string& name);

// The legend label of a RoPE scaling's column in the extension tables (core/analyses/
// rope_extension.h: "none" … "llama3", or "<type>_model"), as the papers and Hugging Face call
// the method: "linear (PI)", "YaRN", and "LongRoPE (model)" for the model's own.
std::string scaling_label(const std::string& column, const Text& t);
// Whether the column is the model's own method.
bool is_model_scaling(const std::string& column);
// The line of a scaling's column: the model's own method in the text colour and heavier, so that
// it stands out from the palette-coloured defaults on either theme.
LineSeries scaling_line(const std::string& column, const Text& t, std::vector<double> x,
                        std::vector<double> y, int palette_index);

// A per-pair table of the extension studies (scalings, scale-factors: column "i", then one per
// scaling) as a log-y plot against pair index i, one scaling_line per column, the legend
// outside.
Panel pair_scalings_panel(const DataTable& table, const std::string& y_label, const Text& t);
// The one-plot figure of those studies, 9 × 4.6 in.
Figure wide_plot_figure(Panel panel, std::string title, std::string subtitle);

}  // namespace posviz
