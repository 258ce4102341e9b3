// KERPLE's two kernels (Chi et al. 2022 §4) and FIRE (Li et al. 2024 §3) against values worked
// by hand and naive loops.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/encodings/fire.h"
#include "core/encodings/kerple.h"
#include "core/random.h"
#include "expect_input_error.h"

namespace posviz {
namespace {

TEST(Kerple, LogKernelByHand) {
    // r1 = 2, r2 = 1: b = -2 log(1 + |m - n|): distance 0 -> 0, 1 -> -2 ln 2, 3 -> -2 ln 4.
    Matrix b = KerpleBias{KerpleKind::Log, 2.0, 1.0}.bias(5);
    EXPECT_EQ(b(2, 2), 0.0);
    EXPECT_NEAR(b(2, 3), -2.0 * 0.6931471805599453, 1e-15);
    EXPECT_NEAR(b(1, 0), -2.0 * 0.6931471805599453, 1e-15);
    EXPECT_NEAR(b(4, 1), -2.0 * 1.3862943611198906, 1e-15);
}

TEST(Kerple, PowerKernelByHand) {
    // r1 = 0.5, r2 = 2: b = -0.5 |m - n|^2: distance 3 -> -4.5; r2 = 0.5: distance 4 -> -0.5 · 2.
    EXPECT_DOUBLE_EQ(KerpleBias({KerpleKind::Power, 0.5, 2.0}).bias(5)(0, 3), -4.5);
    EXPECT_DOUBLE_EQ(KerpleBias({KerpleKind::Power, 0.5, 0.5}).bias(5)(4, 0), -1.0);
    EXPECT_EQ(KerpleBias({KerpleKind::Power, 0.5, 0.5}).bias(5)(3, 3), 0.0);
}

TEST(Kerple, NaiveLoop) {
    KerpleBias log_kernel{KerpleKind::Log, 1.3, 0.7};
    KerpleBias power_kernel{KerpleKind::Power, 0.4, 1.2};
    Matrix a = log_kernel.bias(20), b = power_kernel.bias(20);
    for (int m = 0; m < 20; ++m) {
        for (int n = 0; n < 20; ++n) {
            double d = std::abs(m - n);
            EXPECT_NEAR(a(m, n), -1.3 * std::log(1.0 + 0.7 * d), 1e-14);
            EXPECT_NEAR(b(m, n), -0.4 * std::pow(d, 1.2), 1e-14);
        }
    }
}

TEST(Kerple, RejectsBadParameters) {
    EXPECT_INPUT_ERROR(KerpleBias({KerpleKind::Log, 0.0, 1.0}).validate(), "--kerple-r1");
    EXPECT_INPUT_ERROR(KerpleBias({KerpleKind::Log, 1.0, -1.0}).bias(3), "--kerple-r2");
    EXPECT_INPUT_ERROR(KerpleBias({KerpleKind::Power, 1.0, 2.5}).validate(), "--kerple-r2");
    EXPECT_INPUT_ERROR(KerpleBias({KerpleKind::Log, 1.0, 1.0}).bias(0), "--seq-len");
    KerpleBias({KerpleKind::Log, 1.0, 2.5}).validate();  // r2 > 2 is fine for the log kernel
}

// A one-unit MLP with known weights: f(x) = w2 · relu(w1 x + b1) + b2.
FireBias one_unit_fire(double w1, double b1, double w2, double b2) {
    FireBias fire;
    fire.w1 = Matrix::Constant(1, 1, w1);
    fire.b1 = Vector::Constant(1, b1);
    fire.w2 = Matrix::Constant(1, 1, w2);
    fire.b2 = b2;
    return fire;
}

TEST(Fire, MlpByHand) {
    FireBias fire = one_unit_fire(2.0, -1.0, 3.0, 0.5);
    EXPECT_EQ(fire.mlp(0.0), 0.5);   // relu(-1) = 0
    EXPECT_EQ(fire.mlp(1.0), 3.5);   // relu(1) = 1 -> 3 + 0.5
    EXPECT_EQ(fire.mlp(0.25), 0.5);  // relu(-0.5) = 0
}

TEST(Fire, ProgressiveInterpolationByHand) {
    // Identity MLP (relu(x) for x >= 0), c = 1, L_thr = 4: b(i, j) = log(1 + |i - j|) /
    // log(1 + max(4, i)). Row 2: normaliser log 5; row 7: log 8. So b(2, 0) = ln 3 / ln 5 and
    // b(7, 0) = ln 8 / ln 8 = 1: the farthest key of a row past the threshold maps to 1.
    FireBias fire = one_unit_fire(1.0, 0.0, 1.0, 0.0);
    fire.c = 1.0;
    fire.threshold = 4.0;
    Matrix b = fire.bias(9);
    EXPECT_NEAR(b(2, 0), std::log(3.0) / std::log(5.0), 1e-15);
    EXPECT_NEAR(b(0, 2), std::log(3.0) / std::log(5.0), 1e-15);  // |i - j| above the diagonal
    EXPECT_NEAR(b(7, 0), 1.0, 1e-15);
    EXPECT_NEAR(b(8, 4), std::log(5.0) / std::log(9.0), 1e-15);
    EXPECT_EQ(b(5, 5), 0.0);
}

TEST(Fire, SeededMatchesNaiveLoop) {
    FireBias fire = FireBias::seeded(32, 77);
    fire.c = 0.5;
    fire.threshold = 10.0;
    ASSERT_EQ(fire.w1.rows(), 32);
    Matrix b = fire.bias(30);
    for (int i = 0; i < 30; ++i) {
        for (int j = 0; j < 30; ++j) {
            double x = std::log(0.5 * std::abs(i - j) + 1.0) /
                       std::log(0.5 * std::max(10.0, double(i)) + 1.0);
            double f = fire.b2;
            for (int h = 0; h < 32; ++h)
                f += fire.w2(0, h) * std::max(0.0, fire.w1(h, 0) * x + fire.b1[h]);
            EXPECT_NEAR(b(i, j), f, 1e-13) << i << ", " << j;
        }
    }
}

TEST(Fire, RejectsBadParameters) {
    EXPECT_INPUT_ERROR(FireBias::seeded(0, 1), "--fire-hidden");
    FireBias fire = FireBias::seeded(4, 1);
    fire.c = 0.0;
    EXPECT_INPUT_ERROR(fire.bias(3), "--fire-c");
    fire.c = 1.0;
    fire.threshold = -1.0;
    EXPECT_INPUT_ERROR(fire.validate(), "--fire-threshold");
    fire.threshold = 8.0;
    fire.b1.resize(3);
    EXPECT_INPUT_ERROR(fire.bias(3), "--fire-mlp");
    EXPECT_INPUT_ERROR(FireBias::seeded(4, 1).bias(0), "--seq-len");
}

}  // namespace
}  // namespace posviz
