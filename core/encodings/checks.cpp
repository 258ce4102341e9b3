#include "core/encodings/checks.h"

#include <cmath>

#include "core/formats/shortest_decimal.h"
#include "core/input_error.h"

namespace posviz {

std::string format_number(double value) {
    return shortest_decimal(value);
}

void check_seq_len(long seq_len) {
    if (seq_len < 1) throw InputError("--seq-len", std::to_string(seq_len), "an integer >= 1");
}

void check_even_dim(int dim) {
    if (dim <= 0 || dim % 2 != 0)
        throw InputError("--dim", std::to_string(dim), "an even integer > 0 (dims come in pairs)");
}

void check_base(double base) {
    if (!std::isfinite(base) || base <= 1.0)
        throw InputError("--base", format_number(base), "a finite number > 1");
}

void check_positive(const char* option, double value) {
    if (!std::isfinite(value) || value <= 0.0)
        throw InputError(option, format_number(value), "a finite number > 0");
}

static std::string shape_text(const Matrix& x) {
    return std::to_string(x.rows()) + "x" + std::to_string(x.cols());
}

void check_queries_keys(const Matrix& queries, const Matrix& keys) {
    if (queries.rows() < 1 || queries.cols() < 1)
        throw InputError("--queries", shape_text(queries), "an L x D matrix with L, D >= 1");
    if (keys.rows() != queries.rows() || keys.cols() != queries.cols())
        throw InputError("--keys", shape_text(keys),
                         shape_text(queries) + " (the shape of the queries)");
}

void check_encoding_dim(Eigen::Index encoding_dim, Eigen::Index content_dim) {
    if (encoding_dim != content_dim)
        throw InputError("--dim", std::to_string(encoding_dim),
                         std::to_string(content_dim) + " (the width D of the queries and keys)");
}

}  // namespace posviz
