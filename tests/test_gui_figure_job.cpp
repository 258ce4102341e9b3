// Figures computed off the UI thread: a request yields a figure, the same request again does not
// recompute, a changed one does (cancelling a build still running), bad input becomes a message
// rather than an exception, and no build outlives its job by more than a check.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <thread>

#include "app/gui/plot/plot_transform.h"
#include "app/gui/views/figure_job.h"

namespace posviz::gui {
namespace {

ViewRequest scores_request(int seq_len) {
    ViewRequest r;
    r.scene.figure = "scores";
    r.scene.seq_len = seq_len;
    r.scene.dim = 16;
    return r;
}

// RoFormer's decay bound at the limits, L = 2^20 and D = 2^15: minutes of work.
ViewRequest endless_request() {
    ViewRequest r;
    r.scene.figure = "decay";
    r.scene.encoding = "rope";
    r.scene.seq_len = 1 << 20;
    r.scene.dim = 1 << 15;
    return r;
}

// The work in these tests takes minutes; stopping within a few seconds shows it stopped at a check.
// (Not tighter: CI runs them on two shared cores, also under ASan, where a piece takes longer.)
constexpr double kStopsWithinSeconds = 5.0;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Asks every few milliseconds, as the UI does every frame, until the job is idle.
void settle(FigureJob& job, const ViewRequest& request) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    do {
        job.request(request);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    } while (job.computing() && std::chrono::steady_clock::now() < deadline);
    job.request(request);
}

// A long map is previewed: sampled logits come first (in milliseconds), then the full map replaces
// them and stays.
TEST(GuiFigureJob, LongMapsArePreviewedThenReplaced) {
    ViewRequest r = scores_request(4096);
    r.scene.dim = 64;  // the full map's work well beyond the preview's
    FigureJob job;
    bool preview_seen = false;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    do {
        job.request(r);
        if (job.figure() && job.computing() &&
            job.figure()->subtitle.find("preview") != std::string::npos)
            preview_seen = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    } while (job.computing() && std::chrono::steady_clock::now() < deadline);
    job.request(r);
    EXPECT_TRUE(preview_seen);
    ASSERT_NE(job.figure(), nullptr);
    EXPECT_EQ(job.figure()->subtitle.find("preview"), std::string::npos) << job.figure()->subtitle;
    EXPECT_EQ(job.figure()->panels[0].heatmap->values.rows(), 2048);  // the reduced full map
    EXPECT_TRUE(job.shows_newest());
}

// The frame that asks for a new figure waits (up to its deadline) for the build that gives the
// first picture — the map itself, or a long map's preview — so that frame shows it; never for a
// long map's full build.
TEST(GuiFigureJob, TheFrameThatAsksShowsTheFirstPicture) {
    FigureJob job;
    job.request(scores_request(64));
    job.show_first_picture(std::chrono::steady_clock::now() + std::chrono::seconds(60));
    ASSERT_NE(job.figure(), nullptr);
    EXPECT_TRUE(job.shows_newest());
    EXPECT_EQ(job.figure()->panels[0].heatmap->values.rows(), 64);
    // A long map: its preview is shown, while the full map (a good tenth of a second) is not
    // waited for.
    ViewRequest long_map = scores_request(4096);
    long_map.scene.dim = 64;
    job.request(long_map);
    job.show_first_picture(std::chrono::steady_clock::now() + std::chrono::seconds(60));
    EXPECT_TRUE(job.shows_newest_picture());
    EXPECT_NE(job.figure()->subtitle.find("preview"), std::string::npos) << job.figure()->subtitle;
    EXPECT_TRUE(job.computing());
    job.cancel();
}

// A full build is not waited for when the job's last one took longer than the frame may wait:
// the frame comes at once, still showing the figure before.
TEST(GuiFigureJob, TheFrameDoesNotWaitForABuildThatTookLongerLastTime) {
    ViewRequest r = scores_request(2048);  // no preview below 4096; tens of milliseconds
    r.scene.dim = 128;
    r.scene.content = "random";
    FigureJob job;
    job.request(r);
    auto start = std::chrono::steady_clock::now();
    job.show_first_picture(start + std::chrono::seconds(60));
    const auto took = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(job.shows_newest());  // the first build, with nothing known, was waited for
    const uint64_t shown = job.version();
    // A frame that may wait half as long as the last build took: it returns at once (waiting,
    // it would have returned at its deadline, the build not done).
    r.scene.seed += 1;
    job.request(r);
    start = std::chrono::steady_clock::now();
    job.show_first_picture(start + took / 2);
    EXPECT_LT(std::chrono::steady_clock::now() - start, took / 4);
    EXPECT_FALSE(job.shows_newest());
    EXPECT_EQ(job.version(), shown);
    job.cancel();
}

TEST(GuiFigureJob, BuildsTheRequestedFigure) {
    FigureJob job;
    EXPECT_EQ(job.figure(), nullptr);
    settle(job, scores_request(8));
    ASSERT_NE(job.figure(), nullptr);
    EXPECT_TRUE(job.error().empty());
    EXPECT_EQ(job.figure()->panels[0].heatmap->values.rows(), 8);
}

TEST(GuiFigureJob, RecomputesOnlyWhenTheRequestChanges) {
    FigureJob job;
    settle(job, scores_request(8));
    const uint64_t first = job.version();
    job.request(scores_request(8));
    EXPECT_FALSE(job.computing());
    EXPECT_EQ(job.version(), first);
    ViewRequest other = scores_request(8);
    other.scene.seed = 1;  // any field counts
    settle(job, other);
    EXPECT_NE(job.version(), first);
}

TEST(GuiFigureJob, RequestsDuringABuildCollapseIntoTheNewest) {
    FigureJob job;
    for (int L = 4; L <= 64; L += 4) job.request(scores_request(L));  // as a dragged slider
    settle(job, scores_request(64));
    ASSERT_NE(job.figure(), nullptr);
    EXPECT_EQ(job.figure()->panels[0].heatmap->values.rows(), 64);
}

TEST(GuiFigureJob, BadInputIsAMessageAndKeepsTheLastFigure) {
    FigureJob job;
    settle(job, scores_request(8));
    ViewRequest bad = scores_request(8);
    bad.scene.figure = "rotation";  // needs RoPE; the scene says rope by default, so break it:
    bad.scene.encoding = "alibi";
    settle(job, bad);
    EXPECT_NE(job.error().find("--encoding"), std::string::npos) << job.error();
    ASSERT_NE(job.figure(), nullptr);  // the previous figure is still there
    settle(job, scores_request(8));
    EXPECT_TRUE(job.error().empty());
}

TEST(GuiFigureJob, RotationFramesFollowThePosition) {
    ViewRequest r;
    r.scene.encoding = "rope";
    r.scene.seq_len = 16;
    r.scene.dim = 16;
    r.scene.dims = {0};
    r.rotation_frames = 16;
    r.rotation_frame = 3;
    const FigureOutcome outcome = build_requested_figure(r);
    ASSERT_TRUE(outcome.figure) << outcome.error;
    EXPECT_NE(outcome.figure->title.find("m = 3"), std::string::npos) << outcome.figure->title;
}

TEST(GuiFigureJob, ACancelledBuildReportsNeitherFigureNorError) {
    CancellationToken token;
    auto running = std::async(std::launch::async, [&] {
        const CancellationScope scope(token);
        return build_requested_figure(endless_request());
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const auto cancelled_at = std::chrono::steady_clock::now();
    token.cancel();
    ASSERT_EQ(running.wait_for(std::chrono::seconds(20)), std::future_status::ready);
    EXPECT_LT(seconds_since(cancelled_at), kStopsWithinSeconds);
    const FigureOutcome outcome = running.get();
    EXPECT_TRUE(outcome.cancelled);
    EXPECT_FALSE(outcome.figure);
    EXPECT_TRUE(outcome.error.empty()) << outcome.error;
}

TEST(GuiFigureJob, ANewRequestCancelsTheLongBuildItReplaces) {
    FigureJob job;
    job.request(endless_request());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ViewRequest short_one = endless_request();
    short_one.scene.seq_len = 8;
    short_one.scene.dim = 16;
    const auto start = std::chrono::steady_clock::now();
    settle(job, short_one);
    EXPECT_LT(seconds_since(start), kStopsWithinSeconds);  // not the minutes the first one needed
    ASSERT_NE(job.figure(), nullptr);
    EXPECT_TRUE(job.error().empty()) << job.error();
    EXPECT_EQ(job.figure()->panels[0].lines[0].x.size(), 8u);  // distances 0 … 7
}

TEST(GuiFigureJob, QuittingCancelsAndDestroyingDoesNotWaitLong) {
    {
        FigureJob job;
        job.request(endless_request());
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        job.cancel();
        EXPECT_TRUE(job.wait_until(std::chrono::steady_clock::now() + std::chrono::seconds(5)));
        settle(job, scores_request(8));  // a cancelled job takes requests again
        ASSERT_NE(job.figure(), nullptr);
        EXPECT_EQ(job.figure()->panels[0].heatmap->values.rows(), 8);
    }
    const auto start = std::chrono::steady_clock::now();
    {
        FigureJob job;
        job.request(endless_request());
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    EXPECT_LT(seconds_since(start), kStopsWithinSeconds);
}

TEST(GuiFigureJob, HeatmapsAreColouredOnTheWorker) {
    ViewRequest r = scores_request(8);
    const Theme& theme = find_theme("dark");
    r.theme = &theme;
    const FigureOutcome outcome = build_requested_figure(r);
    ASSERT_TRUE(outcome.figure) << outcome.error;
    ASSERT_EQ(outcome.heatmap_pixels.size(), 1u);
    EXPECT_EQ(outcome.heatmap_pixels[0].rgba,
              heatmap_rgba(*outcome.figure->panels[0].heatmap, theme));
}

}  // namespace
}  // namespace posviz::gui
