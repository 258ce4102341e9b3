// Attention scores on the GPU: the logits of core's attention_logits (core/attention.h) computed by
// OpenGL compute shaders (shaders/*.comp) from a GpuProblem prepared on the host (precision scheme
// and error bounds in gpu/gpu_problem.h). Each call makes the context it was made with current.
#pragma once

#include <memory>
#include <utility>

#include "core/attention.h"
#include "gpu/gpu_context.h"
#include "gpu/gpu_matrix.h"
#include "gpu/gpu_problem.h"

namespace posviz::gpu {

struct RowSoftmaxStats {
    Vector max;  // (L): max_n logits[m, n]; -inf for a row with no finite entry
    Vector sum;  // (L): sum_n exp(logits[m, n] - max[m])
};

class GpuAttention {
  public:
    // Compiles the shaders; throws GpuError (with the compiler's log) if one fails.
    explicit GpuAttention(const GpuContext& context);
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
    // The logits (or probabilities) reduced to (R, R), R = min(resolution, L): the largest |value|
    // of each block (see shaders/reduce_max_abs.comp), without ever holding the L×L matrix.
    Matrix max_abs_logits(const Encoding& encoding, const Matrix& queries, const Matrix& keys,
                          bool causal, bool softmax, int resolution);
    // The map a scores picture shows, kept on the GPU: the dense logits (or probabilities) when
    // L <= resolution, else max_abs_logits; only its summary comes back to the host. The buffer
    // belongs to the context's share group.
    std::shared_ptr<GpuMatrix> device_scores(const Encoding& encoding, const Matrix& queries,
                                             const Matrix& keys, bool causal, bool softmax,
                                             int resolution);

    // Bytes of the storage buffers as the last computation left them (queries, keys, bias table,
    // output block, row statistics): its GPU memory, O(L·D + output block).
    long buffer_bytes() const;

  private:
    void make_current();  // and deletes the buffers of GpuMatrix objects gone since
    // Makes the context current, uploads the problem's inputs once for every pass, and with
    // `softmax` computes the row statistics.
    void start(const GpuProblem& problem, bool softmax);
    void run_row_stats(const GpuProblem& problem);
    void run_logits(const GpuProblem& problem, bool softmax, long first, long rows,
                    unsigned output);
    void run_max_abs(const GpuProblem& problem, bool softmax, int size, unsigned output);
    std::pair<double, bool> summarize(unsigned values, size_t count);  // largest |finite|, masked

    const GpuContext& context_;
    std::shared_ptr<BufferGraveyard> graveyard_;
    unsigned logits_program_ = 0, stats_program_ = 0, reduce_program_ = 0, summary_program_ = 0;
    unsigned buffers_[6] = {};  // queries, keys, bias table, output, row stats, summary
};

}  // namespace posviz::gpu
