// Figures drawn straight from the data export's tables (core/figure_data.h), column by column,
// so that the picture and `export … -o x.npy` show the same numbers from one computation.
#pragma once

#include <string>
#include <vector>

#include "core/figure/figure.h"
#include "core/figure_data.h"

namespace posviz {

// The table's column `name` (a std::logic_error if the data figure has no such column: the two
// must be changed together).
std::vector<double> table_column(const DataTable& table, const std::string& name);

// The six RoPE scalings the extension tables compare, as their columns are named, and as the
// papers and Hugging Face call them (legend labels).
struct ScalingColumn {
    const char* column;
    const char* label;     // English
    const char* label_zh;  // Simplified Chinese
};
const std::vector<ScalingColumn>& scaling_columns();

}  // namespace posviz
