#include "core/analyses/decay.h"

#include <cmath>
#include <complex>

#include "core/cancellation.h"

namespace posviz {

namespace {

// Σ_j |S_j| / (d/2) with S_j = Σ_{k<j} e^{r·log_rate_k}·e^{i·r·theta_k}: RoPE's terms have unit
// magnitude (log_rate 0), xPos's shrink as zeta_k^(r/B) = e^{r·log(zeta_k)/B}.
Matrix decay_bound(const Vector& inverse_frequencies, const Vector& log_rates, int max_distance) {
    const Eigen::Index half = inverse_frequencies.size();
    Matrix curve(max_distance, 2);
    for (int r = 0; r < max_distance; ++r) {
        throw_if_cancelled();  // D/2 terms per distance, up to 2^20 distances
        // Accumulate the partial sums and their magnitudes.
        std::complex<double> partial = 0.0;
        double sum_abs = 0.0;
        for (Eigen::Index k = 0; k < half; ++k) {
            partial +=
                std::polar(std::exp(double(r) * log_rates[k]), double(r) * inverse_frequencies[k]);
            sum_abs += std::abs(partial);
        }
        curve(r, 0) = r;
        curve(r, 1) = sum_abs / double(half);
    }
    return curve;
}

}  // namespace

Matrix rope_decay_bound(const Vector& inverse_frequencies, int max_distance) {
    return decay_bound(inverse_frequencies, Vector::Zero(inverse_frequencies.size()), max_distance);
}

Matrix xpos_decay_bound(const Vector& inverse_frequencies, const Vector& pair_scales,
                        double scale_base, int max_distance) {
    return decay_bound(inverse_frequencies, pair_scales.array().log() / scale_base, max_distance);
}

Matrix scene_decay_bound(const Scene& scene) {
    const Encoding encoding = make_encoding(scene);
    if (const auto* xpos = std::get_if<XPosEncoding>(&encoding))
        return xpos_decay_bound(xpos->rope.frequencies(scene.seq_len).inverse_frequencies,
                                xpos->pair_scales(), xpos->scale_base, scene.seq_len);
    return rope_decay_bound(scene_inverse_frequencies(scene), scene.seq_len);
}

}  // namespace posviz
