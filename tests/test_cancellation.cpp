// Cooperative cancellation: a token made current by a scope, checked by the core's long loops,
// stops a computation from another thread at its next check, also inside OpenMP loops (which must
// not let the exception escape). Without a token nothing is ever cancelled.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <functional>
#include <future>
#include <limits>
#include <thread>
#include <utility>

#include "core/analyses/block_reduction.h"
#include "core/analyses/decay.h"
#include "core/analyses/learned_table.h"
#include "core/analyses/logit_terms.h"
#include "core/analyses/rope_properties.h"
#include "core/cancellation.h"
#include "core/input_error.h"
#include "core/limits.h"
#include "core/random.h"

namespace posviz {
namespace {

using namespace std::chrono_literals;

TEST(Cancellation, OnlyACancelledCurrentTokenThrows) {
    EXPECT_NO_THROW(throw_if_cancelled());  // no token: the command line, the tests
    CancellationToken token;
    const CancellationScope scope(token);
    EXPECT_NO_THROW(throw_if_cancelled());
    token.cancel();
    EXPECT_THROW(throw_if_cancelled(), Cancelled);
}

TEST(Cancellation, ScopesNestAndRestoreThePreviousToken) {
    CancellationToken outer, inner;
    outer.cancel();
    {
        const CancellationScope a(outer);
        {
            const CancellationScope b(inner);
            EXPECT_NO_THROW(throw_if_cancelled());
        }
        EXPECT_THROW(throw_if_cancelled(), Cancelled);
    }
    EXPECT_NO_THROW(throw_if_cancelled());
}

TEST(Cancellation, TokensAreCurrentOnTheirOwnThreadOnly) {
    CancellationToken token;
    token.cancel();
    const CancellationScope scope(token);
    std::async(std::launch::async, [] { EXPECT_NO_THROW(throw_if_cancelled()); }).get();
}

// The work in these tests takes minutes; stopping within a few seconds shows it stopped at a check.
// (Not tighter: CI runs them on two shared cores, also under ASan, where a piece takes longer.)
constexpr double kStopsWithinSeconds = 5.0;

// Runs `work` on another thread under a token, cancels it after 100 ms and returns how long it
// then took to stop; `threw` says whether it stopped by Cancelled.
template <class Work>
double seconds_to_stop(Work work, bool& threw) {
    CancellationToken token;
    auto running = std::async(std::launch::async, [&] {
        const CancellationScope scope(token);
        work();
    });
    std::this_thread::sleep_for(100ms);
    EXPECT_EQ(running.wait_for(0s), std::future_status::timeout) << "finished before cancelled";
    const auto cancelled_at = std::chrono::steady_clock::now();
    token.cancel();
    EXPECT_EQ(running.wait_for(20s), std::future_status::ready);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - cancelled_at).count();
    threw = false;
    try {
        running.get();
    } catch (const Cancelled&) {
        threw = true;
    }
    return seconds;
}

TEST(Cancellation, ALongDecayBoundStopsAtItsNextDistance) {
    // 2^20 distances of 2^14 pairs each: minutes of work.
    const Vector inverse_frequencies = Vector::LinSpaced(1 << 14, 1e-4, 1.0);
    bool threw = false;
    const double seconds =
        seconds_to_stop([&] { rope_decay_bound(inverse_frequencies, 1 << 20); }, threw);
    EXPECT_TRUE(threw);
    EXPECT_LT(seconds, kStopsWithinSeconds);
}

TEST(Cancellation, AStreamedReductionStopsInsideItsParallelLoop) {
    // L = 2^16 logits of D = 64 in texel rows shared out by OpenMP: a minute of work.
    const int seq_len = 1 << 16;
    const Matrix content = random_normal_matrix(seq_len, 64, 1.0, 5);
    const AttentionRows rows = *AttentionRows::prepare(NoPE{}, content, content, false);
    bool threw = false;
    const double seconds = seconds_to_stop([&] { block_max_abs_of_rows(rows, 256, true); }, threw);
    EXPECT_TRUE(threw);
    EXPECT_LT(seconds, kStopsWithinSeconds);
}

// The dense computations that hold whole L × L matrices: each is seconds of products at L = 4096
// and D = 2048 (3.4·10^10 multiply-adds a product), made in tiles a cancelled build stops between.
TEST(Cancellation, DenseLogitsTermsAndPropertiesStopBetweenTiles) {
    const int seq_len = 4096, dim = 2048;
    const Matrix q = random_normal_matrix(seq_len, dim, 1.0, 7);
    const Matrix k = random_normal_matrix(seq_len, dim, 1.0, 8);
    const std::pair<const char*, std::function<void()>> works[] = {
        {"shaw", [&] { attention_logits(ShawRelative::seeded(seq_len, dim, 9), q, k, false); }},
        {"xl", [&] { attention_logits(TransformerXL::seeded(dim, 10), q, k, false); }},
        {"fire", [&] { attention_logits(FireBias::seeded(32, 11), q, k, false); }},
        {"logit terms", [&] { additive_logit_terms(q, k, q); }},
        {"rope properties",
         [&] {
             RopeEncoding rope;
             rope.dim = dim;
             measure_rope_properties(rope, q.row(0).transpose(), k.row(0).transpose(), seq_len);
         }},
    };
    for (const auto& [name, work] : works) {
        SCOPED_TRACE(name);
        bool threw = false;
        const double seconds = seconds_to_stop(work, threw);
        EXPECT_TRUE(threw);
        EXPECT_LT(seconds, kStopsWithinSeconds);
    }
}

TEST(Cancellation, PcaStopsBeforeAndAfterItsEigendecomposition) {
    // The covariance of 2^13 rows of 2048 dims: 3.4·10^10 multiply-adds, seconds.
    const Matrix table = random_normal_matrix(1 << 13, limits::kMaxPcaDim, 1.0, 12);
    bool threw = false;
    const double seconds = seconds_to_stop([&] { table_pca(table, 3); }, threw);
    EXPECT_TRUE(threw);
    EXPECT_LT(seconds, kStopsWithinSeconds);
    // Wider tables are refused: their eigendecomposition alone would take minutes.
    EXPECT_THROW(table_pca(Matrix::Zero(4, limits::kMaxPcaDim + 1), 3), InputError);
}

TEST(Cancellation, PiecewiseRowsReduceAsTheWholeMapDoes) {
    // L = 3000 in 2 texel rows: each texel row of 1500 logit rows is made in pieces of
    // 2^22 / 3000 = 1398 rows and the 102 left. Reference: the largest finite |logit| per block
    // of the dense map.
    const int seq_len = 3000, size = 2, block = seq_len / size;
    const Matrix content = random_normal_matrix(seq_len, 4, 1.0, 6);
    for (bool causal : {false, true}) {
        const AttentionRows rows = *AttentionRows::prepare(NoPE{}, content, content, causal);
        const Matrix reduced = block_max_abs_of_rows(rows, size, false);
        const Matrix dense = attention_logits(NoPE{}, content, content, causal);
        for (int i = 0; i < size; ++i)
            for (int j = 0; j < size; ++j) {
                double expected = -std::numeric_limits<double>::infinity();
                for (int m = i * block; m < (i + 1) * block; ++m)
                    for (int n = j * block; n < (j + 1) * block; ++n)
                        if (std::isfinite(dense(m, n)))
                            expected = std::max(expected, std::abs(dense(m, n)));
                if (std::isinf(expected))
                    EXPECT_EQ(reduced(i, j), expected) << i << ", " << j;
                else
                    EXPECT_NEAR(reduced(i, j), expected, 1e-12 * expected) << i << ", " << j;
            }
    }
}

}  // namespace
}  // namespace posviz
