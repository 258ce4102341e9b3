#include "core/random.h"

#include <cmath>
#include <numbers>

namespace posviz {

// Box-Muller (Box & Muller 1958): for u1, u2 uniform in (0, 1], r = sqrt(-2 ln u1) and
// phi = 2 pi u2 give two independent N(0, 1) samples r cos(phi) and r sin(phi).
double NormalSampler::next() {
    if (has_spare) {
        has_spare = false;
        return spare;
    }
    // The top 53 bits make a double exactly; +1 keeps u in (0, 1] so log(u1) is finite.
    auto uniform = [this] { return double((bits() >> 11) + 1) * 0x1.0p-53; };
    double u1 = uniform();
    double u2 = uniform();
    double r = std::sqrt(-2.0 * std::log(u1));
    double phi = 2.0 * std::numbers::pi * u2;
    spare = r * std::sin(phi);
    has_spare = true;
    return r * std::cos(phi);
}

Matrix NormalSampler::matrix(int rows, int cols, double stddev) {
    Matrix m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) m(r, c) = stddev * next();
    return m;
}

Vector NormalSampler::vector(int size, double stddev) {
    Vector v(size);
    for (int i = 0; i < size; ++i) v[i] = stddev * next();
    return v;
}

Matrix random_normal_matrix(int rows, int cols, double stddev, uint64_t seed) {
    NormalSampler sampler(seed);
    return sampler.matrix(rows, cols, stddev);
}

uint64_t table_seed(uint64_t seed, SeedStream stream) {
    // SplitMix64's output function applied to seed + stream·golden gamma.
    uint64_t z = seed + uint64_t(stream) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace posviz
