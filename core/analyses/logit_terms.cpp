#include "core/analyses/logit_terms.h"

#include <cmath>

#include "core/cancellation.h"

namespace posviz {

std::array<Matrix, 4> additive_logit_terms(const Matrix& queries, const Matrix& keys,
                                           const Matrix& pe) {
    // Scale the left operand once instead of each product (cheaper than scaling L×L results).
    const double scale = 1.0 / std::sqrt(double(queries.cols()));
    const Matrix qs = queries * scale;
    const Matrix ps = pe * scale;
    return {product_with_transpose(qs, keys), product_with_transpose(qs, pe),
            product_with_transpose(ps, keys), product_with_transpose(ps, pe)};
}

}  // namespace posviz
