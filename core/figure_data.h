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

void check_figure_name(const std::string& figure);  // InputError("FIGURE", ...) if unknown

// Throws InputError for an unknown figure ("FIGURE") or a figure/encoding mismatch.
// `backend`, if given, computes the scores figure's matrix (the GPU;
// core/figures/scores_backend.h).
DataTable compute_figure_data(const Scene& scene, ScoresBackend* backend = nullptr);

}  // namespace posviz
