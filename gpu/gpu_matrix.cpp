#include "gpu/gpu_matrix.h"

#include "gpu/gl_program.h"

namespace posviz::gpu {

void BufferGraveyard::bury(unsigned buffer) {
    std::lock_guard lock(mutex_);
    buffers_.push_back(buffer);
}

void BufferGraveyard::delete_buried() {
    std::lock_guard lock(mutex_);
    if (!buffers_.empty()) glDeleteBuffers(GLsizei(buffers_.size()), buffers_.data());
    buffers_.clear();
}

GpuMatrix::GpuMatrix(unsigned buffer, int rows, int cols, double largest_abs_finite,
                     bool any_masked, std::shared_ptr<BufferGraveyard> graveyard)
    : buffer_(buffer),
      rows_(rows),
      cols_(cols),
      largest_(largest_abs_finite),
      masked_(any_masked),
      graveyard_(std::move(graveyard)) {}

GpuMatrix::~GpuMatrix() {
    graveyard_->bury(buffer_);
}

double GpuMatrix::at(int row, int col) const {
    float value = 0.0f;
    read_buffer(buffer_, size_t(row) * size_t(cols_) + size_t(col), 1, &value);
    return value;
}

Matrix GpuMatrix::download() const {
    std::vector<float> values(size_t(rows_) * size_t(cols_));
    read_buffer(buffer_, 0, values.size(), values.data());
    Matrix result(rows_, cols_);
    for (size_t i = 0; i < values.size(); ++i) result.data()[i] = values[i];
    return result;
}

}  // namespace posviz::gpu
