#include "core/encodings/xpos.h"

#include <cmath>

#include "core/encodings/checks.h"
#include "core/input_error.h"

namespace posviz {

void XPosEncoding::validate() const {
    rope.validate();
    check_positive("--xpos-gamma", gamma);
    check_positive("--xpos-scale-base", scale_base);
}

// torchscale XPOS.__init__: scale = (arange(0, head_dim, 2) + 0.4 · head_dim) / (1.4 · head_dim),
// i.e. zeta_i = (2i/D + gamma) / (1 + gamma) with gamma = 0.4 (Sun et al. 2023 eq. 9).
Vector XPosEncoding::pair_scales() const {
    validate();
    const int pairs = rope.rotary_dim() / 2;
    Vector zeta(pairs);
    for (int i = 0; i < pairs; ++i) zeta[i] = (2.0 * i / rope.rotary_dim() + gamma) / (1.0 + gamma);
    return zeta;
}

// Multiplies both dims of pair i at row m by zeta_i^(sign · (m - ceil(L/2)) / scale_base): sign
// +1 for queries, -1 for keys (torchscale XPOS.forward: positions arange(min_pos, max_pos) with
// min_pos = -(L // 2) rounded down, i.e. -ceil(L/2); downscale = True uses 1 / scale).
static Matrix scale_pairs(const XPosEncoding& xpos, Matrix rotated, double sign) {
    Vector zeta = xpos.pair_scales();
    const Eigen::Index centre = (rotated.rows() + 1) / 2;
    // zeta_0 = gamma / (1 + gamma) is the smallest; its power must stay inside double's range
    // (exp overflows past ~709) at the farthest centred position, ceil(L/2).
    const double max_centred = 700.0 * xpos.scale_base / std::abs(std::log(zeta[0]));
    if (double(centre) > max_centred)
        throw InputError("--seq-len", std::to_string(rotated.rows()),
                         "at most " + std::to_string(2 * long(max_centred)) +
                             " for xPos with these gamma and scale_base (zeta^(L/2/scale_base) "
                             "leaves the range of double)");
    for (Eigen::Index m = 0; m < rotated.rows(); ++m) {
        for (int i = 0; i < zeta.size(); ++i) {
            double factor = std::pow(zeta[i], sign * double(m - centre) / xpos.scale_base);
            rotated(m, xpos.rope.pair_first_dim(i)) *= factor;
            rotated(m, xpos.rope.pair_second_dim(i)) *= factor;
        }
    }
    return rotated;
}

Matrix XPosEncoding::rotate_queries(const Matrix& x) const {
    return scale_pairs(*this, rope.rotate(x), +1.0);
}

Matrix XPosEncoding::rotate_keys(const Matrix& x) const {
    return scale_pairs(*this, rope.rotate(x), -1.0);
}

}  // namespace posviz
