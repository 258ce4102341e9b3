// Seeded normal random numbers that are identical on every platform: std::normal_distribution is
// implementation-defined, so we draw our own Box-Muller pairs from std::mt19937_64's raw 64-bit
// output (whose sequence the C++ standard fixes).
#pragma once

#include <cstdint>
#include <random>

#include "core/types.h"

namespace posviz {

// One stream of N(0, 1) samples. Seeded structures with several parameter arrays draw them from
// one stream in a documented order, so one seed fixes all of them.
struct NormalSampler {
    explicit NormalSampler(uint64_t seed) : bits(seed) {}

    double next();  // one N(0, 1) sample
    // rows × cols samples scaled by stddev, filled row by row. rows, cols >= 0.
    Matrix matrix(int rows, int cols, double stddev);
    Vector vector(int size, double stddev);

    std::mt19937_64 bits;
    bool has_spare = false;  // Box-Muller makes two samples at a time
    double spare = 0.0;
};

// The first rows × cols samples of seed's stream times stddev (what `--content random --seed N`
// draws).
Matrix random_normal_matrix(int rows, int cols, double stddev, uint64_t seed);

// random_normal_matrix(rows, cols, stddev, seed) for a growing number of rows: the first n rows of
// a taller matrix are the same samples (the stream fills row by row), so a sequence dragged from
// L to L + 31 draws only the 31 new rows. Keeps the rows made so far; not thread-safe.
class NormalRows {
  public:
    NormalRows(int cols, double stddev, uint64_t seed);
    int cols() const { return cols_; }
    int rows_made() const { return int(made_.rows()); }
    // random_normal_matrix(rows, cols, stddev, seed), drawing only the rows not made yet.
    Matrix first(int rows);

  private:
    int cols_;
    double stddev_;
    uint64_t seed_;
    std::mt19937_64 bits_;
    Matrix made_;
};

// Seeded stand-ins for learned tables must not share a stream with the content: with one seed for
// both, a learned PE table would equal the queries row for row (q + p = 2q) and Shaw's table rows
// 0..L-1 would be the queries, lighting up q_m·R_m = |q_m|² down one column. Each table kind draws
// from its own stream, derived from the scene's seed by SplitMix64 (Steele, Lea & Flood 2014).
enum class SeedStream : uint64_t {
    LearnedPe = 1,
    ShawTable = 2,
    XLBiases = 3,
    T5Biases = 4,
    FireMlp = 5,
    SentenceQueries = 6,  // seeded by a token's hash, not the scene's seed (core/sentence.h)
    SentenceKeys = 7
};
uint64_t table_seed(uint64_t seed, SeedStream stream);

}  // namespace posviz
