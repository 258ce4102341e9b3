// Where the time of a picture goes: the picture path's stages add the wall-clock time they take
// to a per-stage total, which the latency benchmark (posviz bench latency) prints per change —
// the breakdown that guided its optimisation, measurable where no profiler is (a lent GPU
// machine). Off unless enabled: a scope then costs one relaxed atomic load. Stages that run on
// several threads at once add each thread's time, so the totals are thread time, not latency.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>

namespace posviz::stage_times {

enum class Stage {
    Content,   // queries and keys made from the scene (random, sentence, …)
    Encoding,  // positions applied to them (rotations, tables, biases of offsets)
    Preview,   // a long map's sampled preview (core/analyses/sampled_logits.h)
    Logits,    // q·kᵀ and bias, dense or a block of rows at a time, and their reduction
    // Of Logits on the GPU backend: making its context current and releasing it, and waiting
    // for results read back (the map's summary).
    GpuContext,
    GpuWait,
    ColourPass,  // the figure's colour scales (core/figures/colour_scale.h) and value summary
    Colouring,   // values to RGBA through the colormap (on the host)
    Upload,      // RGBA to the texture, or the GPU's colouring shader, mipmaps included
    Frame,       // a whole frame on the UI thread, drawing included
    Count
};
constexpr int k_stage_count = int(Stage::Count);
// "content", "encoding", … in Stage's order.
const char* stage_name(Stage stage);

void enable(bool on);
bool enabled();
void reset();
// The totals since the last reset, in milliseconds, in Stage's order.
std::array<double, k_stage_count> totals_ms();

// Adds the time from its construction to its destruction to `stage`'s total.
class Scope {
  public:
    explicit Scope(Stage stage);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

  private:
    Stage stage_;
    bool on_;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace posviz::stage_times
