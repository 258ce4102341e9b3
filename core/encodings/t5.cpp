#include "core/encodings/t5.h"

#include <algorithm>
#include <cmath>

#include "core/encodings/checks.h"
#include "core/encodings/offsets.h"
#include "core/input_error.h"
#include "core/random.h"

namespace posviz {

static void check_buckets(int num_buckets, int max_distance, bool bidirectional) {
    // Each direction needs max_exact = buckets/2 >= 1 exact bucket; the log buckets divide by
    // log(max_distance / max_exact), which must be > 0.
    // (65536 buckets is far beyond any trained model's 32-128 and bounds the table's memory.)
    int per_direction = bidirectional ? num_buckets / 2 : num_buckets;
    if (per_direction < 2 || num_buckets > 65536)
        throw InputError("--num-buckets", std::to_string(num_buckets),
                         bidirectional ? "an integer in [4, 65536] when bidirectional"
                                       : "an integer in [2, 65536]");
    int max_exact = per_direction / 2;
    if (max_distance <= max_exact)
        throw InputError(
            "--max-distance", std::to_string(max_distance),
            "an integer > " + std::to_string(max_exact) + " (the number of exact buckets)");
}

// A line-by-line port of transformers' T5Attention._relative_position_bucket.
int t5_relative_position_bucket(int relative_position, bool bidirectional, int num_buckets,
                                int max_distance) {
    check_buckets(num_buckets, max_distance, bidirectional);
    long n = relative_position;  // long: -INT_MIN must not overflow
    int relative_buckets = 0;
    if (bidirectional) {
        num_buckets /= 2;
        if (n > 0) relative_buckets += num_buckets;
        n = std::abs(n);
    } else {
        n = -std::min(n, 0L);
    }
    // now n is in the range [0, inf)
    int max_exact = num_buckets / 2;
    if (n < max_exact) return relative_buckets + int(n);
    // torch computes this in float32: log(n.float() / max_exact) / math.log(max_distance /
    // max_exact) * (num_buckets - max_exact), then .to(long) truncates; we do the same float ops.
    float ratio = float(n) / float(max_exact);
    float divisor = float(std::log(double(max_distance) / double(max_exact)));
    float scaled = std::log(ratio) / divisor * float(num_buckets - max_exact);
    long if_large = max_exact + long(scaled);
    return relative_buckets + int(std::min(if_large, long(num_buckets - 1)));
}

T5Bias T5Bias::seeded(int num_buckets, int max_distance, bool bidirectional, uint64_t seed) {
    check_buckets(num_buckets, max_distance, bidirectional);
    // Unit variance: the same size as random content's q·k/sqrt(D), so the bias stays visible.
    NormalSampler sampler(seed);
    return {num_buckets, max_distance, bidirectional, sampler.vector(num_buckets, 1.0)};
}

void T5Bias::validate() const {
    check_buckets(num_buckets, max_distance, bidirectional);
    if (bucket_bias.size() != num_buckets)
        throw InputError("--bucket-bias", std::to_string(bucket_bias.size()) + " values",
                         std::to_string(num_buckets) + " values (one per bucket)");
}

// Every (m, n) with the same n - m shares a bucket: the buckets of the 2L-1 offsets, index
// (n - m) + (L - 1).
static Eigen::VectorXi buckets_of_offsets(const T5Bias& t5, int seq_len) {
    t5.validate();
    check_seq_len(seq_len);
    Eigen::VectorXi of_offset(2 * seq_len - 1);
    for (int k = 0; k < 2 * seq_len - 1; ++k)
        of_offset[k] = t5_relative_position_bucket(k - (seq_len - 1), t5.bidirectional,
                                                   t5.num_buckets, t5.max_distance);
    return of_offset;
}

IntMatrix T5Bias::buckets(int seq_len) const {
    return toeplitz_matrix(buckets_of_offsets(*this, seq_len), seq_len);
}

Vector T5Bias::bias_of_offsets(int seq_len) const {
    return bucket_bias(buckets_of_offsets(*this, seq_len));
}

Matrix T5Bias::bias(int seq_len) const {
    return toeplitz_matrix(bias_of_offsets(seq_len), seq_len);
}

}  // namespace posviz
