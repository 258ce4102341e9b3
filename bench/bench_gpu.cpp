// RoPE scores on the GPU path (posviz_gpu) beside bench_scores.cpp's CPU path: dense logits read
// back to the host, and the streaming max |logit| reduction to 1024² that keeps no L×L matrix.
// L ∈ {1024, 2048, 4096}, D ∈ {64, 128}. Without a headless compute context the benchmarks skip.
//
// A 16k×16k RoPE heatmap on a real GPU, per frame: 16384² = 2.7e8 logits, each a D-term dot
// product (2·D FLOPs): 3.4e10 FLOPs at D = 64, 6.9e10 at D = 128 (~7–14 ms at a sustained 5 TFLOP/s
// fp32). Memory: q and k are 2·16384·D·4 B = 8 MiB (D = 64) and stay in cache-friendly tiles; the
// reduced 2048² float picture is 16 MiB written once, whereas the dense fp32 matrix would be
// 1 GiB (2 GiB in double) — the reason for the reduction. Row-softmax statistics cost one more
// pass of the same FLOPs and write 2·16384 floats.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "core/attention.h"
#include "core/random.h"
#include "gpu/egl_context.h"
#include "gpu/gpu_attention.h"

namespace {

struct BenchGpu {
    std::unique_ptr<posviz::gpu::EglContext> context;
    std::unique_ptr<posviz::gpu::GpuAttention> attention;
    std::string error;
};

BenchGpu& bench_gpu() {
    static BenchGpu shared = [] {
        BenchGpu made;
        made.context = posviz::gpu::EglContext::create(made.error);
        if (made.context)
            made.attention = std::make_unique<posviz::gpu::GpuAttention>(*made.context);
        return made;
    }();
    return shared;
}

template <class Run>
void run_rope(benchmark::State& state, Run run) {
    if (!bench_gpu().attention) {
        state.SkipWithError(("no GPU: " + bench_gpu().error).c_str());
        return;
    }
    const int seq_len = int(state.range(0));
    const int dim = int(state.range(1));
    const posviz::Matrix queries = posviz::random_normal_matrix(seq_len, dim, 1.0, 1);
    const posviz::Matrix keys = posviz::random_normal_matrix(seq_len, dim, 1.0, 2);
    posviz::RopeEncoding rope;
    rope.dim = dim;
    for (auto _ : state) {
        posviz::Matrix out = run(*bench_gpu().attention, rope, queries, keys);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations() * int64_t(seq_len) * seq_len);
}

void BM_GpuRopeScoresDense(benchmark::State& state) {
    run_rope(state, [](posviz::gpu::GpuAttention& gpu, const posviz::RopeEncoding& rope,
                       const posviz::Matrix& q,
                       const posviz::Matrix& k) { return gpu.logits(rope, q, k, false); });
}

void BM_GpuRopeMaxAbs1024(benchmark::State& state) {
    run_rope(state, [](posviz::gpu::GpuAttention& gpu, const posviz::RopeEncoding& rope,
                       const posviz::Matrix& q, const posviz::Matrix& k) {
        return gpu.max_abs_logits(rope, q, k, false, false, 1024);
    });
}

BENCHMARK(BM_GpuRopeScoresDense)
    ->ArgsProduct({{1024, 2048, 4096}, {64, 128}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_GpuRopeMaxAbs1024)
    ->ArgsProduct({{1024, 2048, 4096}, {64, 128}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
