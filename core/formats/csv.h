// CSV text of a DataTable: a header line, then one line per row. 2-D tables: the column names and
// their values, after the row's position (row_label, e.g. "position" or "m") where rows are
// positions. 3-D tables (terms): long format, one line per element: "term,m,n,value".
// Numbers use the shortest text that reads back to the same double; -inf is written "-inf", and
// zero "0" whatever its sign (never "-0").
#pragma once

#include <string>

#include "core/figure_data.h"

namespace posviz {

std::string encode_csv(const DataTable& table);

}  // namespace posviz
