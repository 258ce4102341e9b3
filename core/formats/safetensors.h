// Reading one 2-D tensor from a .safetensors file (Hugging Face's format, github.com/huggingface/
// safetensors, "Format" in its README): an 8-byte little-endian u64 header length N, N bytes of
// JSON {"<name>": {"dtype": "F32", "shape": [rows, cols], "data_offsets": [begin, end]}, ...,
// "__metadata__": {...}}, then the data buffer; offsets count from the buffer's first byte and
// tensors are stored C-order, little-endian. This is how a model's learned position table (GPT-2's
// "wpe.weight", BERT's "embeddings.position_embeddings.weight") is read.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/types.h"

namespace posviz {

// Reads tensor `name` (dtype F64, F32, F16 or BF16; shape [rows, cols]) as doubles. Everything is
// checked before any data is read — header length against the file size, dtype, shape, offsets
// inside the data buffer and end - begin == rows·cols·dtype size — so a truncated or lying file is
// an InputError naming `what`, never an over-read. A missing name lists the names the file has.
// The table's doubles are checked against max_bytes (the scene's --max-bytes) before it is read.
Matrix read_safetensors_matrix(const std::string& path, const std::string& name,
                               const std::string& what = "--table", int64_t max_bytes = INT64_MAX);

// One tensor as the header lists it.
struct SafetensorsEntry {
    std::string name;
    std::string dtype;  // as written: "F32", "BF16", "I64", ...
    std::vector<uint64_t> shape;
};

// Every tensor's name, dtype and shape, from the header alone (the data is not read), in the
// header's (sorted) order; the same checks of the header as read_safetensors_matrix.
std::vector<SafetensorsEntry> read_safetensors_entries(const std::string& path,
                                                       const std::string& what);

// A sharded checkpoint's model.safetensors.index.json: {"metadata": {...}, "weight_map":
// {"<tensor>": "<shard file name>", ...}}, as (tensor, shard) pairs. Throws InputError naming
// `what` for a file that is not such an index.
std::vector<std::pair<std::string, std::string>> read_safetensors_index(const std::string& path,
                                                                        const std::string& what);

}  // namespace posviz
