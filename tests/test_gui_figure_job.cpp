// Figures computed off the UI thread: a request yields a figure, the same request again does not
// recompute, a changed one does, and bad input becomes a message rather than an exception.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "app/gui/figure_job.h"

namespace posviz::gui {
namespace {

FigureRequest scores_request(int seq_len) {
    FigureRequest r;
    r.scene.figure = "scores";
    r.scene.seq_len = seq_len;
    r.scene.dim = 16;
    return r;
}

// Asks every few milliseconds, as the UI does every frame, until the job is idle.
void settle(FigureJob& job, const FigureRequest& request) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    do {
        job.request(request);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    } while (job.computing() && std::chrono::steady_clock::now() < deadline);
    job.request(request);
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
    FigureRequest other = scores_request(8);
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
    FigureRequest bad = scores_request(8);
    bad.scene.figure = "rotation";  // needs RoPE; the scene says rope by default, so break it:
    bad.scene.encoding = "alibi";
    settle(job, bad);
    EXPECT_NE(job.error().find("--encoding"), std::string::npos) << job.error();
    ASSERT_NE(job.figure(), nullptr);  // the previous figure is still there
    settle(job, scores_request(8));
    EXPECT_TRUE(job.error().empty());
}

TEST(GuiFigureJob, RotationFramesFollowThePosition) {
    FigureRequest r;
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

}  // namespace
}  // namespace posviz::gui
