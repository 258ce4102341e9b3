#include "core/analyses/pe_analysis.h"

#include <cmath>
#include <string>

#include "core/cancellation.h"
#include "core/input_error.h"

namespace posviz {

Matrix pe_curves(const Matrix& pe, const std::vector<int>& dims) {
    Matrix curves(pe.rows(), Eigen::Index(dims.size()));
    for (size_t c = 0; c < dims.size(); ++c) {
        if (dims[c] < 0 || dims[c] >= pe.cols())
            throw InputError("--dims", std::to_string(dims[c]),
                             "dimensions in [0, " + std::to_string(pe.cols() - 1) + "]");
        curves.col(Eigen::Index(c)) = pe.col(dims[c]);
    }
    return curves;
}

Matrix pe_similarity(const Matrix& pe) {
    return product_with_transpose(pe, pe);  // in tiles, so that a cancelled build stops within one
}

OffsetMap fixed_offset_map(const SinusoidalEncoding& encoding, int k, int seq_len) {
    encoding.validate();
    const int d = encoding.dim;
    const Vector omega = encoding.frequencies();
    OffsetMap map;
    map.t_k = Matrix::Zero(d, d);
    // For a (sin, cos) pair at dims (s, c): sin(w(p+k)) = sin(wp)cos(wk) + cos(wp)sin(wk) and
    // cos(w(p+k)) = cos(wp)cos(wk) − sin(wp)sin(wk)  (seed 001 §1.2, the angle-addition formulas).
    for (int i = 0; i < d / 2; ++i) {
        const bool interleaved = encoding.layout == SinusoidalLayout::Interleaved;
        const int s = interleaved ? 2 * i : i;
        const int c = interleaved ? 2 * i + 1 : i + d / 2;
        const double ck = std::cos(omega[i] * k), sk = std::sin(omega[i] * k);
        map.t_k(s, s) = ck;
        map.t_k(s, c) = sk;
        map.t_k(c, s) = -sk;
        map.t_k(c, c) = ck;
    }
    const Matrix pe = encoding.table(seq_len + k);
    const Matrix shifted = pe.bottomRows(seq_len);
    const Matrix mapped = pe.topRows(seq_len) * map.t_k.transpose();
    map.residual = (shifted - mapped).cwiseAbs().maxCoeff();
    return map;
}

}  // namespace posviz
