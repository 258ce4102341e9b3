// Per-pair frequency and wavelength tables (the "which dimension turns how fast" picture).
#pragma once

#include "core/types.h"

namespace posviz {

// (n, 3): columns pair index i, theta_i in rad/position, wavelength 2·pi/theta_i in positions.
Matrix wavelength_table(const Vector& inverse_frequencies);

}  // namespace posviz
