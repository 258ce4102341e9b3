#include "core/encodings/kerple.h"

#include <cmath>
#include <cstdlib>

#include "core/encodings/checks.h"
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

Matrix KerpleBias::bias(int seq_len) const {
    validate();
    check_seq_len(seq_len);
    // The bias depends on |m - n| only: one value per distance.
    Vector of_distance(seq_len);
    for (int d = 0; d < seq_len; ++d)
        of_distance[d] = kind == KerpleKind::Log ? -r1 * std::log1p(r2 * d)  // -r1 log(1 + r2 d)
                                                 : -r1 * std::pow(double(d), r2);  // -r1 d^r2
    Matrix result(seq_len, seq_len);
    for (int m = 0; m < seq_len; ++m)
        for (int n = 0; n < seq_len; ++n) result(m, n) = of_distance[std::abs(m - n)];
    return result;
}

}  // namespace posviz
