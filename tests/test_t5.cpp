// T5 relative buckets, worked by hand from transformers' T5Attention._relative_position_bucket:
//   bidirectional: num_buckets //= 2, + num_buckets if rel > 0, n = |rel|;
//   causal:        n = -min(rel, 0);
//   max_exact = num_buckets // 2; n < max_exact -> n; else
//   max_exact + int(log(n / max_exact) / log(max_distance / max_exact) * (num_buckets -
//   max_exact)), at most num_buckets - 1.
#include <gtest/gtest.h>

#include "core/encodings/t5.h"
#include "expect_input_error.h"

namespace posviz {
namespace {

int causal(int rel) {
    return t5_relative_position_bucket(rel, false, 32, 128);
}
int bidirectional(int rel) {
    return t5_relative_position_bucket(rel, true, 32, 128);
}

TEST(T5, CausalBucketsByHand) {
    // num_buckets 32, max_exact 16, log(128/16) = log 8 = 2.0794.
    EXPECT_EQ(causal(0), 0);
    EXPECT_EQ(causal(-1), 1);
    EXPECT_EQ(causal(-15), 15);    // last exact bucket
    EXPECT_EQ(causal(-16), 16);    // 16 + int(log(1)/log 8 · 16) = 16 + 0
    EXPECT_EQ(causal(-20), 17);    // log 1.25 = 0.2231; 0.2231/2.0794·16 = 1.72
    EXPECT_EQ(causal(-32), 21);    // log 2/log 8 · 16 = 16/3 = 5.33
    EXPECT_EQ(causal(-64), 26);    // log 4/log 8 · 16 = 32/3 = 10.67
    EXPECT_EQ(causal(-100), 30);   // log 6.25 = 1.8326; 1.8326/2.0794·16 = 14.10
    EXPECT_EQ(causal(-127), 31);   // log 7.9375 = 2.0716 -> 15.94 -> 16 + 15
    EXPECT_EQ(causal(-128), 31);   // 16 + 16 = 32 -> clamped to 31
    EXPECT_EQ(causal(-1000), 31);  // log 62.5/log 8 · 16 = 31.8 -> 47 -> 31
    EXPECT_EQ(causal(5), 0);       // keys after the query: n = -min(5, 0) = 0
    EXPECT_EQ(causal(1000), 0);
}

TEST(T5, BidirectionalBucketsByHand) {
    // num_buckets 32 -> 16 per side, + 16 for rel > 0; max_exact 8; log(128/8) = log 16 = 2.7726.
    EXPECT_EQ(bidirectional(0), 0);
    EXPECT_EQ(bidirectional(1), 17);  // 16 + 1
    EXPECT_EQ(bidirectional(-1), 1);
    EXPECT_EQ(bidirectional(7), 23);  // 16 + 7
    EXPECT_EQ(bidirectional(-8), 8);  // 8 + int(log 1 / log 16 · 8) = 8
    EXPECT_EQ(bidirectional(8), 24);
    EXPECT_EQ(bidirectional(-12), 9);    // log 1.5 = 0.4055; 0.4055/2.7726·8 = 1.17
    EXPECT_EQ(bidirectional(-16), 10);   // log 2/log 16 · 8 = 2 (exact in float too)
    EXPECT_EQ(bidirectional(32), 28);    // 16 + 8 + log 4/log 16 · 8 = 16 + 8 + 4
    EXPECT_EQ(bidirectional(127), 31);   // log 15.875 = 2.7647 -> 7.98 -> 16 + 8 + 7
    EXPECT_EQ(bidirectional(128), 31);   // 16 + min(8 + 8, 15)
    EXPECT_EQ(bidirectional(-200), 15);  // min(8 + 9, 15)
}

TEST(T5, BucketsAndBiasMatrices) {
    T5Bias t5 = T5Bias::seeded(32, 128, false, 3);
    ASSERT_EQ(t5.bucket_bias.size(), 32);
    IntMatrix ids = t5.buckets(40);
    Matrix bias = t5.bias(40);
    for (int m = 0; m < 40; ++m) {
        for (int n = 0; n < 40; ++n) {
            EXPECT_EQ(ids(m, n), causal(n - m));  // relative_position = key - query
            EXPECT_EQ(bias(m, n), t5.bucket_bias[ids(m, n)]);
        }
    }
    // Query 39 on key 0: rel = -39 -> log(39/16)/log 8 · 16 = 0.8910/2.0794·16 = 6.86 -> 22.
    EXPECT_EQ(ids(39, 0), 22);
}

TEST(T5, RejectsBadBucketSettings) {
    EXPECT_INPUT_ERROR(t5_relative_position_bucket(3, false, 1, 128), "--num-buckets");
    EXPECT_INPUT_ERROR(t5_relative_position_bucket(3, true, 3, 128), "--num-buckets");
    EXPECT_INPUT_ERROR(T5Bias::seeded(1 << 30, 1 << 30, false, 1), "--num-buckets");
    EXPECT_INPUT_ERROR(t5_relative_position_bucket(3, false, 32, 16), "--max-distance");
    EXPECT_INPUT_ERROR(T5Bias::seeded(32, 8, true, 1), "--max-distance");  // max_exact = 8
    T5Bias t5 = T5Bias::seeded(32, 128, true, 1);
    t5.bucket_bias.resize(31);
    EXPECT_INPUT_ERROR(t5.bias(4), "--bucket-bias");
    t5.bucket_bias.resize(32);
    EXPECT_INPUT_ERROR(t5.buckets(0), "--seq-len");
}

}  // namespace
}  // namespace posviz
