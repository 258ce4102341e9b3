#include "core/analyses/decay.h"

#include <complex>

namespace posviz {

Matrix rope_decay_bound(const Vector& inverse_frequencies, int max_distance) {
    const Eigen::Index half = inverse_frequencies.size();
    Matrix curve(max_distance, 2);
    for (int r = 0; r < max_distance; ++r) {
        // S_j = Σ_{k<j} e^{i r θ_k}; accumulate the partial sums and their magnitudes.
        std::complex<double> partial = 0.0;
        double sum_abs = 0.0;
        for (Eigen::Index k = 0; k < half; ++k) {
            partial += std::polar(1.0, double(r) * inverse_frequencies[k]);
            sum_abs += std::abs(partial);
        }
        curve(r, 0) = r;
        curve(r, 1) = sum_abs / double(half);
    }
    return curve;
}

}  // namespace posviz
