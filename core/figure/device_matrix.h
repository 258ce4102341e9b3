// Heatmap values that stay on the device that computed them. The GUI's GPU path keeps an
// attention map in a GPU buffer and colours it there into the texture the heatmap draws, so the
// map never travels to the host and back (gpu/gpu_matrix.h implements this). The host sees its
// shape, the summary the colour scale needs, and single values for a tooltip.
#pragma once

namespace posviz {

class DeviceMatrix {
  public:
    virtual ~DeviceMatrix() = default;
    virtual int rows() const = 0;
    virtual int cols() const = 0;
    // The largest |v| over finite entries (0 when none), and whether any entry is NaN or ±inf.
    virtual double largest_abs_finite() const = 0;
    virtual bool any_masked() const = 0;
    // One entry, read back from the device (for a tooltip, not for loops).
    virtual double at(int row, int col) const = 0;
};

}  // namespace posviz
