#include "core/encodings/rope.h"

#include <cmath>
#include <memory>

#include "core/encodings/angle_table.h"
#include "core/encodings/checks.h"
#include "core/input_error.h"

namespace posviz {

void RopeEncoding::validate() const {
    check_even_dim(dim);
    check_base(base);
    if (!(rotary_fraction > 0.0 && rotary_fraction <= 1.0))
        throw InputError("--rotary-fraction", format_number(rotary_fraction), "a number in (0, 1]");
    int rotated = rotary_dim();
    if (rotated <= 0 || rotated % 2 != 0)
        throw InputError("--rotary-fraction", format_number(rotary_fraction),
                         "a fraction whose int(" + std::to_string(dim) +
                             " * fraction) is even and > 0 (got " + std::to_string(rotated) + ")");
}

// transformers (e.g. GPTNeoXRotaryEmbedding, modeling_rope_utils): int(head_dim * fraction),
// truncating like Python's int().
int RopeEncoding::rotary_dim() const {
    return int(dim * rotary_fraction);
}

RopeFrequencies RopeEncoding::frequencies(long seq_len) const {
    validate();
    return rope_frequencies(base, rotary_dim(), scaling, seq_len);
}

Matrix RopeEncoding::angles(int seq_len) const {
    check_seq_len(seq_len);
    Vector theta = frequencies(seq_len).inverse_frequencies;
    // RoFormer eq. 15: the angle of pair i at position m is m·theta_i, formed in double.
    Vector positions = Vector::LinSpaced(seq_len, 0.0, seq_len - 1.0);
    return positions * theta.transpose();
}

void RopeEncoding::rotate_in_place(std::initializer_list<Matrix*> xs, long scaling_seq_len) const {
    validate();
    const Eigen::Index rows = (*xs.begin())->rows();
    check_seq_len(rows);
    for (const Matrix* x : xs)
        if (x->cols() != dim)
            throw InputError(
                "--dim", std::to_string(dim),
                "the width of the vectors to rotate (" + std::to_string(x->cols()) + ")");
    RopeFrequencies freq = frequencies(scaling_seq_len > 0 ? scaling_seq_len : rows);
    const int pairs = rotary_dim() / 2;
    // cos(m·θᵢ) and sin(m·θᵢ), evaluated once for every build at these frequencies.
    const std::shared_ptr<const AngleTable> angles =
        angle_table(freq.inverse_frequencies.head(pairs), rows);
    // Rows are independent: shared between the cores. Dims past rotary_dim pass through unchanged.
#pragma omp parallel for schedule(static) if (rows * pairs > (1 << 14))
    for (Eigen::Index m = 0; m < rows; ++m) {
        for (int i = 0; i < pairs; ++i) {
            // transformers multiplies cos and sin by attention_scaling (_compute_*_parameters).
            double c = freq.attention_factor * angles->cos(m, i);
            double s = freq.attention_factor * angles->sin(m, i);
            int d0 = pair_first_dim(i);
            int d1 = pair_second_dim(i);
            // RoFormer eq. 13/34: [x0, x1] -> [x0 cos - x1 sin, x0 sin + x1 cos]; Llama's
            // x * cos + rotate_half(x) * sin is the same with pairs (i, i + rotary_dim/2).
            for (Matrix* x : xs) {
                const double x0 = (*x)(m, d0), x1 = (*x)(m, d1);
                (*x)(m, d0) = x0 * c - x1 * s;
                (*x)(m, d1) = x0 * s + x1 * c;
            }
        }
    }
}

Matrix RopeEncoding::rotate(const Matrix& x, long scaling_seq_len) const {
    Matrix out = x;
    rotate_in_place({&out}, scaling_seq_len);
    return out;
}

std::pair<Matrix, Matrix> RopeEncoding::rotate_both(const Matrix& queries,
                                                    const Matrix& keys) const {
    if (queries.rows() != keys.rows())
        throw InputError("--keys", std::to_string(keys.rows()) + " rows",
                         std::to_string(queries.rows()) + ", as many as the queries");
    std::pair<Matrix, Matrix> rotated{queries, keys};
    rotate_in_place({&rotated.first, &rotated.second}, 0);
    return rotated;
}

}  // namespace posviz
