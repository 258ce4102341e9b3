// ALiBi slopes worked by hand from the paper's reference get_slopes
// (ofirpress/attention_with_linear_biases): for n a power of two, start = 2^(-2^-(log2 n - 3))
// = 2^(-8/n) and slope_i = start^(i+1); otherwise the slopes of the closest lower power of two,
// then every other slope of twice that power.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>

#include "core/encodings/alibi.h"
#include "expect_input_error.h"

namespace posviz {
namespace {

void expect_slopes(const Vector& actual, const std::vector<double>& expected) {
    ASSERT_EQ(actual.size(), Eigen::Index(expected.size()));
    for (size_t h = 0; h < expected.size(); ++h)
        EXPECT_NEAR(actual[h], expected[h], 1e-15) << "head " << h;
}

TEST(Alibi, EightHeadsHalveEachTime) {
    // start = 2^(-8/8) = 1/2: 1/2, 1/4, ..., 1/256.
    expect_slopes(alibi_slopes(8),
                  {1.0 / 2, 1.0 / 4, 1.0 / 8, 1.0 / 16, 1.0 / 32, 1.0 / 64, 1.0 / 128, 1.0 / 256});
}

TEST(Alibi, OneAndFourHeads) {
    expect_slopes(alibi_slopes(1), {1.0 / 256});                               // 2^(-8/1)
    expect_slopes(alibi_slopes(4), {1.0 / 4, 1.0 / 16, 1.0 / 64, 1.0 / 256});  // 2^(-8/4) = 1/4
}

TEST(Alibi, TwelveHeadsInterleaveSixteen) {
    // The 8-head slopes, then the 16-head slopes (start 2^(-8/16) = 2^-0.5, slope_i =
    // 2^(-0.5 (i+1))) at indices 0, 2, 4, 6: 2^-0.5, 2^-1.5, 2^-2.5, 2^-3.5.
    expect_slopes(alibi_slopes(12), {1.0 / 2, 1.0 / 4, 1.0 / 8, 1.0 / 16, 1.0 / 32, 1.0 / 64,
                                     1.0 / 128, 1.0 / 256, std::pow(2.0, -0.5), std::pow(2.0, -1.5),
                                     std::pow(2.0, -2.5), std::pow(2.0, -3.5)});
}

TEST(Alibi, SixHeads) {
    // 4-head slopes 1/4, 1/16, 1/64, 1/256, then 8-head slopes at indices 0, 2: 1/2, 1/8.
    expect_slopes(alibi_slopes(6), {1.0 / 4, 1.0 / 16, 1.0 / 64, 1.0 / 256, 1.0 / 2, 1.0 / 8});
}

TEST(Alibi, BiasIsMinusSlopeTimesDistance) {
    AlibiBias symmetric{8, 2, false};  // slope 1/8
    EXPECT_EQ(symmetric.slope(), 0.125);
    Matrix b = symmetric.bias(6);
    for (int m = 0; m < 6; ++m)
        for (int n = 0; n < 6; ++n) EXPECT_EQ(b(m, n), -0.125 * std::abs(m - n));

    AlibiBias causal{8, 0, true};  // slope 1/2
    Matrix c = causal.bias(6);
    for (int m = 0; m < 6; ++m)
        for (int n = 0; n < 6; ++n)
            EXPECT_EQ(c(m, n), n > m ? -std::numeric_limits<double>::infinity() : -0.5 * (m - n));
}

TEST(Alibi, RejectsBadHeads) {
    EXPECT_INPUT_ERROR(alibi_slopes(0), "--heads");
    EXPECT_INPUT_ERROR(AlibiBias({8, 8, false}).slope(), "--head");
    EXPECT_INPUT_ERROR(AlibiBias({8, -1, false}).bias(3), "--head");
    EXPECT_INPUT_ERROR(AlibiBias({0, 0, false}).validate(), "--heads");
    EXPECT_INPUT_ERROR(AlibiBias({8, 0, false}).bias(0), "--seq-len");
}

}  // namespace
}  // namespace posviz
