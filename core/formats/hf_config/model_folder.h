// --model DIR: a Hugging Face model folder as huggingface_hub leaves it — a snapshot folder with
// config.json and model.safetensors (or a sharded model.safetensors.index.json and its shards), or
// the cache's models--org--name folder whose refs/main names the snapshot in snapshots/<hash>/.
// Only headers are read here; the one position tensor is read later by read_safetensors_matrix.
#pragma once

#include <string>

#include "core/formats/hf_config/model_positions.h"

namespace posviz {

struct ModelFolder {
    std::string dir;          // the snapshot folder
    std::string config_path;  // dir/config.json
};

// Throws InputError naming --model for a path that is not such a folder (no config.json, several
// snapshots and no refs/main, ...).
ModelFolder open_model_folder(const std::string& dir);

// Where a learned-position model keeps its table: the file holding it and its tensor name.
struct PositionTableFile {
    std::string path;
    std::string tensor;
    int rows = 0;
    int cols = 0;
};

// Finds the table by the architecture's tensor name (model.table_tensors, with any prefix such
// as "transformer." or "model.") in model.safetensors or through the sharded index, and checks its
// shape against the config: (table_rows, table_dim). Throws InputError naming --model.
PositionTableFile find_position_table(const ModelFolder& folder, const ModelPositions& model);

}  // namespace posviz
