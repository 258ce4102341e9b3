#include "core/encodings/sinusoidal.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/encodings/angle_table.h"
#include "core/encodings/checks.h"

namespace posviz {

void SinusoidalEncoding::validate() const {
    check_even_dim(dim);
    check_base(base);
}

// Interleaved: Vaswani et al. 2017 §3.5, the wavelength of pair i is 2 pi · base^(2i/D), so
// omega_i = base^(-2i/D). Halves: Tensor2Tensor's get_timing_signal_1d (common_attention.py),
// which spaces num_timescales = D/2 timescales from min_timescale = 1 to max_timescale = base:
// log_timescale_increment = log(max/min) / max(num_timescales - 1, 1) and inv_timescales =
// min_timescale · exp(-i · increment), i.e. omega_i = base^(-i/(D/2 - 1)); its slowest pair has
// wavelength 2 pi · base exactly, where Vaswani's stops one step short of it.
Vector SinusoidalEncoding::frequencies() const {
    validate();
    const int pairs = dim / 2;
    const double spacing = layout == SinusoidalLayout::Halves ? std::max(pairs - 1, 1) : pairs;
    Vector omega(pairs);
    for (int i = 0; i < pairs; ++i) omega[i] = std::pow(base, -double(i) / spacing);
    return omega;
}

Matrix SinusoidalEncoding::table(int seq_len) const {
    check_seq_len(seq_len);
    validate();
    // The positions 0 … L − 1: the sines and cosines of angle_table, evaluated once at these
    // frequencies for every build (table_at's arithmetic at integer positions).
    const std::shared_ptr<const AngleTable> angles = angle_table(frequencies(), seq_len);
    const int pairs = dim / 2;
    Matrix pe(seq_len, dim);
    for (int m = 0; m < seq_len; ++m)
        for (int i = 0; i < pairs; ++i) {
            pe(m, sin_dim(i)) = angles->sin(m, i);
            pe(m, cos_dim(i)) = angles->cos(m, i);
        }
    return pe;
}

Matrix SinusoidalEncoding::table_at(const Vector& positions) const {
    Vector omega = frequencies();
    const int pairs = dim / 2;
    Matrix pe(positions.size(), dim);
    // Rows are independent and their sines and cosines are the work: shared between the cores.
#pragma omp parallel for schedule(static) if (positions.size() * pairs > (1 << 14))
    for (Eigen::Index p = 0; p < positions.size(); ++p) {
        for (int i = 0; i < pairs; ++i) {
            double angle = positions[p] * omega[i];
            // Interleaved: PE(pos, 2i) = sin, PE(pos, 2i+1) = cos (paper §3.5).
            // Halves: [sin of every omega | cos of every omega] (Tensor2Tensor
            // get_timing_signal_1d).
            pe(p, sin_dim(i)) = std::sin(angle);
            pe(p, cos_dim(i)) = std::cos(angle);
        }
    }
    return pe;
}

}  // namespace posviz
