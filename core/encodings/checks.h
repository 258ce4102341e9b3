// Argument checks shared by the encodings. Each throws InputError naming the command-line option.
#pragma once

#include <string>

#include "core/types.h"

namespace posviz {

std::string format_number(double value);  // shortest text that reads back to the same double

void check_seq_len(long seq_len);                       // >= 1
void check_even_dim(int dim);                           // "--dim": even and > 0
void check_base(double base);                           // "--base": finite and > 1
void check_positive(const char* option, double value);  // finite and > 0
// "--queries" / "--keys": both (L, D) with L, D >= 1 and the same shape.
void check_queries_keys(const Matrix& queries, const Matrix& keys);
// "--dim": the encoding's width must be the width D of the queries and keys.
void check_encoding_dim(Eigen::Index encoding_dim, Eigen::Index content_dim);

}  // namespace posviz
