// Attention scores on the GPU: the logits of core's attention_logits (core/attention.h) computed by
// OpenGL compute shaders (shaders/*.comp) from a GpuProblem prepared on the host (precision scheme
// and error bounds in gpu/gpu_problem.h). Needs the EglContext it was made with to be current.
#pragma once

#include "core/attention.h"
#include "gpu/egl_context.h"
#include "gpu/gpu_problem.h"

namespace posviz::gpu {

struct RowSoftmaxStats {
    Vector max;  // (L): max_n logits[m, n]; -inf for a row with no finite entry
    Vector sum;  // (L): sum_n exp(logits[m, n] - max[m])
};

class GpuAttention {
  public:
    // Compiles the shaders; throws GpuError (with the compiler's log) if one fails.
    explicit GpuAttention(const EglContext& context);
    ~GpuAttention();
    GpuAttention(const GpuAttention&) = delete;
    GpuAttention& operator=(const GpuAttention&) = delete;

    // The dense (L, L) logits, or their row softmax; computed in row blocks that fit the GL
    // storage-buffer limit, so only the double result is L×L in host memory.
    Matrix logits(const Encoding& encoding, const Matrix& queries, const Matrix& keys, bool causal,
                  bool softmax = false);
    // Exact row-softmax statistics in one streaming pass: O(L) memory.
    RowSoftmaxStats row_softmax_stats(const Encoding& encoding, const Matrix& queries,
                                      const Matrix& keys, bool causal);
    // The logits reduced to (R, R), R = min(resolution, L): the largest |logit| of each block
    // (see shaders/reduce_max_abs.comp), without ever holding the L×L matrix.
    Matrix max_abs_logits(const Encoding& encoding, const Matrix& queries, const Matrix& keys,
                          bool causal, int resolution);

    // Bytes of the storage buffers as the last computation left them (queries, keys, bias table,
    // output block, row statistics): its GPU memory, O(L·D + output block).
    long buffer_bytes() const;

  private:
    void run_row_stats(const GpuProblem& problem);

    const EglContext& context_;
    unsigned logits_program_ = 0, stats_program_ = 0, reduce_program_ = 0;
    unsigned buffers_[5] = {};  // queries, keys, bias table, output, row stats
};

}  // namespace posviz::gpu
