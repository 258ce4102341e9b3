#include "core/random.h"

#include <omp.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace posviz {

namespace {

struct NormalPair {
    double first, second;
};

// Box-Muller (Box & Muller 1958): for u1, u2 uniform in (0, 1], r = sqrt(-2 ln u1) and
// phi = 2 pi u2 give two independent N(0, 1) samples r cos(phi) and r sin(phi). The uniforms are
// two consecutive raw draws: their top 53 bits make a double exactly; +1 keeps u in (0, 1] so
// log(u1) is finite.
NormalPair box_muller(uint64_t draw1, uint64_t draw2) {
    const double u1 = double((draw1 >> 11) + 1) * 0x1.0p-53;
    const double u2 = double((draw2 >> 11) + 1) * 0x1.0p-53;
    const double r = std::sqrt(-2.0 * std::log(u1));
    const double phi = 2.0 * std::numbers::pi * u2;
    return {r * std::cos(phi), r * std::sin(phi)};
}

}  // namespace

double NormalSampler::next() {
    if (has_spare) {
        has_spare = false;
        return spare;
    }
    const uint64_t draw1 = bits();
    const NormalPair pair = box_muller(draw1, bits());
    spare = pair.second;
    has_spare = true;
    return pair.first;
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

namespace {

// The next `count` samples of `bits`' stream times stddev into out[0, count), from the start of a
// Box–Muller pair. NormalSampler's samples, made faster: the raw draws in the stream's order on one
// thread (a few ns each), then the pairs' logarithms, roots, sines and cosines — ten times the
// cost, and independent — shared between the cores. At L = 2048, D = 128 the queries and keys are
// 5·10⁵ samples: ~20 ms on one core before. An odd count draws its last pair whole.
void fill_normals(std::mt19937_64& bits, double* out, Eigen::Index count, double stddev) {
    const Eigen::Index pairs = (count + 1) / 2;
    std::vector<uint64_t> draws(size_t(2 * pairs));
    for (uint64_t& draw : draws) {
        draw = bits();
    }
    // Every core, whatever the calling build was given (figure_scheduler.h): the content is made
    // once for all the builds of a scene, which wait for it (a preview, given one core, is often
    // the first to ask).
#pragma omp parallel for schedule(static) num_threads(omp_get_num_procs()) if (pairs > (1 << 14))
    for (Eigen::Index j = 0; j < pairs; ++j) {
        const NormalPair pair = box_muller(draws[size_t(2 * j)], draws[size_t(2 * j + 1)]);
        out[2 * j] = stddev * pair.first;
        if (2 * j + 1 < count) out[2 * j + 1] = stddev * pair.second;
    }
}

}  // namespace

Matrix random_normal_matrix(int rows, int cols, double stddev, uint64_t seed) {
    Matrix m(rows, cols);
    std::mt19937_64 bits(seed);
    fill_normals(bits, m.data(), m.size(), stddev);  // row-major: in the stream's order
    return m;
}

NormalRows::NormalRows(int cols, double stddev, uint64_t seed)
    : cols_(cols), stddev_(stddev), seed_(seed), bits_(seed), made_(0, cols) {}

Matrix NormalRows::first(int rows) {
    if (rows > made_.rows()) {
        // The stream goes on where it stopped only at a pair's start: after an odd number of
        // samples the spare half of the last pair is gone, so start again from the seed.
        if (made_.size() % 2 != 0) {
            bits_.seed(seed_);
            made_.resize(0, cols_);
        }
        const Eigen::Index had = made_.rows();
        made_.conservativeResize(rows, cols_);
        fill_normals(bits_, made_.data() + had * cols_, (rows - had) * Eigen::Index(cols_),
                     stddev_);
    }
    return made_.topRows(rows);
}

uint64_t table_seed(uint64_t seed, SeedStream stream) {
    // SplitMix64's output function applied to seed + stream·golden gamma.
    uint64_t z = seed + uint64_t(stream) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace posviz
