// A map computed on the GPU and kept there (core's DeviceMatrix): a storage buffer of rows × cols
// floats, row-major, with the summary its colour scale needs. The GUI colours it straight into its
// heatmap's texture (gpu/heatmap_colouring.h). at() and download() read from the buffer, so they
// need a context of the buffer's share group current on the calling thread (the GUI's window
// context shares with the context that computed it). Deleting a GpuMatrix on a thread with no
// such context is safe: its buffer waits in a BufferGraveyard until the backend's next call.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "core/figure/device_matrix.h"
#include "core/types.h"

namespace posviz::gpu {

class BufferGraveyard {
  public:
    void bury(unsigned buffer);
    // Deletes the buried buffers; needs a context of their share group current.
    void delete_buried();

  private:
    std::mutex mutex_;
    std::vector<unsigned> buffers_;
};

class GpuMatrix : public DeviceMatrix {
  public:
    GpuMatrix(unsigned buffer, int rows, int cols, double largest_abs_finite, bool any_masked,
              std::shared_ptr<BufferGraveyard> graveyard);
    ~GpuMatrix() override;
    GpuMatrix(const GpuMatrix&) = delete;
    GpuMatrix& operator=(const GpuMatrix&) = delete;

    int rows() const override { return rows_; }
    int cols() const override { return cols_; }
    double largest_abs_finite() const override { return largest_; }
    bool any_masked() const override { return masked_; }
    double at(int row, int col) const override;

    unsigned buffer() const { return buffer_; }
    Matrix download() const;  // the whole map, for tests

  private:
    unsigned buffer_;
    int rows_, cols_;
    double largest_;
    bool masked_;
    std::shared_ptr<BufferGraveyard> graveyard_;
};

}  // namespace posviz::gpu
