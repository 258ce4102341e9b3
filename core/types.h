// Basic numeric types shared by the whole core. Everything is double precision:
// angles m·theta_i must be exact to ~1e-12 even at m = 65536.
#pragma once

#include <Eigen/Core>
#include <cstdint>

namespace posviz {

// Row-major so that row m of a (positions × dims) matrix is contiguous, like NumPy's C order.
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;
using IntMatrix = Eigen::Matrix<int32_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

}  // namespace posviz
