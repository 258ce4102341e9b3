// Where the scores figure's matrices are computed when not by core on the CPU: the GPU backend
// (app/cli/gpu_scores_backend.h over gpu/) implements this, so that core stays GL-free. A method
// returns nullopt to leave that matrix to the CPU (no GPU, an encoding the shaders lack), and may
// throw InputError for bad input.
#pragma once

#include <optional>

#include "core/attention.h"
#include "core/scene.h"

namespace posviz {

class ScoresBackend {
  public:
    virtual ~ScoresBackend() = default;
    // (L, L) logits [m, n] (query m, key n), or their row softmax.
    virtual std::optional<Matrix> dense_scores(const Encoding& encoding, const Content& content,
                                               bool causal, bool softmax) = 0;
    // (R, R) texels, each the largest |logit| of its block (core/analyses/block_reduction.h).
    virtual std::optional<Matrix> max_abs_scores(const Encoding& encoding, const Content& content,
                                                 bool causal, int resolution) = 0;
};

}  // namespace posviz
