#include "core/stage_times.h"

#include <atomic>

namespace posviz::stage_times {

namespace {
std::atomic<bool> g_enabled{false};
std::array<std::atomic<int64_t>, k_stage_count> g_total_ns{};
}  // namespace

const char* stage_name(Stage stage) {
    static constexpr std::array<const char*, k_stage_count> k_names = {
        "content",  "encoding",    "preview",   "logits", "gpu context",
        "gpu wait", "colour pass", "colouring", "upload", "frame"};
    return k_names[size_t(stage)];
}

void enable(bool on) {
    g_enabled.store(on, std::memory_order_relaxed);
}

bool enabled() {
    return g_enabled.load(std::memory_order_relaxed);
}

void reset() {
    for (std::atomic<int64_t>& total : g_total_ns) total.store(0, std::memory_order_relaxed);
}

std::array<double, k_stage_count> totals_ms() {
    std::array<double, k_stage_count> ms{};
    for (int i = 0; i < k_stage_count; ++i)
        ms[size_t(i)] = double(g_total_ns[size_t(i)].load(std::memory_order_relaxed)) * 1e-6;
    return ms;
}

Scope::Scope(Stage stage) : stage_(stage), on_(enabled()) {
    if (on_) start_ = std::chrono::steady_clock::now();
}

Scope::~Scope() {
    if (!on_) return;
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now() - start_)
                        .count();
    g_total_ns[size_t(stage_)].fetch_add(int64_t(ns), std::memory_order_relaxed);
}

}  // namespace posviz::stage_times
