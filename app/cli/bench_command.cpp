#include "app/cli/bench_command.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "app/cli/backend_options.h"
#include "app/cli/rope_scaling_options.h"
#include "app/cli/scene_options.h"
#include "app/gui/latency_bench.h"
#include "core/figure_data.h"
#include "core/figures/figures.h"
#include "core/input_error.h"
#include "core/process_memory.h"

namespace posviz {

namespace {

struct BenchArgs {
    Scene scene;
    RopeScalingFlags rope_flags;
    int repeat = 7;
    std::string backend = "cpu";
    bool picture = false;  // time the figure (what a picture shows, reduced when L > resolution)
};

void run_bench(const BenchArgs& args) {
    // A median of 1000 runs is as steady as a median gets; more only keeps the machine busy for
    // hours (a run can take minutes at large L).
    constexpr int kMaxRepeat = 1000;
    if (args.repeat < 1 || args.repeat > kMaxRepeat)
        throw InputError("--repeat", std::to_string(args.repeat),
                         "a count of runs from 1 to " + std::to_string(kMaxRepeat));
    const long baseline_kib = process_status_kib("VmRSS");
    // The GPU context is made on the first run, so the median is of the computations.
    const std::unique_ptr<ScoresBackend> backend = make_scores_backend(args.backend);
    std::vector<double> times;
    double checksum = 0.0;  // printed so the computation cannot be optimised away
    for (int i = 0; i < args.repeat; ++i) {
        const auto start = std::chrono::steady_clock::now();
        if (args.picture) {
            const Figure figure = build_figure(args.scene, {"en", "", false, backend.get()});
            if (figure.panels[0].heatmap) checksum += figure.panels[0].heatmap->values(0, 0);
        } else {
            checksum += compute_figure_data(args.scene, backend.get()).values(0, 0);
        }
        const auto stop = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
        std::printf("run %d: %.3f ms\n", i + 1, times.back());
    }
    std::sort(times.begin(), times.end());
    std::printf("checksum=%g\n", checksum);
    // Memory the computation added on top of the process at start (binary, libraries).
    std::printf("baseline_rss_kib=%ld peak_rss_kib=%ld\n", baseline_kib,
                process_status_kib("VmHWM"));
    std::printf("median_ms=%.3f\n", times[times.size() / 2]);
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<BenchArgs>();
    CLI::App* cmd = app.add_subcommand("bench", "time the computation of one figure's data");
    // Not ->required(): `bench latency` is a subcommand, and CLI11 would ask for FIGURE there too.
    cmd->add_option("FIGURE", args->scene.figure, "a figure, as for export");
    gui::add_latency_bench_command(*cmd, exit_status);
    cmd->add_option("--repeat", args->repeat, "runs to take the median of")->capture_default_str();
    cmd->add_flag("--picture", args->picture,
                  "time the figure instead of its data (scores: reduced when L > --resolution)");
    add_backend_option(*cmd, args->backend);
    add_scene_options(*cmd, args->scene);
    add_rope_scaling_options(*cmd, args->rope_flags);
    cmd->callback([args, cmd] {
        if (cmd->got_subcommand("latency")) return;
        if (args->scene.figure.empty())
            throw InputError("FIGURE", "", "a figure (see posviz list), or latency");
        const NopeLayerChoice nope = apply_rope_scaling_options(args->rope_flags, args->scene);
        name_nope_layer(nope, args->scene.figure, [&] { run_bench(*args); });
    });
}

}  // namespace posviz
