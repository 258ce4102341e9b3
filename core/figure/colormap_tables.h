// Published colormap tables (see colormap_tables.cpp for the source).
#pragma once

#include <array>

namespace posviz {

using ColormapTable = std::array<std::array<double, 3>, 256>;

extern const ColormapTable k_viridis_table;
extern const ColormapTable k_magma_table;
extern const ColormapTable k_cividis_table;

}  // namespace posviz
