// Deliberately simple reference implementations for the encoding and attention tests: plain loops
// over (m, n) and over dimensions, written from the papers' formulas, sharing no code with core/.
#pragma once

#include <cmath>
#include <limits>
#include <vector>

#include "core/types.h"

namespace posviz::naive {

inline double dot(const Matrix& a, int row_a, const Matrix& b, int row_b) {
    double sum = 0.0;
    for (int d = 0; d < a.cols(); ++d) sum += a(row_a, d) * b(row_b, d);
    return sum;
}

inline double dot_vector(const Vector& v, const Matrix& b, int row_b) {
    double sum = 0.0;
    for (int d = 0; d < v.size(); ++d) sum += v[d] * b(row_b, d);
    return sum;
}

// Vaswani et al. 2017 §3.5, interleaved: PE(pos, 2i) = sin(pos / base^(2i/D)), PE(pos, 2i+1) = cos.
inline std::vector<double> sinusoid(double pos, int dim, double base) {
    std::vector<double> pe(dim);
    for (int i = 0; i < dim / 2; ++i) {
        double wavelength_factor = std::pow(base, 2.0 * i / dim);
        pe[2 * i] = std::sin(pos / wavelength_factor);
        pe[2 * i + 1] = std::cos(pos / wavelength_factor);
    }
    return pe;
}

// RoFormer eq. 13-15 with explicit 2x2 rotation matrices R(m theta_i) = [[c, -s], [s, c]]
// applied to the pairs (2i, 2i+1) of the first rotary_dim dims, rows = positions 0, 1, ...
inline Matrix rotate_interleaved(const Matrix& x, double base, int rotary_dim) {
    Matrix out = x;
    for (int m = 0; m < x.rows(); ++m) {
        for (int i = 0; i < rotary_dim / 2; ++i) {
            double theta = std::pow(base, -2.0 * i / rotary_dim);
            double r[2][2] = {{std::cos(m * theta), -std::sin(m * theta)},
                              {std::sin(m * theta), std::cos(m * theta)}};
            double a = x(m, 2 * i), b = x(m, 2 * i + 1);
            out(m, 2 * i) = r[0][0] * a + r[0][1] * b;
            out(m, 2 * i + 1) = r[1][0] * a + r[1][1] * b;
        }
    }
    return out;
}

// [m, n] = f(m, n) for every pair.
template <class F>
Matrix matrix_of(int rows, int cols, F f) {
    Matrix out(rows, cols);
    for (int m = 0; m < rows; ++m)
        for (int n = 0; n < cols; ++n) out(m, n) = f(m, n);
    return out;
}

inline constexpr double kNegInf = -std::numeric_limits<double>::infinity();

}  // namespace posviz::naive
