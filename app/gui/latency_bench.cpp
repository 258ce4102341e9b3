#include "app/gui/latency_bench.h"

#include <epoxy/gl.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/gui/app.h"
#include "app/gui/gui_session.h"
#include "app/gui/language.h"
#include "app/gui/latency_scene.h"
#include "app/gui/screenshot.h"
#include "app/gui/window/main_loop_wake.h"
#include "core/input_error.h"
#include "core/limits.h"
#include "core/process_memory.h"
#include "core/stage_times.h"

namespace posviz::gui {

namespace {

using Clock = std::chrono::steady_clock;

struct LatencyArgs {
    std::string preset;  // empty: the Attention view alone on random content
    int seq_len = 2048;
    int dim = 128;
    std::vector<std::string> compare = {"sinusoidal", "rope"};
    std::string backend = "cpu";
    int width = 1600, height = 900;
    // Set when the option was given: it then overrides the preset's value.
    bool seq_len_given = false, dim_given = false, compare_given = false;
};

// One frame into the offscreen target, waited for until the GPU has drawn it.
void frame(App& app, const OffscreenTarget& target) {
    const stage_times::Scope timed(stage_times::Stage::Frame);
    target.bind();
    draw_frame(app);
    glFinish();
}

// As the GUI's main loop, the benchmark sleeps between frames until a finished build wakes it
// (window/main_loop_wake.h): frames drawn while waiting would take the cores from the build.
std::mutex g_wake_mutex;
std::condition_variable g_woken;
bool g_wake = false;

void wake_benchmark() {
    {
        const std::lock_guard lock(g_wake_mutex);
        g_wake = true;
    }
    g_woken.notify_all();
}

void wait_for_wake() {
    std::unique_lock lock(g_wake_mutex);
    g_woken.wait_for(lock, std::chrono::milliseconds(100), [] { return g_wake; });
    g_wake = false;
}

// Milliseconds from a change to the first frame that draws its picture: a preview or the full
// map (`first`), and the full map (`full`); -1 when not within a minute.
struct ShownTimes {
    double first = -1.0, full = -1.0;
};

ShownTimes frames_until_shown(App& app, const OffscreenTarget& target, Clock::time_point start) {
    ShownTimes shown;
    while (Clock::now() - start < std::chrono::minutes(1)) {
        frame(app, target);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (shown.first < 0.0 && all_shown(app, true)) shown.first = ms;
        if (all_shown(app, false)) {
            shown.full = ms;
            return shown;
        }
        wait_for_wake();
    }
    return shown;
}

// PyTorch (Debian's python3-torch, every core) computing the same logits as the Attention view's
// panels in float32 — encodings applied, q·kᵀ/sqrt(D) — the bare arithmetic the picture needs.
// Encodings other than NoPE, sinusoidal and RoPE are timed as NoPE's product, which dominates
// them all. Returns the median of 21 runs in ms (single runs here go from 12 to 33 ms at
// L = 2048, with outliers past 100 ms, and medians of 7 went from 16 to 28 ms), or a negative
// number when PyTorch cannot run. With the GPU backend PyTorch computes on CUDA when it has a GPU
// (synchronised before each clock reading), so that the ratio compares like with like; the line
// it prints names its device.
const char* const k_torch_script = R"(
import math, os, sys, time, torch
torch.set_num_threads(os.cpu_count())
L, D, names = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(",")
dev = "cuda" if sys.argv[4] == "gpu" and torch.cuda.is_available() else "cpu"
sync = torch.cuda.synchronize if dev == "cuda" else (lambda: None)
q = torch.randn(L, D, dtype=torch.float32, device=dev)
k = torch.randn(L, D, dtype=torch.float32, device=dev)
def table():
    inv = 1.0 / (10000.0 ** (torch.arange(0, D, 2, dtype=torch.float64, device=dev) / D))
    a = torch.outer(torch.arange(L, dtype=torch.float64, device=dev), inv)
    return a.sin().float(), a.cos().float()
def rotate(x, s, c):
    out = torch.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * c - x[:, 1::2] * s
    out[:, 1::2] = x[:, 0::2] * s + x[:, 1::2] * c
    return out
def logits():
    out = []
    for name in names:
        qq, kk = q, k
        if name in ("rope", "sinusoidal"):
            s, c = table()
            if name == "rope":
                qq, kk = rotate(q, s, c), rotate(k, s, c)
            else:
                p = torch.stack((s, c), dim=2).reshape(L, D)
                qq, kk = q + p, k + p
        out.append((qq * (1.0 / math.sqrt(D))) @ kk.T)
    return out
logits(); logits(); sync()
times = []
for _ in range(21):
    t = time.perf_counter(); logits(); sync(); times.append((time.perf_counter() - t) * 1000.0)
print("torch_ms=%.3f device=%s threads=%d" % (sorted(times)[10], dev, torch.get_num_threads()))
)";

// The Python that has PyTorch: Debian's by default; POSVIZ_PYTHON names another (a machine whose
// PyTorch lives in a virtual environment).
std::string python_with_torch() {
    const char* python = std::getenv("POSVIZ_PYTHON");
    return python && *python ? python : "/usr/bin/python3";
}

double torch_median_ms(int seq_len, int dim, const std::vector<std::string>& names,
                       const std::string& backend, std::string& said) {
    std::string joined;
    for (const std::string& n : names) joined += (joined.empty() ? "" : ",") + n;
    // Debian's OpenBLAS misreads these variables when set for another BLAS: unset for this run.
    const std::string command = "env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE '" +
                                python_with_torch() + "' -c '" + std::string(k_torch_script) +
                                "' " + std::to_string(seq_len) + " " + std::to_string(dim) + " " +
                                joined + " " + backend + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return -1.0;
    char line[512];
    double ms = -1.0;
    while (std::fgets(line, sizeof line, pipe)) {
        if (std::sscanf(line, "torch_ms=%lf", &ms) == 1) said = line;
    }
    pclose(pipe);
    if (!said.empty() && said.back() == '\n') said.pop_back();
    return ms;
}

// Where the changes' time went (core/stage_times.h), per change: thread time, so stages that
// ran on several threads at once, or beside each other, can add up to more than the latency.
void print_breakdown(size_t changes) {
    const std::array<double, stage_times::k_stage_count> ms = stage_times::totals_ms();
    std::printf("where the time went, ms per change (thread time):");
    for (int i = 0; i < stage_times::k_stage_count; ++i)
        std::printf("%s %s %.1f", i ? "," : "", stage_times::stage_name(stage_times::Stage(i)),
                    ms[size_t(i)] / double(changes));
    std::printf("\n");
    stage_times::enable(false);
}

Preset latency_preset(const LatencyArgs& args) {
    Preset preset;
    if (!args.preset.empty()) {
        preset = read_preset(resolve_preset(args.preset, presets_dir()));
    } else {
        preset = latency_default_preset();
    }
    Scene& s = preset.scene;
    if (args.preset.empty() || args.seq_len_given) s.seq_len = args.seq_len;
    if (args.preset.empty() || args.dim_given) s.dim = args.dim;
    if (args.preset.empty() || args.compare_given)
        settings_of(preset.views, ViewId::Attention).compare = args.compare;
    if (s.seq_len < 2 || s.seq_len > limits::kMaxSeqLen)
        throw InputError("--seq-len", std::to_string(s.seq_len),
                         "2 … " + std::to_string(limits::kMaxSeqLen));
    if (s.dim < 2 || s.dim > 1024)
        throw InputError("--dim", std::to_string(s.dim), "2 … 1024, as the GUI's slider");
    return preset;
}

int run_latency_bench(const LatencyArgs& args) {
    const Preset preset = latency_preset(args);
    GuiSession session;
    std::string error;
    if (!session.attach(open_offscreen_window(args.width, args.height, error))) {
        std::fprintf(stderr, "posviz: error: no OpenGL 3.3 for the benchmark — %s\n",
                     error.empty() ? "OpenGL 3 renderer failed" : error.c_str());
        return 1;
    }
    set_main_loop_waker(wake_benchmark);
    App app;
    app.window = session.window();
    app.animate = false;
    app.backend = args.backend;
    set_language("en");
    const std::vector<Change> changes = scripted_changes(preset.scene);
    Preset start = preset;
    // The idle footprint first: the app showing the scene at L = 64, settled (fonts, textures).
    start.scene.seq_len = 64;
    apply_preset(app, start);
    const OffscreenTarget target(args.width, args.height);
    frames_until_shown(app, target, Clock::now());
    for (int i = 0; i < 5; ++i) frame(app, target);
    const long start_kib = process_status_kib("VmRSS");
    start.scene.seq_len = std::max(2, preset.scene.seq_len * 88 / 100);
    app.scene.seq_len = start.scene.seq_len;
    // The first figures and the fonts they need, untimed; then a few frames to settle ImGui.
    if (frames_until_shown(app, target, Clock::now()).full < 0.0)
        std::fprintf(stderr, "posviz: warning: the first figures took over a minute\n");
    for (int i = 0; i < 5; ++i) frame(app, target);
    // What a frame costs the UI thread with nothing to compute (drawing the pictures).
    const Clock::time_point idle_start = Clock::now();
    for (int i = 0; i < 10; ++i) frame(app, target);
    std::printf("idle frame %.1f ms\n",
                std::chrono::duration<double, std::milli>(Clock::now() - idle_start).count() / 10);

    stage_times::enable(true);
    std::vector<double> times, first_times;
    for (const Change& change : changes) {
        const Clock::time_point start_time = Clock::now();
        change.apply(app.scene);
        const ShownTimes shown = frames_until_shown(app, target, start_time);
        std::printf("change %-10s first picture %8.1f ms, full map %8.1f ms\n", change.what.c_str(),
                    shown.first, shown.full);
        std::fflush(stdout);
        if (shown.full >= 0.0) times.push_back(shown.full);
        if (shown.first >= 0.0) first_times.push_back(shown.first);
        if (!app.problem.empty()) std::printf("  (problem: %s)\n", app.problem.c_str());
    }
    if (times.empty()) {
        std::fprintf(stderr, "posviz: error: no change was drawn within a minute\n");
        return 1;
    }
    print_breakdown(changes.size());

    // The same L steps once more as a drag delivers them, one a frame at 60 Hz: how long the
    // frames take while builds run, and how long after the last step its picture comes.
    std::vector<double> frame_ms;
    app.scene.seq_len = start.scene.seq_len;
    ++app.scene.seed;  // so that the drag ends on a picture not drawn before
    for (int i = 0; i < 8; ++i) {
        const Clock::time_point t = Clock::now();
        changes[size_t(i)].apply(app.scene);
        frame(app, target);
        frame_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t).count());
        std::this_thread::sleep_until(t + std::chrono::microseconds(16667));
    }
    const Clock::time_point last_step = Clock::now() - std::chrono::microseconds(16667);
    const double settle_ms = frames_until_shown(app, target, last_step).full;
    std::printf(
        "drag of 8 L steps at 60 Hz: frames median %.1f ms, slowest %.1f ms; last step "
        "drawn %.1f ms after it\n",
        percentile(frame_ms, 0.5), percentile(frame_ms, 1.0), settle_ms);

    const double median = percentile(times, 0.5), p95 = percentile(times, 0.95);
    const std::vector<std::string>& compare = settings_of(app.views, ViewId::Attention).compare;
    std::string said;
    const double torch_ms =
        torch_median_ms(preset.scene.seq_len, preset.scene.dim,
                        compare.empty() ? std::vector<std::string>{app.scene.encoding} : compare,
                        args.backend, said);
    const double first_median = percentile(first_times, 0.5),
                 first_p95 = percentile(first_times, 0.95);
    std::printf("first picture (a long map's preview, else the map): median %.1f ms, p95 %.1f ms\n",
                first_median, first_p95);
    if (torch_ms > 0.0)
        std::printf(
            "%s (PyTorch float32, the same logits at L=%d D=%d)\n"
            "ratio_to_torch median=%.2f p95=%.2f (full map); first picture median=%.2f "
            "p95=%.2f\n",
            said.c_str(), preset.scene.seq_len, preset.scene.dim, median / torch_ms, p95 / torch_ms,
            first_median / torch_ms, first_p95 / torch_ms);
    else
        std::printf("torch_ms=unavailable (needs %s with PyTorch; POSVIZ_PYTHON names another)\n",
                    python_with_torch().c_str());
    // Memory once the user has moved on: a small scene, then three seconds idle (the scheduler
    // trims the heap after two).
    const long busy_kib = process_status_kib("VmRSS");
    app.scene.seq_len = 64;
    frames_until_shown(app, target, Clock::now());
    std::this_thread::sleep_for(std::chrono::seconds(3));
    std::printf("rss_kib idle_at_L64=%ld after_changes=%ld idle_after_back_to_L64=%ld\n", start_kib,
                busy_kib, process_status_kib("VmRSS"));
    // Which kind of memory stays: the heap and anonymous maps, mapped files (a GPU driver's
    // device mappings show here) or shared memory.
    std::printf("rss_kib_back_at_L64 anon=%ld file=%ld shmem=%ld\n", process_status_kib("RssAnon"),
                process_status_kib("RssFile"), process_status_kib("RssShmem"));
    std::printf("p95_ms=%.1f\nmedian_ms=%.1f\n", p95, median);
    stop_background_work(app, Clock::now() + std::chrono::seconds(10));
    return 0;
}

}  // namespace

void add_latency_bench_command(CLI::App& bench, int& exit_status) {
    auto args = std::make_shared<LatencyArgs>();
    CLI::App* cmd = bench.add_subcommand(
        "latency", "time from a changed parameter to its picture in the GUI (offscreen)");
    cmd->add_option("--preset", args->preset,
                    "a shipped preset's name or a file (default: the Attention view alone, "
                    "random content)");
    CLI::Option* seq_len =
        cmd->add_option("--seq-len,-L", args->seq_len, "sequence length L")->capture_default_str();
    CLI::Option* dim =
        cmd->add_option("--dim,-D", args->dim, "head dimension D")->capture_default_str();
    CLI::Option* compare =
        cmd->add_option("--compare", args->compare, "the Attention view's encodings")
            ->delimiter(',');
    cmd->add_option("--backend", args->backend, "where attention scores are computed: cpu|gpu")
        ->check(CLI::IsMember({"cpu", "gpu"}))
        ->capture_default_str();
    cmd->callback([args, seq_len, dim, compare, &exit_status] {
        args->seq_len_given = seq_len->count() > 0;
        args->dim_given = dim->count() > 0;
        args->compare_given = compare->count() > 0;
        exit_status = run_latency_bench(*args);
    });
}

}  // namespace posviz::gui
