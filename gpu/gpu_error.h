// A failure of the GPU path (no context, a shader that does not compile, an encoding the shaders
// do not cover, values beyond float range). Callers fall back to the CPU path on it; bad input is
// still an InputError, raised by the same checks as on the CPU.
#pragma once

#include <stdexcept>

namespace posviz::gpu {

class GpuError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace posviz::gpu
