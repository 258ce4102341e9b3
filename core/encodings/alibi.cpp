#include "core/encodings/alibi.h"

#include <cmath>
#include <cstdlib>
#include <limits>

#include "core/encodings/checks.h"
#include "core/encodings/offsets.h"
#include "core/input_error.h"

namespace posviz {

static void check_heads(int heads) {
    if (heads < 1 || heads > 65536)
        throw InputError("--heads", std::to_string(heads), "an integer in [1, 65536]");
}

// get_slopes_power_of_2 of the reference (ofirpress/attention_with_linear_biases):
// start = 2^(-2^-(log2(n) - 3)) = 2^(-8/n), ratio = start, slopes start · ratio^i.
static Vector slopes_power_of_2(int heads) {
    double start = std::pow(2.0, -std::pow(2.0, -(std::log2(double(heads)) - 3.0)));
    double ratio = start;
    Vector slopes(heads);
    for (int i = 0; i < heads; ++i) slopes[i] = start * std::pow(ratio, i);
    return slopes;
}

// get_slopes of the reference: for n not a power of two, the slopes of the closest lower power
// of two, then get_slopes(2 * closest)[0::2][:n - closest].
Vector alibi_slopes(int heads) {
    check_heads(heads);
    double log2_heads = std::log2(double(heads));  // exact for powers of two
    if (log2_heads == std::floor(log2_heads)) return slopes_power_of_2(heads);
    int closest = 1 << int(std::floor(log2_heads));
    Vector lower = slopes_power_of_2(closest);
    Vector doubled = slopes_power_of_2(2 * closest);
    Vector slopes(heads);
    slopes.head(closest) = lower;
    for (int k = 0; k < heads - closest; ++k) slopes[closest + k] = doubled[2 * k];
    return slopes;
}

void AlibiBias::validate() const {
    check_heads(heads);
    if (head < 0 || head >= heads)
        throw InputError(
            "--head", std::to_string(head),
            "an integer in [0, " + std::to_string(heads - 1) + "] (heads count from 0)");
}

double AlibiBias::slope() const {
    validate();
    return alibi_slopes(heads)[head];
}

// Press et al. 2022 §3: softmax(q_i K^T + slope · [-(i-1), ..., -2, -1, 0]), i.e. -slope·(m - n)
// for keys n <= m. (The reference code adds slope · n instead, which differs by a constant per
// row and gives the same softmax.) Bidirectional use takes -slope·|m - n|.
Vector AlibiBias::bias_of_offsets(int seq_len) const {
    check_seq_len(seq_len);
    const double s = slope();
    Vector result(2 * seq_len - 1);
    for (int k = 0; k < 2 * seq_len - 1; ++k) {
        const int offset = k - (seq_len - 1);  // n - m
        result[k] =
            causal && offset > 0 ? -std::numeric_limits<double>::infinity() : -s * std::abs(offset);
    }
    return result;
}

Matrix AlibiBias::bias(int seq_len) const {
    return toeplitz_matrix(bias_of_offsets(seq_len), seq_len);
}

}  // namespace posviz
