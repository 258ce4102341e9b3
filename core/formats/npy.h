// NumPy .npy files, format version 1.0/2.0 (numpy/lib/format.py): magic "\x93NUMPY", version,
// header length, a Python-dict header {'descr', 'fortran_order', 'shape'}, then raw C-order data.
// Reading validates everything before touching data: wrong dtype, byte order, Fortran order,
// shape or a truncated file is an InputError naming the file. Writing goes to a temporary file in
// the same directory, renamed over the target only when complete.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/formats/atomic_file.h"  // write_file_atomically, for every .npy writer
#include "core/types.h"

namespace posviz {

enum class NpyDtype { Float64, Float32, Int32 };

struct NpyArray {
    std::vector<int64_t> shape;
    std::vector<double> data;  // C order, converted to double
};

// Accepts little-endian <f8, <f4, <f2, <i4, <i8 (and '|' byte order for 1-byte types none).
NpyArray read_npy(const std::string& path);
// Reads a 2-D array; `what` names the option in errors ("--queries"). expected_rows/cols < 0: any.
// The shape is checked, and the table's doubles against max_bytes (the scene's --max-bytes), before
// any data is read; the read holds the table and 1 MiB besides.
Matrix read_npy_matrix(const std::string& path, const std::string& what, int expected_rows = -1,
                       int expected_cols = -1, int64_t max_bytes = INT64_MAX);

// Serialises to bytes (little-endian, C order). shape's product must equal data.size().
std::string encode_npy(const std::vector<int64_t>& shape, const double* data, NpyDtype dtype);

}  // namespace posviz
