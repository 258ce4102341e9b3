// Files the Scene window puts into the scene: query and key content, a learned position table.
// They are read and checked when chosen, so a wrong file is reported at once — an InputError
// naming it, shown in the status line — and the scene stays as it was.
#pragma once

#include <string>

#include "core/scene.h"

namespace posviz::gui {

// Two (L, D) .npy files of one shape; L and D follow them. InputError("queries"/"keys", ...).
void use_content_files(Scene& scene, const std::string& queries, const std::string& keys);

// A (positions, D) table (.npy, or scene.table_tensor in a .safetensors file); D follows its
// columns and L is cut to its rows. InputError("table", ...).
void use_position_table(Scene& scene, const std::string& path);

}  // namespace posviz::gui
