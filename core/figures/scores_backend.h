// Where the scores figure's matrices are computed when not by core on the CPU: the GPU backend
// (gpu/gpu_scores_backend.h) implements this, so that core stays GL-free. A method
// returns nullopt to leave that matrix to the CPU (no GPU, an encoding the shaders lack), and may
// throw InputError for bad input.
#pragma once

#include <memory>
#include <optional>

#include "core/attention.h"
#include "core/figure/device_matrix.h"
#include "core/scene.h"

namespace posviz {

class ScoresBackend {
  public:
    virtual ~ScoresBackend() = default;
    // (L, L) logits [m, n] (query m, key n), or their row softmax.
    virtual std::optional<Matrix> dense_scores(const Encoding& encoding, const Content& content,
                                               bool causal, bool softmax) = 0;
    // (R, R) texels, each the largest |logit| (or probability) of its block
    // (core/analyses/block_reduction.h).
    virtual std::optional<Matrix> max_abs_scores(const Encoding& encoding, const Content& content,
                                                 bool causal, bool softmax, int resolution) = 0;
    // The same map kept on the backend's device (dense_scores when L <= resolution, else
    // max_abs_scores), for a GUI that draws it from there; null to leave it to the host methods.
    virtual std::shared_ptr<const DeviceMatrix> device_scores(const Encoding& encoding,
                                                              const Content& content, bool causal,
                                                              bool softmax, int resolution) {
        (void)encoding, (void)content, (void)causal, (void)softmax, (void)resolution;
        return nullptr;
    }
};

// The scene's dense (L, L) scores (logits, or probabilities with scene.softmax): the backend's
// when it gives them, else core's on the CPU within --max-bytes. Shared by the scores figure and
// its data export. `single_precision`: CPU products in float32 (FigureOptions).
Matrix dense_scores(const Scene& scene, const Encoding& encoding, const Content& content,
                    ScoresBackend* backend, bool single_precision = false);

// The scene's scores reduced to (R, R), R = scene.resolution < L: each texel the largest |logit|
// (or, with scene.softmax, probability) of its block (core/analyses/block_reduction.h). From the
// backend (GPU) when it gives it, else from the Toeplitz offsets or from logit rows streamed a
// block at a time: O(L·D + R²) memory, the L×L matrix only for encodings that need it (Shaw,
// Transformer-XL, FIRE on position-dependent content, within --max-bytes). Shared by the scores
// picture and its reduced data export.
Matrix reduced_scores(const Scene& scene, const Encoding& encoding, const Content& content,
                      ScoresBackend* backend, bool single_precision = false);

}  // namespace posviz
