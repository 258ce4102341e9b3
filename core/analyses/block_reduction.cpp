#include "core/analyses/block_reduction.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <string>

#include "core/cancellation.h"
#include "core/input_error.h"

namespace posviz {

namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

int checked_size(int resolution, long seq_len) {
    if (resolution < 1)
        throw InputError("--resolution", std::to_string(resolution), "an integer >= 1");
    return int(std::min<long>(resolution, seq_len));
}

}  // namespace

long reduction_block_start(long i, long seq_len, long resolution) {
    return i * seq_len / resolution;
}

namespace {

// The largest |value| over the finite entries of rows [r0, r1) and columns [c0, c1) of `values`;
// -inf when there is none.
template <class Values>
double largest_finite_abs(const Values& values, long r0, long r1, long c0, long c1) {
    double largest = kNegInf;
    for (long r = r0; r < r1; ++r)
        for (long c = c0; c < c1; ++c)
            if (std::isfinite(values(r, c)))
                largest = std::max(largest, double(std::abs(values(r, c))));
    return largest;
}

// The size × size texels of an L-long map, texel (i, j) = block_max(rows [r0, r1), cols [c0, c1)).
template <class BlockMax>
Matrix reduce_blocks(long seq_len, int size, BlockMax block_max) {
    Matrix result(size, size);
    const CancellationCheck cancellation;
#pragma omp parallel for schedule(static)
    for (int i = 0; i < size; ++i) {
        if (cancellation.stop()) continue;
        const long r0 = reduction_block_start(i, seq_len, size);
        const long r1 = reduction_block_start(i + 1, seq_len, size);
        for (int j = 0; j < size; ++j)
            result(i, j) = block_max(r0, r1, reduction_block_start(j, seq_len, size),
                                     reduction_block_start(j + 1, seq_len, size));
    }
    throw_if_cancelled();
    return result;
}

}  // namespace

Matrix block_max_abs(const Matrix& dense, int resolution) {
    const long seq_len = dense.rows();
    return reduce_blocks(seq_len, checked_size(resolution, seq_len),
                         [&](long r0, long r1, long c0, long c1) {
                             return largest_finite_abs(dense, r0, r1, c0, c1);
                         });
}

Matrix block_max_abs_of_offsets(const Vector& offset_values, int seq_len, int resolution,
                                bool causal) {
    if (offset_values.size() != 2L * seq_len - 1)
        throw InputError("offsets", std::to_string(offset_values.size()) + " values",
                         std::to_string(2L * seq_len - 1) + " (2L-1)");
    return reduce_blocks(seq_len, checked_size(resolution, seq_len),
                         [&](long r0, long r1, long c0, long c1) {
                             // Offsets n - m from the block's bottom-left to its top-right corner.
                             const long lowest = c0 - (r1 - 1);
                             const long highest = causal ? std::min(c1 - 1 - r0, 0L) : c1 - 1 - r0;
                             double largest = kNegInf;
                             for (long offset = lowest; offset <= highest; ++offset) {
                                 const double v = offset_values[offset + seq_len - 1];
                                 if (std::isfinite(v)) largest = std::max(largest, std::abs(v));
                             }
                             return largest;
                         });
}

Matrix block_max_abs_of_rows(const AttentionRows& rows, int resolution, bool softmax) {
    const long seq_len = rows.seq_len();
    const int size = checked_size(resolution, seq_len);
    Matrix result = Matrix::Constant(size, size, kNegInf);
    auto start = [&](long i) { return reduction_block_start(i, seq_len, size); };
    // The texel rows share out between the cores in tasks of consecutive rows, each task
    // computing its logit rows a piece at a time. A piece spans up to 256 logit rows — several
    // texel rows where each has few (4 at L = 8192): every tile of keys is then read for 256
    // queries, where a piece of 4 read all keys from memory for 4 and left the product
    // memory-bound — and at most 2^21 entries (16 MiB), so that a cancelled build stops after
    // one piece and at L = 2^20 a core holds 2 rows.
    const long piece = std::clamp((1L << 21) / seq_len, 1L, 256L);
    const long rows_per_texel = (seq_len + size - 1) / size;
    const int texels_per_task = int(std::max(1L, piece / rows_per_texel));
    const int tasks = (size + texels_per_task - 1) / texels_per_task;
    const CancellationCheck cancellation;
    std::atomic<int> rows_done{0};  // for the progress a GUI shows (L = 16384 takes seconds)
#pragma omp parallel for schedule(dynamic)
    for (int task = 0; task < tasks; ++task) {
        const int i0 = task * texels_per_task, i1 = std::min(size, i0 + texels_per_task);
        int i = i0;  // the first texel row the piece reaches
        for (long first = start(i0); first < start(i1) && !cancellation.stop(); first += piece) {
            const long count = std::min(piece, start(i1) - first);
            while (start(i + 1) <= first) ++i;
            auto reduce = [&](const auto& block) {
                for (int row = i; row < i1 && start(row) < first + count; ++row) {
                    // This texel row's logit rows within the piece.
                    const long lo = std::max(first, start(row)) - first;
                    const long hi = std::min(first + count, start(row + 1)) - first;
                    for (int j = 0; j < size; ++j)
                        result(row, j) =
                            std::max(result(row, j),
                                     largest_finite_abs(block, lo, hi, start(j), start(j + 1)));
                }
            };
            // Logits (not probabilities) of a single-precision picture stay in float32.
            if (rows.single_precision() && !softmax) {
                reduce(rows.rows_single(first, count));
            } else {
                Matrix block = rows.rows(first, count);
                if (softmax) softmax_rows_inplace(block);
                reduce(block);
            }
        }
        if (!cancellation.stop())
            cancellation.progress(double(rows_done += i1 - i0) / size);  // whole rows only
    }
    throw_if_cancelled();
    return result;
}

}  // namespace posviz
