// RoPE attention logits on the CPU path: rotate random queries/keys, q·kᵀ/sqrt(D), for
// L ∈ {512 … 4096}, D ∈ {64, 128}. bench/compare_pytorch.py runs the same computation in PyTorch
// in the same run and prints the ratio.
#include <benchmark/benchmark.h>

#include "core/attention.h"
#include "core/random.h"

namespace {

void BM_RopeScores(benchmark::State& state) {
    const int seq_len = int(state.range(0));
    const int dim = int(state.range(1));
    const posviz::Matrix queries = posviz::random_normal_matrix(seq_len, dim, 1.0, 1);
    const posviz::Matrix keys = posviz::random_normal_matrix(seq_len, dim, 1.0, 2);
    posviz::RopeEncoding rope;
    rope.dim = dim;
    for (auto _ : state) {
        posviz::Matrix logits = posviz::attention_logits(rope, queries, keys, false);
        benchmark::DoNotOptimize(logits.data());
    }
    state.SetItemsProcessed(state.iterations() * int64_t(seq_len) * seq_len);
}

BENCHMARK(BM_RopeScores)
    ->ArgsProduct({{512, 1024, 2048, 4096}, {64, 128}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
