#include "core/analyses/frequencies.h"

#include <numbers>

namespace posviz {

Matrix wavelength_table(const Vector& inverse_frequencies) {
    Matrix table(inverse_frequencies.size(), 3);
    for (Eigen::Index i = 0; i < inverse_frequencies.size(); ++i) {
        table(i, 0) = double(i);
        table(i, 1) = inverse_frequencies[i];
        table(i, 2) = 2.0 * std::numbers::pi / inverse_frequencies[i];
    }
    return table;
}

}  // namespace posviz
