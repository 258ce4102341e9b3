#include "core/encodings/fire.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/cancellation.h"
#include "core/encodings/checks.h"
#include "core/input_error.h"
#include "core/random.h"

namespace posviz {

FireBias FireBias::seeded(int hidden, uint64_t seed) {
    if (hidden < 1) throw InputError("--fire-hidden", std::to_string(hidden), "an integer >= 1");
    // w1, b1, w2 from one stream. Unit-variance first layer (the input lies in [0, 1]) and
    // 1/hidden output variance keep the bias O(1), like the content logits.
    NormalSampler sampler(seed);
    FireBias fire;
    fire.w1 = sampler.matrix(hidden, 1, 1.0);
    fire.b1 = sampler.vector(hidden, 1.0);
    fire.w2 = sampler.matrix(1, hidden, 1.0 / std::sqrt(double(hidden)));
    return fire;
}

void FireBias::validate() const {
    check_positive("--fire-c", c);
    check_positive("--fire-threshold", threshold);
    const auto hidden = w1.rows();
    if (hidden < 1 || w1.cols() != 1 || b1.size() != hidden || w2.rows() != 1 ||
        w2.cols() != hidden)
        throw InputError("--fire-mlp",
                         "w1 " + std::to_string(w1.rows()) + "x" + std::to_string(w1.cols()) +
                             ", b1 " + std::to_string(b1.size()) + ", w2 " +
                             std::to_string(w2.rows()) + "x" + std::to_string(w2.cols()),
                         "w1 (hidden x 1), b1 (hidden), w2 (1 x hidden) with hidden >= 1");
}

// f_theta: 1 -> hidden -> 1 with ReLU (Li et al. 2024 §3: a small MLP). Written as a loop: it runs
// L^2 times and must not allocate.
double FireBias::mlp(double x) const {
    double out = b2;
    for (Eigen::Index k = 0; k < w1.rows(); ++k)
        out += w2(0, k) * std::max(0.0, w1(k, 0) * x + b1[k]);
    return out;
}

Matrix FireBias::bias(int seq_len) const {
    validate();
    check_seq_len(seq_len);
    // Li et al. 2024 §3: b(i, j) = f_theta(psi(i - j) / psi(max(L_thr, i))), psi(x) = log(cx + 1);
    // the max with L_thr is their progressive interpolation.
    auto psi = [this](double x) { return std::log(c * x + 1.0); };
    Matrix result(seq_len, seq_len);
    // Rows whose normaliser psi(max(L_thr, i)) is the same share their values per distance.
    Vector of_distance(seq_len);
    double cached_normaliser = -1.0;
    for (int i = 0; i < seq_len; ++i) {
        throw_if_cancelled();  // a row can cost L MLPs: seconds in all at L = 4096
        double normaliser = psi(std::max(threshold, double(i)));
        if (normaliser != cached_normaliser) {
            for (int d = 0; d < seq_len; ++d) of_distance[d] = mlp(psi(d) / normaliser);
            cached_normaliser = normaliser;
        }
        for (int j = 0; j < seq_len; ++j) result(i, j) = of_distance[std::abs(i - j)];
    }
    return result;
}

}  // namespace posviz
