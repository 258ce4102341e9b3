#include "core/encodings/learned.h"

#include "core/encodings/checks.h"
#include "core/input_error.h"
#include "core/random.h"

namespace posviz {

LearnedEncoding LearnedEncoding::seeded(int max_len, int dim, uint64_t seed) {
    // The command line seeds a table exactly as long as --seq-len.
    if (max_len < 1) throw InputError("--seq-len", std::to_string(max_len), "an integer >= 1");
    if (dim < 1) throw InputError("--dim", std::to_string(dim), "an integer >= 1");
    // GPT-2 initialises wpe with N(0, 0.02^2) (initializer_range = 0.02 in its config).
    return {random_normal_matrix(max_len, dim, 0.02, seed)};
}

Matrix LearnedEncoding::positions(int seq_len) const {
    check_seq_len(seq_len);
    if (seq_len > table.rows())
        throw InputError("--seq-len", std::to_string(seq_len),
                         "at most max_len = " + std::to_string(table.rows()) +
                             " (learned tables have no rows beyond their length)");
    return table.topRows(seq_len);
}

}  // namespace posviz
