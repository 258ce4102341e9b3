// The numbers behind each figure, as one array with a shape and axis/column names: what
// `posviz export FIGURE -o file.npy|.csv` writes and `posviz bench FIGURE` times. The GUI's
// "export data" writes the same arrays.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/scene.h"

namespace posviz {

class ScoresBackend;

struct DataTable {
    std::vector<int64_t> shape;  // 2-D (rows, cols) or 3-D (4, L, L) for terms
    // C order: a (rows, cols) matrix; a 3-D array (a, b, c) is stored as (a·b, c) rows.
    Matrix values;
    std::vector<std::string> columns;  // 2-D: one name per column; 3-D: names of the 3 axes
    // CSV only (.npy holds `values` alone): where rows are positions, a first column named
    // row_label ("position", "m", or "m_from" for the blocks of a reduced map) holding row_keys,
    // one per row. Empty: no such column.
    std::string row_label;
    std::vector<int64_t> row_keys;
};

struct FigureInfo {
    std::string name;
    std::string shape;  // e.g. "(L, D)"
    std::string description;
};
const std::vector<FigureInfo>& data_figures();

// Bytes a dense output of this figure would take (float64), checked against scene.max_bytes
// before computing; throws InputError("--seq-len", ...) naming --max-bytes when it is exceeded.
void check_output_size(const Scene& scene);
// The figure's working set (content, encoded copies, tables: O(L·D)) and the maps of all its
// panels (one per --compare entry, or `panels` when its options draw more: bias --all-heads draws
// one per head) against scene.max_bytes; throws InputError naming --seq-len and --dim. Every
// figure build calls it, so `export pe -L 500000 -D 2000` (8 GB) is refused before anything is
// allocated.
void check_memory_budget(const Scene& scene, int panels = 0);

void check_figure_name(const std::string& figure);  // InputError("FIGURE", ...) if unknown

// Throws InputError for an unknown figure ("FIGURE") or a figure/encoding mismatch.
// `backend`, if given, computes the scores figure's matrix (the GPU;
// core/figures/scores_backend.h).
DataTable compute_figure_data(const Scene& scene, ScoresBackend* backend = nullptr);

// The map the scores picture shows (`--resolution R` given with a data output): for L > R the
// (R, R) reduced map (core/figures/scores_backend.h: reduced_scores), each entry the largest
// |logit| (or probability) of its block, in O(L·D + R²) memory; its CSV columns say so
// ("m_from,max_abs_logit_n0,…", n and m the first position of each block). For L <= R the dense
// map, as compute_figure_data. InputError("--resolution") for a figure other than scores.
DataTable compute_reduced_scores_data(const Scene& scene, ScoresBackend* backend = nullptr);

}  // namespace posviz
