#include "app/gui/files/scene_files.h"

#include <algorithm>

#include "core/formats/npy.h"
#include "core/formats/safetensors.h"

namespace posviz::gui {

void use_content_files(Scene& scene, const std::string& queries, const std::string& keys) {
    const Matrix q = read_npy_matrix(queries, "queries", -1, -1, scene.max_bytes);
    read_npy_matrix(keys, "keys", int(q.rows()), int(q.cols()), scene.max_bytes);
    scene.queries_path = queries;
    scene.keys_path = keys;
    scene.seq_len = int(q.rows());
    scene.dim = int(q.cols());
}

void use_position_table(Scene& scene, const std::string& path) {
    const Matrix table =
        path.ends_with(".safetensors")
            ? read_safetensors_matrix(path, scene.table_tensor, "table", scene.max_bytes)
            : read_npy_matrix(path, "table", -1, -1, scene.max_bytes);
    scene.table_path = path;
    scene.dim = int(table.cols());
    scene.seq_len = std::min(scene.seq_len, int(table.rows()));
}

}  // namespace posviz::gui
