// The seeded normal sampler: reproducible, the Box-Muller transform of mt19937_64's raw output
// (re-derived here from the formula), and N(0, 1) in its moments.
#include <gtest/gtest.h>

#include <cmath>
#include <future>
#include <numbers>
#include <random>
#include <vector>

#include "core/random.h"
#include "core/scene.h"

namespace posviz {
namespace {

TEST(Random, IsBoxMullerOnTheRawBits) {
    // u = (top 53 bits + 1) / 2^53 in (0, 1]; z0 = sqrt(-2 ln u1) cos(2 pi u2), z1 = ... sin(...).
    std::mt19937_64 bits(42);
    auto uniform = [&] { return double((bits() >> 11) + 1) / 9007199254740992.0; };
    Matrix x = random_normal_matrix(2, 3, 2.0, 42);  // 6 samples = 3 Box-Muller pairs, row-major
    for (int pair = 0; pair < 3; ++pair) {
        double u1 = uniform(), u2 = uniform();
        double r = std::sqrt(-2.0 * std::log(u1));
        double z0 = r * std::cos(2.0 * std::numbers::pi * u2);
        double z1 = r * std::sin(2.0 * std::numbers::pi * u2);
        EXPECT_EQ(x((2 * pair) / 3, (2 * pair) % 3), 2.0 * z0);
        EXPECT_EQ(x((2 * pair + 1) / 3, (2 * pair + 1) % 3), 2.0 * z1);
    }
}

TEST(Random, SameSeedSameNumbersOtherSeedOtherNumbers) {
    EXPECT_EQ(random_normal_matrix(4, 5, 1.0, 7), random_normal_matrix(4, 5, 1.0, 7));
    EXPECT_NE(random_normal_matrix(4, 5, 1.0, 7), random_normal_matrix(4, 5, 1.0, 8));
    // A sampler's stream continues where it stopped: two draws of 3 equal one draw of 6.
    NormalSampler a(3), b(3);
    Vector first = a.vector(3, 1.0), second = a.vector(3, 1.0), all = b.vector(6, 1.0);
    EXPECT_EQ(first, all.head(3));
    EXPECT_EQ(second, all.tail(3));
}

TEST(Random, MatrixIsTheSamplersStreamAtAnySize) {
    // random_normal_matrix transforms its pairs on several threads: the same numbers as drawing
    // one sample after another, for an odd count (the last pair's second sample unused) and for
    // counts large enough to be shared out between the cores.
    for (const auto& [rows, cols] : {std::pair{1, 1}, {3, 5}, {2048, 33}, {513, 129}}) {
        NormalSampler sampler(99);
        Matrix expected(rows, cols);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) expected(r, c) = 0.5 * sampler.next();
        EXPECT_EQ(random_normal_matrix(rows, cols, 0.5, 99), expected) << rows << "×" << cols;
    }
}

TEST(Random, ContentOfRandomScenesIsTheSeedsStreamEveryTime) {
    // make_content keeps the last random content it made (core/scene.cpp): alternating scenes,
    // and scenes made from several threads at once, still get their own seed's numbers.
    auto scene = [](uint64_t seed, int seq_len) {
        Scene s;
        s.content = "random";
        s.seed = seed;
        s.seq_len = seq_len;
        s.dim = 8;
        return s;
    };
    for (const auto& [seed, seq_len] : {std::pair{5, 16}, {5, 16}, {6, 16}, {5, 17}, {5, 16}}) {
        const Content c = make_content(scene(uint64_t(seed), seq_len));
        EXPECT_EQ(c.queries, random_normal_matrix(seq_len, 8, 1.0, uint64_t(seed)));
        EXPECT_EQ(c.keys, random_normal_matrix(seq_len, 8, 1.0, uint64_t(seed) + 1));
    }
    std::vector<std::future<Content>> made;
    for (int i = 0; i < 8; ++i)
        made.push_back(
            std::async(std::launch::async, [&, i] { return make_content(scene(40 + i % 2, 64)); }));
    for (int i = 0; i < 8; ++i)
        EXPECT_EQ(made[size_t(i)].get().queries, random_normal_matrix(64, 8, 1.0, 40 + i % 2));
}

TEST(Random, MomentsOfTheStandardNormal) {
    // 200000 samples: the standard error of the mean is 1/sqrt(200000) = 0.0022 and that of the
    // variance sqrt(2/200000) = 0.0032; 5 sigma bounds.
    Matrix x = random_normal_matrix(1000, 200, 1.0, 12345);
    double mean = x.mean();
    double variance = (x.array() - mean).square().mean();
    double fourth = (x.array() - mean).pow(4).mean();  // 3 for a normal distribution
    EXPECT_NEAR(mean, 0.0, 0.011);
    EXPECT_NEAR(variance, 1.0, 0.016);
    EXPECT_NEAR(fourth, 3.0, 0.1);
}

TEST(Random, TableSeedsAreSplitMix64) {
    // SplitMix64 seeded with 0 first returns 0xe220a8397b1dcdaf (Vigna's reference splitmix64.c);
    // stream 1 from seed 0 is exactly that first step.
    EXPECT_EQ(table_seed(0, SeedStream::LearnedPe), 0xe220a8397b1dcdafULL);
    EXPECT_NE(table_seed(0, SeedStream::ShawTable), table_seed(0, SeedStream::LearnedPe));
    EXPECT_NE(table_seed(1, SeedStream::LearnedPe), table_seed(0, SeedStream::LearnedPe));
}

TEST(Random, SeededTablesDoNotRepeatTheContent) {
    // With the content's seed, a learned table would equal the queries and Shaw's first L rows
    // would too (q_m·R_m = |q_m|^2 lit one column of the scores).
    Scene scene;
    scene.seq_len = 6;
    scene.dim = 4;
    scene.seed = 2;
    const Content content = make_content(scene);
    const Matrix learned = std::get<LearnedEncoding>(make_encoding(scene, "learned")).positions(6);
    EXPECT_GT((learned - content.queries).cwiseAbs().maxCoeff(), 0.1);
    const Matrix shaw = std::get<ShawRelative>(make_encoding(scene, "shaw")).rel_table;
    EXPECT_GT((shaw.topRows(6) - content.queries).cwiseAbs().maxCoeff(), 0.1);
    EXPECT_GT((shaw.topRows(6) - content.keys).cwiseAbs().maxCoeff(), 0.1);
}

// NormalRows grows a matrix a few rows at a time: whatever the order of lengths asked for, the rows
// are those of the one-sample-at-a-time stream (NormalSampler), for an even width (the stream
// goes on) and an odd one (it must start again after a half-used pair).
TEST(Random, GrowingRowsAreTheStreamsRows) {
    for (const int cols : {4, 3}) {
        NormalRows rows(cols, 2.0, 9);
        for (const int n : {5, 12, 12, 3, 40, 41}) {
            const Matrix expected = NormalSampler(9).matrix(n, cols, 2.0);
            const Matrix got = rows.first(n);
            ASSERT_EQ(got.rows(), n);
            ASSERT_EQ(got.cols(), cols);
            EXPECT_EQ(got, expected) << cols << " columns, " << n << " rows";
        }
        EXPECT_EQ(rows.rows_made(), 41);
    }
}

}  // namespace
}  // namespace posviz
