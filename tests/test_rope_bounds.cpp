// Liu et al. 2023's critical dimension and Men et al. 2024's base bound (core/analyses/
// rope_bounds.h), the base-bound figure, and its export through the real binary. Expectations
// come from naive sums and closed forms written out here, and from hand values.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "core/analyses/rope_bounds.h"
#include "core/encodings/rope_scaling.h"
#include "core/figure_data.h"
#include "core/figures/figures.h"
#include "core/formats/npy.h"
#include "core/input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

using testing::make_temp_dir;
using testing::run_posviz;

// f_b(m) summed term by term, θᵢ = b^(−2i/d) as RoPE computes it.
double naive_f(double base, int d, long m) {
    double sum = 0.0;
    for (int i = 0; i < d / 2; ++i) sum += std::cos(double(m) * std::pow(base, -2.0 * i / d));
    return sum;
}

bool naive_passes(double base, int d, long length) {
    for (long m = 0; m < length; ++m)
        if (naive_f(base, d, m) < 0.0) return false;
    return true;
}

TEST(RopeBounds, CriticalDimensionOfLlama2Is92Dims) {
    // d = 128, b = 10000, T = 4096: (d/2)·log_b(T/2π) = 64·ln(651.9)/ln(10⁴) = 45.03, so pairs
    // 0 … 45 complete a period (pair 45: 2π·10⁴^(90/128) ≈ 4030 ≤ 4096; pair 46: ≈ 4712 > 4096).
    const CriticalDimension c = critical_dimension(rope_inverse_frequencies(10000.0, 128), 4096.0);
    EXPECT_EQ(c.pair, 46);
    EXPECT_EQ(c.dims, 92);
    EXPECT_EQ(critical_dimension_formula(10000.0, 128, 4096.0), 92);
}

TEST(RopeBounds, CriticalDimensionOfLlama3Is70Dims) {
    // Llama 3 8B: θ = 500000, T = 8192: 64·ln(8192/2π)/ln(500000) = 64·7.1731/13.1224 = 34.98, so
    // ⌈34.98⌉ = 35 pairs turn within 8192 (pair 34: 2π·500000^(68/128) ≈ 7.3k; pair 35:
    // 2π·500000^(70/128) ≈ 8219 > 8192, just) and d_extra = 70.
    const CriticalDimension c = critical_dimension(rope_inverse_frequencies(500000.0, 128), 8192.0);
    EXPECT_EQ(c.pair, 35);
    EXPECT_EQ(c.dims, 70);
    EXPECT_EQ(critical_dimension_formula(500000.0, 128, 8192.0), 70);
}

TEST(RopeBounds, CountAgreesWithTheClosedFormForUnscaledRope) {
    for (double base : {500.0, 10000.0, 500000.0, 1e6, 1e8})
        for (int d : {16, 64, 128, 256})
            for (double length : {64.0, 1000.0, 4096.0, 32768.0, 1e6}) {
                const double x = d / 2.0 * std::log(length / (2 * M_PI)) / std::log(base);
                if (std::abs(x - std::round(x)) < 1e-9) continue;  // a wavelength exactly T
                EXPECT_EQ(critical_dimension(rope_inverse_frequencies(base, d), length).dims,
                          critical_dimension_formula(base, d, length))
                    << base << " " << d << " " << length;
            }
}

TEST(RopeBounds, ZeroFrequenciesAndShortLengthsNeverCount) {
    Vector theta(4);
    theta << 1.0, 0.01, 0.0, 0.0;  // p-RoPE: the last pairs do not turn
    EXPECT_EQ(critical_dimension(theta, 1e9).pair, 2);
    EXPECT_EQ(critical_dimension(theta, 1.0).pair, 0);  // 2π > 1: not even pair 0
    EXPECT_EQ(critical_dimension_formula(10000.0, 128, 1.0), 0);
    EXPECT_EQ(critical_dimension_formula(10.0, 8, 1e9), 8);
}

TEST(RopeBounds, CurveMatchesTheNaiveSum) {
    for (double base : {10000.0, 500000.0})
        for (int d : {2, 6, 128}) {
            const Vector f = base_bound_curve(base, d, 3000);
            ASSERT_EQ(f.size(), 3000);
            for (long m = 0; m < 3000; m += 7)
                EXPECT_NEAR(f[m], naive_f(base, d, m), 1e-11) << base << " " << d << " " << m;
        }
    // The far end of the longest curve: m·θᵢ reaches 2^20.
    const long length = 1L << 20;
    const Vector f = base_bound_curve(10000.0, 128, length);
    for (long m : {length - 1, length - 257, 999999L})
        EXPECT_NEAR(f[m], naive_f(10000.0, 128, m), 1e-9) << m;
}

TEST(RopeBounds, FirstNegativeIsTheFirstNegativeOfTheSum) {
    for (double base : {500.0, 10000.0, 26900.0}) {
        long expected = -1;
        for (long m = 0; m < 4096 && expected < 0; ++m)
            if (naive_f(base, 128, m) < 0.0) expected = m;
        EXPECT_EQ(first_negative(base, 128, 4096), expected) << base;
    }
    EXPECT_EQ(first_negative(26960.0, 128, 4096), -1);
}

// Verified with a direct Python sum before writing: at d = 128, L = 4096 the bases that pass
// are many intervals (26952–26975, 28629–29082, … , 57534–58223) and every base from 58790 on.
TEST(RopeBounds, BaseBoundIsNotMonotoneInTheBase) {
    EXPECT_TRUE(naive_passes(26960.0, 128, 4096));
    EXPECT_FALSE(naive_passes(27000.0, 128, 4096));
    EXPECT_FALSE(naive_passes(40000.0, 128, 4096));
    EXPECT_FALSE(naive_passes(58700.0, 128, 4096));
    for (double base : {58800.0, 60000.0, 80000.0, 1e6})
        EXPECT_TRUE(naive_passes(base, 128, 4096)) << base;
}

TEST(RopeBounds, SmallestPassingBaseAndAllPassFromAt4k) {
    const BaseBound b = base_bound(128, 4096);
    // Men et al. Table 1: 2.7·10⁴ for 4k.
    EXPECT_NEAR(b.smallest, 26952.3, 1.0);
    EXPECT_TRUE(naive_passes(b.smallest, 128, 4096));
    EXPECT_FALSE(naive_passes(b.smallest * (1 - 1e-4), 128, 4096));
    EXPECT_NEAR(b.all_from, 58789.5, 1.0);
    EXPECT_TRUE(naive_passes(b.all_from, 128, 4096));
    EXPECT_FALSE(naive_passes(b.all_from * (1 - 2e-4), 128, 4096));
    EXPECT_DOUBLE_EQ(smallest_passing_base(128, 4096), b.smallest);
}

TEST(RopeBounds, SmallestPassingBaseMatchesThePaperAt1kTo32k) {
    // Men et al. 2024, Table 1 (d = 128): 4.3·10³ for 1k, 8.4·10⁴ for 8k, 6.4·10⁵ for 32k; the
    // scan gives 4293, 83764 and 629979.
    EXPECT_NEAR(smallest_passing_base(128, 1024), 4.3e3, 0.05e3);
    EXPECT_NEAR(smallest_passing_base(128, 8192), 8.4e4, 0.05e4);
    const auto start = std::chrono::steady_clock::now();
    const double b32k = smallest_passing_base(128, 32768);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_NEAR(b32k, 6.3e5, 0.1e5);
    EXPECT_TRUE(naive_passes(b32k, 128, 32768));
    EXPECT_LT(seconds, 30.0);  // ~0.6 s in Release; far more under the sanitizers
}

TEST(RopeBounds, TinyAndBadInputs) {
    const BaseBound short_context = base_bound(4, 2);  // f_b(0), f_b(1) > 0 for every base
    EXPECT_EQ(short_context.smallest, 1.0);
    EXPECT_EQ(short_context.all_from, 1.0);
    const BaseBound four = base_bound(4, 64);
    EXPECT_TRUE(naive_passes(four.smallest, 4, 64));
    EXPECT_LE(four.smallest, four.all_from);
    EXPECT_THROW(base_bound(2, 64), InputError);  // one pair: the base changes nothing
    EXPECT_THROW(base_bound(127, 64), InputError);
    EXPECT_THROW(base_bound(128, 0), InputError);
    EXPECT_THROW(base_bound(128, kMaxBaseBoundLength + 1), InputError);
    EXPECT_THROW(base_bound_curve(1.0, 128, 16), InputError);
    EXPECT_THROW(base_bound_curve(10000.0, 128, 0), InputError);
    try {
        base_bound(3, 64);
    } catch (const InputError& e) {
        EXPECT_EQ(e.option, "--dim");
    }
}

TEST(RopeBounds, FigureDataIsMAndF) {
    Scene s;
    s.figure = "base-bound";
    s.seq_len = 300;
    s.dim = 32;
    const DataTable t = compute_figure_data(s);
    ASSERT_EQ(t.shape.size(), 2u);
    EXPECT_EQ(t.shape[0], 300);
    EXPECT_EQ(t.shape[1], 2);
    EXPECT_EQ(t.columns, (std::vector<std::string>{"m", "f"}));
    for (long m = 0; m < 300; m += 13) {
        EXPECT_EQ(t.values(m, 0), double(m));
        EXPECT_NEAR(t.values(m, 1), naive_f(10000.0, 32, m), 1e-11);
    }
    const Figure f = build_figure(s, {});
    ASSERT_EQ(f.panels.size(), 2u);
    EXPECT_NE(f.subtitle.find("b* = "), std::string::npos) << f.subtitle;
}

TEST(RopeBounds, ExportAtAMillionPositionsStaysSmallAndQuick) {
    const std::string dir = make_temp_dir();
    const auto start = std::chrono::steady_clock::now();
    const auto r = run_posviz("export base-bound --dim 128 --seq-len 1048576 -o " + dir + "/x.npy");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(r.status, 0) << r.err;
    const NpyArray a = read_npy(dir + "/x.npy");
    EXPECT_EQ(a.shape, (std::vector<int64_t>{1L << 20, 2}));
    EXPECT_EQ(a.data[2 * 1000], 1000.0);
    EXPECT_NEAR(a.data[2 * 1000 + 1], naive_f(10000.0, 128, 1000), 1e-11);
    // The (L, 2) table is 16 MiB; O(L) memory, never an L × L map (8 TiB).
    EXPECT_LT(r.max_rss_kb, testing::rss_budget_kb(200 * 1024)) << r.max_rss_kb;
    EXPECT_LT(seconds, 60.0);
}

TEST(RopeBounds, PictureAtAMillionPositions) {
    const std::string dir = make_temp_dir();
    const auto r = run_posviz("export base-bound --dim 128 --seq-len 1048576 -o " + dir + "/x.png");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_LT(r.max_rss_kb, testing::rss_budget_kb(400 * 1024)) << r.max_rss_kb;
}

TEST(RopeBounds, BadInputNamesTheOption) {
    struct Case {
        std::string args, option;
    };
    for (const Case& c : {Case{"--seq-len 0", "--seq-len"}, Case{"--seq-len 1048577", "--seq-len"},
                          Case{"--dim 127", "--dim"}, Case{"--dim 2", "--dim"},
                          Case{"--encoding alibi", "--encoding"}}) {
        const std::string dir = make_temp_dir();
        const auto r = run_posviz("export base-bound " + c.args + " -o " + dir + "/x.npy");
        EXPECT_EQ(r.status, 2) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.option), std::string::npos) << c.args << "\n" << r.err;
        const auto p = run_posviz("export base-bound " + c.args + " -o " + dir + "/x.png");
        EXPECT_EQ(p.status, 2) << c.args << "\n" << p.err;
    }
}

}  // namespace
}  // namespace posviz
