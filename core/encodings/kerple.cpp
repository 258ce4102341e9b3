#include "core/encodings/kerple.h"

#include <cmath>
#include <cstdlib>

#include "core/encodings/checks.h"
#include "core/encodings/offsets.h"
#include "core/input_error.h"

namespace posviz {

// Chi et al. 2022 §4: both kernels need r1, r2 > 0; the power kernel is conditionally positive
// definite only for 0 < r2 <= 2.
void KerpleBias::validate() const {
    check_positive("--kerple-r1", r1);
    check_positive("--kerple-r2", r2);
    if (kind == KerpleKind::Power && r2 > 2.0)
        throw InputError("--kerple-r2", format_number(r2),
                         "a number in (0, 2] for the power kernel");
}

Vector KerpleBias::bias_of_offsets(int seq_len) const {
    validate();
    check_seq_len(seq_len);
    Vector result(2 * seq_len - 1);
    for (int k = 0; k < 2 * seq_len - 1; ++k) {
        const double d = std::abs(k - (seq_len - 1));                   // |m - n|
        result[k] = kind == KerpleKind::Log ? -r1 * std::log1p(r2 * d)  // -r1 log(1 + r2 d)
                                            : -r1 * std::pow(d, r2);    // -r1 d^r2
    }
    return result;
}

Matrix KerpleBias::bias(int seq_len) const {
    return toeplitz_matrix(bias_of_offsets(seq_len), seq_len);
}

}  // namespace posviz
