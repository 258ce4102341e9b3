#include "core/encodings/rope.h"

#include <cmath>

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

Matrix RopeEncoding::rotate(const Matrix& x, long scaling_seq_len) const {
    validate();
    check_seq_len(x.rows());
    if (x.cols() != dim)
        throw InputError("--dim", std::to_string(dim),
                         "the width of the vectors to rotate (" + std::to_string(x.cols()) + ")");
    RopeFrequencies freq = frequencies(scaling_seq_len > 0 ? scaling_seq_len : x.rows());
    const int pairs = rotary_dim() / 2;
    Matrix out = x;  // dims past rotary_dim pass through unchanged
    // Rows are independent; the sin/cos evaluations dominate, so share them between the cores.
#pragma omp parallel for schedule(static)
    for (Eigen::Index m = 0; m < x.rows(); ++m) {
        for (int i = 0; i < pairs; ++i) {
            double angle = double(m) * freq.inverse_frequencies[i];
            // transformers multiplies cos and sin by attention_scaling (_compute_*_parameters).
            double c = freq.attention_factor * std::cos(angle);
            double s = freq.attention_factor * std::sin(angle);
            int d0 = pair_first_dim(i);
            int d1 = pair_second_dim(i);
            // RoFormer eq. 13/34: [x0, x1] -> [x0 cos - x1 sin, x0 sin + x1 cos]; Llama's
            // x * cos + rotate_half(x) * sin is the same with pairs (i, i + rotary_dim/2).
            out(m, d0) = x(m, d0) * c - x(m, d1) * s;
            out(m, d1) = x(m, d0) * s + x(m, d1) * c;
        }
    }
    return out;
}

}  // namespace posviz
