// The picture path made fast for interactive use (issue 12): the colour table gives the colormap's
// own colours, the memory-order scans agree with a plain loop, a long reduction reports progress,
// and a cancelled build stops at a block and leaves the figure on show untouched. Expectations
// come from plain second implementations here, never from the code under test.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <future>
#include <limits>
#include <thread>

#include "app/gui/plot/plot_transform.h"
#include "app/gui/views/figure_job.h"
#include "core/analyses/block_reduction.h"
#include "core/figure/colormap.h"
#include "core/figures/figures.h"
#include "core/figures/panels.h"
#include "core/random.h"

namespace posviz::gui {
namespace {

using namespace std::chrono_literals;

// Values spread over and beyond [-1, 1] (the colour limits below), with masked cells.
Matrix test_values(int rows, int cols) {
    Matrix m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) m(r, c) = std::sin(0.37 * r + 1.91 * c) * 1.2;
    m(1, 2) = std::numeric_limits<double>::infinity();
    m(rows - 1, cols - 1) = std::numeric_limits<double>::quiet_NaN();
    m(rows / 2, 0) = -std::numeric_limits<double>::infinity();
    return m;
}

// The colour of one cell as the colormap gives it, in bytes: the reference for the table.
std::array<int, 3> reference_colour(const Colormap& colormap, double t) {
    const Rgb c = colormap.at(t);
    auto byte = [](double v) { return int(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); };
    return {byte(c.r), byte(c.g), byte(c.b)};
}

void expect_colours_match(const std::string& colormap_name, int tolerance) {
    Heatmap h = matrix_heatmap(test_values(300, 300), colormap_name, ColourLimits::Fixed);
    h.vmin = -1.0;
    h.vmax = 1.0;
    const Theme& theme = find_theme("dark");
    bool masked = false;
    const std::vector<uint8_t> rgba = heatmap_rgba(h, theme, &masked);
    EXPECT_TRUE(masked);
    const Colormap& colormap = find_colormap(colormap_name);
    int worst = 0;
    for (Eigen::Index i = 0; i < h.values.size(); ++i) {
        const double v = h.values.data()[i];
        const uint8_t* p = &rgba[size_t(i) * 4];
        ASSERT_EQ(p[3], 255);
        if (!std::isfinite(v)) {
            EXPECT_EQ(p[0], uint8_t(std::lround(theme.masked.r * 255))) << i;
            continue;
        }
        const std::array<int, 3> want = reference_colour(colormap, (v + 1.0) / 2.0);
        for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(int(p[c]) - want[size_t(c)]));
    }
    EXPECT_LE(worst, tolerance) << colormap_name;
}

TEST(PicturePath, ListedColormapsThroughTheTableAreExact) {
    expect_colours_match("viridis", 0);
    expect_colours_match("magma", 0);
}

TEST(PicturePath, InterpolatedColormapThroughTheTableIsWithinOneLevel) {
    expect_colours_match("RdBu_r", 1);
}

TEST(PicturePath, NoMaskedCellsSaysSo) {
    Matrix m = Matrix::Constant(4, 4, 0.5);
    bool masked = true;
    heatmap_rgba(matrix_heatmap(m, "viridis", ColourLimits::Data), find_theme("light"), &masked);
    EXPECT_FALSE(masked);
}

TEST(PicturePath, ScansInMemoryOrderAgreeWithAPlainLoop) {
    // Larger than one scan chunk (2^16), so that the chunks and cores really split it.
    Matrix m = test_values(257, 300);
    m(200, 7) = -3.5;  // the largest finite |value|, far from the first chunk
    double largest = 0.0;
    bool finite = true;
    for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.cols(); ++c) {
            if (std::isfinite(m(r, c)))
                largest = std::max(largest, std::abs(m(r, c)));
            else
                finite = false;
        }
    EXPECT_EQ(max_abs_finite(m), largest);
    EXPECT_EQ(largest, 3.5);
    EXPECT_EQ(all_finite(m), finite);
    EXPECT_FALSE(all_finite(m));
    EXPECT_TRUE(all_finite(Matrix::Zero(300, 300)));
    EXPECT_EQ(max_abs_finite(Matrix::Constant(2, 2, std::numeric_limits<double>::infinity())), 0.0);
}

// A reduction of L = 4096 rows to 64 texel rows, each a block of logit rows.
std::optional<AttentionRows> long_rows() {
    const Matrix q = random_normal_matrix(4096, 64, 1.0, 7),
                 k = random_normal_matrix(4096, 64, 1.0, 8);
    RopeEncoding rope;
    rope.dim = 64;
    return AttentionRows::prepare(rope, q, k, false);
}

TEST(PicturePath, AReductionReportsItsProgressToTheToken) {
    const std::optional<AttentionRows> rows = long_rows();
    ASSERT_TRUE(rows);
    CancellationToken token;
    const CancellationScope scope(token);
    EXPECT_EQ(token.progress(), 0.0);
    block_max_abs_of_rows(*rows, 64, false);
    EXPECT_EQ(token.progress(), 1.0);  // every texel row counted, once
}

TEST(PicturePath, ACancelledReductionStopsAtABlockWithoutFinishing) {
    const std::optional<AttentionRows> rows = long_rows();
    ASSERT_TRUE(rows);
    CancellationToken token;
    // Cancelled as soon as the first texel row is done: the rest of its blocks are not computed.
    std::thread canceller([&] {
        while (token.progress() == 0.0) std::this_thread::yield();
        token.cancel();
    });
    bool threw = false;
    {
        const CancellationScope scope(token);
        try {
            block_max_abs_of_rows(*rows, 64, false);
        } catch (const Cancelled&) {
            threw = true;
        }
    }
    canceller.join();
    EXPECT_TRUE(threw);
    EXPECT_LT(token.progress(), 1.0);
}

// The GUI's pictures form q·k in float32 from q, k encoded in double. A dot product of D float
// terms, with q and k rounded to float first, is off by at most (D + 2)·2⁻²⁴·|q||k| (Higham's
// bound, as gpu/gpu_problem.h states for the GPU); here over the largest encoded norms, which RoPE
// keeps and the sinusoidal table raises by at most |p_m| = sqrt(D/2).
void expect_single_agrees_with_double(Scene scene) {
    scene.figure = "scores";
    scene.content = "random";
    scene.compare = {"rope", "sinusoidal", "alibi"};
    FigureOptions single;
    single.single_precision = true;
    const Figure exact = build_figure(scene, FigureOptions{});
    const Figure fast = build_figure(scene, single);
    const Content content = make_content(scene);
    const double d = scene.dim, lift = std::sqrt(d / 2.0);
    const double q = content.queries.rowwise().norm().maxCoeff() + lift;
    const double k = content.keys.rowwise().norm().maxCoeff() + lift;
    const double bound = (d + 2.0) * std::ldexp(1.0, -24) * q * k / std::sqrt(d);
    ASSERT_EQ(exact.panels.size(), fast.panels.size());
    double worst = 0.0;
    for (size_t p = 0; p < exact.panels.size(); ++p) {
        const Matrix& a = exact.panels[p].heatmap->values;
        const Matrix& b = fast.panels[p].heatmap->values;
        ASSERT_EQ(a.rows(), b.rows());
        for (Eigen::Index i = 0; i < a.size(); ++i) {
            const double x = a.data()[i], y = b.data()[i];
            if (!std::isfinite(x)) {
                EXPECT_EQ(x, y);  // masked stays masked
                continue;
            }
            worst = std::max(worst, std::abs(x - y));
        }
    }
    EXPECT_LE(worst, bound);
    EXPECT_GT(worst, 0.0);  // the float path did run
}

TEST(PicturePath, SinglePrecisionPicturesAgreeWithDoubleWithinTheBound) {
    Scene scene;
    scene.seq_len = 300;
    scene.dim = 64;
    expect_single_agrees_with_double(scene);  // dense
    scene.causal = true;
    scene.resolution = 64;
    expect_single_agrees_with_double(scene);  // reduced from streamed rows, causal
}

TEST(PicturePath, ChecksInsideAOneThreadParallelLoopDoNotThrow) {
    // The scheduler gives a build one core while another runs: its OpenMP regions then have one
    // thread, and an exception leaving one would end the program.
    CancellationToken token;
    token.cancel();
    const CancellationScope scope(token);
    int threw = 0;
#pragma omp parallel for num_threads(1) reduction(+ : threw)
    for (int i = 0; i < 4; ++i) {
        try {
            throw_if_cancelled();
        } catch (const Cancelled&) {
            ++threw;
        }
    }
    EXPECT_EQ(threw, 0);
    EXPECT_THROW(throw_if_cancelled(), Cancelled);  // outside the loop it does
}

ViewRequest scores_request(int seq_len) {
    ViewRequest r;
    r.scene.figure = "scores";
    r.scene.content = "random";
    r.scene.seq_len = seq_len;
    r.scene.dim = 16;
    return r;
}

TEST(PicturePath, ACancelledBuildLeavesTheFigureOnShowUntouched) {
    FigureScheduler scheduler(2, 0ms);
    FigureJob job(&scheduler);
    job.request(scores_request(8));
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (!job.shows_newest() && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(1ms);
        job.request(scores_request(8));
    }
    ASSERT_NE(job.figure(), nullptr);
    const uint64_t version = job.version();
    const Matrix shown = job.figure()->panels[0].heatmap->values;
    // A long map (L = 65536 reduced to 2048², minutes of work), cancelled once it has made some
    // progress: halfway through, not before it started. Softmax: logits would first be shown
    // as a preview (FigureJob's progressive refinement), which is not what this is about.
    ViewRequest long_map = scores_request(65536);
    long_map.scene.softmax = true;
    job.request(long_map);
    while (job.progress() == 0.0 && std::chrono::steady_clock::now() < deadline + 60s)
        std::this_thread::sleep_for(1ms);
    EXPECT_GT(job.progress(), 0.0);
    job.cancel();
    ASSERT_TRUE(job.wait_until(std::chrono::steady_clock::now() + 60s));
    job.request(scores_request(8));  // takes the cancelled build's outcome: nothing
    EXPECT_EQ(job.version(), version);
    ASSERT_NE(job.figure(), nullptr);
    EXPECT_EQ(job.figure()->panels[0].heatmap->values, shown);
}

}  // namespace
}  // namespace posviz::gui
