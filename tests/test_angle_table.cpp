// The kept tables of cos(m·θᵢ), sin(m·θᵢ) (core/encodings/angle_table.h): whatever lengths are
// asked for, in whatever order, each row is the direct evaluation at its position; the sinusoidal
// table read from them is the paper's formula at every position, and a kept table is shared.
#include <gtest/gtest.h>

#include <cmath>

#include "core/encodings/angle_table.h"
#include "core/encodings/sinusoidal.h"

namespace posviz {
namespace {

TEST(AngleTable, EveryRowIsTheDirectEvaluation) {
    Vector thetas(3);
    thetas << 1.0, 0.1, 1e-4;
    for (const long positions : {10L, 30L, 30L, 5L, 9000L, 100L}) {
        const auto table = angle_table(thetas, positions);
        ASSERT_GE(table->cos.rows(), positions);
        for (long m = 0; m < positions; ++m)
            for (int i = 0; i < 3; ++i) {
                ASSERT_EQ(table->cos(m, i), std::cos(double(m) * thetas[i])) << m << ", " << i;
                ASSERT_EQ(table->sin(m, i), std::sin(double(m) * thetas[i])) << m << ", " << i;
            }
    }
    // The same frequencies at a length made already: the table kept, not a new one.
    EXPECT_EQ(angle_table(thetas, 40).get(), angle_table(thetas, 20).get());
    // A long table is let go when a much shorter length comes.
    EXPECT_EQ(angle_table(thetas, 9000)->cos.rows(), 9000);
    EXPECT_EQ(angle_table(thetas, 100)->cos.rows(), 100);
}

TEST(AngleTable, SinusoidalTableIsThePapersFormula) {
    for (const SinusoidalLayout layout :
         {SinusoidalLayout::Interleaved, SinusoidalLayout::Halves}) {
        SinusoidalEncoding e;
        e.dim = 8;
        e.base = 100.0;
        e.layout = layout;
        const Matrix pe = e.table(50);
        ASSERT_EQ(pe.rows(), 50);
        const int pairs = 4;
        for (int pos = 0; pos < 50; ++pos)
            for (int i = 0; i < pairs; ++i) {
                // ω_i = base^(−2i/D) (Vaswani §3.5), or base^(−i/(D/2 − 1)) (Tensor2Tensor).
                const double omega = layout == SinusoidalLayout::Interleaved
                                         ? std::pow(100.0, -2.0 * i / 8.0)
                                         : std::pow(100.0, -double(i) / (pairs - 1));
                const int sin_dim = layout == SinusoidalLayout::Interleaved ? 2 * i : i;
                const int cos_dim = layout == SinusoidalLayout::Interleaved ? 2 * i + 1 : pairs + i;
                EXPECT_NEAR(pe(pos, sin_dim), std::sin(pos * omega), 1e-14) << pos << ", " << i;
                EXPECT_NEAR(pe(pos, cos_dim), std::cos(pos * omega), 1e-14) << pos << ", " << i;
            }
    }
}

}  // namespace
}  // namespace posviz
