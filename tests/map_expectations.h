// What attention maps are checked against: entries within a relative tolerance (gpu/gpu_problem.h's
// float32 scheme for the GPU, near-exact for CPU routes), and the R×R max |value| block reduction
// (core/analyses/block_reduction.h, shaders/reduce_max_abs.comp) done again on a dense matrix.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/types.h"

namespace posviz {

// Entries within tolerance·(1 + |cpu|); ±inf must be equal.
inline void expect_logits_near(const Matrix& gpu, const Matrix& cpu, const std::string& what,
                               double tolerance = 1e-4) {
    ASSERT_EQ(gpu.rows(), cpu.rows()) << what;
    ASSERT_EQ(gpu.cols(), cpu.cols()) << what;
    int reported = 0;
    for (Eigen::Index m = 0; m < cpu.rows(); ++m)
        for (Eigen::Index n = 0; n < cpu.cols(); ++n) {
            const double want = cpu(m, n);
            const double got = gpu(m, n);
            const bool ok = std::isinf(want)
                                ? got == want
                                : std::abs(got - want) <= tolerance * (1.0 + std::abs(want));
            if (!ok && reported++ < 5)
                ADD_FAILURE() << what << " [" << m << ", " << n << "]: gpu " << got << ", cpu "
                              << want;
        }
}

// The reduction of shaders/reduce_max_abs.comp, done here on the dense CPU matrix: texel (i, j)
// is the largest |logit| over rows and columns [floor(k·L/R), floor((k+1)·L/R)), -inf if masked.
inline Matrix reduce_max_abs(const Matrix& logits, int resolution) {
    const long seq_len = logits.rows();
    auto start = [&](long i) { return i * seq_len / resolution; };
    Matrix out(resolution, resolution);
    for (int i = 0; i < resolution; ++i)
        for (int j = 0; j < resolution; ++j) {
            double largest = -std::numeric_limits<double>::infinity();
            for (long m = start(i); m < start(i + 1); ++m)
                for (long n = start(j); n < start(j + 1); ++n)
                    if (!std::isinf(logits(m, n)))
                        largest = std::max(largest, std::abs(logits(m, n)));
            out(i, j) = largest;
        }
    return out;
}

}  // namespace posviz
