// T5 relative attention bias (Raffel et al. 2020; transformers'
// T5Attention._relative_position_bucket): relative_position = key - query; half the buckets
// (bidirectional) hold the sign; small distances get exact buckets, larger ones logarithmic buckets
// up to max_distance, beyond which all share the last bucket. The bias is a learned scalar per
// bucket (per head), added to the logits.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace posviz {

int t5_relative_position_bucket(int relative_position, bool bidirectional, int num_buckets,
                                int max_distance);

struct T5Bias {
    int num_buckets = 32;
    int max_distance = 128;
    bool bidirectional = false;
    Vector bucket_bias;  // (num_buckets)

    static T5Bias seeded(int num_buckets, int max_distance, bool bidirectional, uint64_t seed);
    void validate() const;
    IntMatrix buckets(int seq_len) const;       // [m, n] = bucket of (n - m)
    Vector bias_of_offsets(int seq_len) const;  // 2L-1 values, index (n - m) + L - 1
    Matrix bias(int seq_len) const;             // [m, n] = bucket_bias[bucket]
};

}  // namespace posviz
