#include "core/figure/page_geometry.h"

#include <cmath>

namespace posviz {

double AxisMap::operator()(double v) const {
    const double t = log ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo))
                         : (v - lo) / (hi - lo);
    return page_lo + t * (page_hi - page_lo);
}

}  // namespace posviz
