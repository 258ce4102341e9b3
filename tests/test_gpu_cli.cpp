// `posviz info` and `posviz export scores --backend`, through the real binary. The GPU result is
// compared with the CPU's (double) within the float32 tolerance of gpu/gpu_problem.h.
#include <gtest/gtest.h>

#include <string>

#include "core/formats/npy.h"
#include "tests/gpu_test_context.h"
#include "tests/run_posviz.h"

namespace posviz {
namespace {

// Every command here may make an OpenGL context: run as the GUI tests run them (leak detection
// off in that process, tests/run_posviz.h says why).
const auto run_posviz = testing::run_posviz_on_opengl;

TEST(GpuCli, InfoListsTheCpuAndSaysWhetherThereIsAGpu) {
    const testing::RunResult r = run_posviz("info");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("cpu  available"), std::string::npos) << r.out;
    const bool gpu = r.out.find("gpu  available") != std::string::npos;
    EXPECT_TRUE(gpu || r.out.find("gpu  unavailable: ") != std::string::npos) << r.out;
    if (gpu) {
        EXPECT_NE(r.out.find("renderer:"), std::string::npos) << r.out;
    }
    // The desktop window's context too: described under a display, else why not.
    EXPECT_TRUE(r.out.find("window  OpenGL for the desktop GUI") != std::string::npos ||
                r.out.find("window  unavailable: ") != std::string::npos)
        << r.out;
}

TEST(GpuCli, GpuScoresMatchTheCpuScores) {
    POSVIZ_REQUIRE_GPU();
    const std::string dir = testing::make_temp_dir();
    const std::string common = " --seq-len 70 --dim 16 --encoding t5 --softmax --causal";
    ASSERT_EQ(run_posviz("export scores -o " + dir + "/cpu.npy" + common).status, 0);
    const testing::RunResult gpu =
        run_posviz("export scores -o " + dir + "/gpu.npy --backend gpu" + common);
    ASSERT_EQ(gpu.status, 0) << gpu.err;
    EXPECT_NE(gpu.err.find("computed on the GPU"), std::string::npos) << gpu.err;
    const Matrix cpu_scores = read_npy_matrix(dir + "/cpu.npy", "cpu");
    const Matrix gpu_scores = read_npy_matrix(dir + "/gpu.npy", "gpu");
    ASSERT_EQ(gpu_scores.rows(), 70);
    ASSERT_EQ(gpu_scores.cols(), 70);
    EXPECT_LE((gpu_scores - cpu_scores).cwiseAbs().maxCoeff(), 1e-4);
}

TEST(GpuCli, UncoveredEncodingFallsBackToTheCpuWithAMessage) {
    const std::string dir = testing::make_temp_dir();
    const testing::RunResult r =
        run_posviz("export scores -o " + dir + "/xl.npy --backend gpu --encoding xl --seq-len 8");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("computing on the CPU"), std::string::npos) << r.err;
    EXPECT_TRUE(testing::file_exists(dir + "/xl.npy"));
}

TEST(GpuCli, AutoSaysWhichBackendItPicked) {
    const std::string dir = testing::make_temp_dir();
    const testing::RunResult r =
        run_posviz("export scores -o " + dir + "/auto.npy --backend auto --seq-len 8");
    ASSERT_EQ(r.status, 0) << r.err;
    const bool said = r.err.find("computed on the GPU") != std::string::npos ||
                      r.err.find("computing on the CPU") != std::string::npos;
    EXPECT_TRUE(said) << r.err;
}

// L > --resolution: the picture's max |logit| texels come from the GPU's tiled reduction, so no
// L×L matrix is made (random content: the CPU would need the dense matrix, over --max-bytes here).
TEST(GpuCli, LongScoresPictureIsReducedOnTheGpu) {
    POSVIZ_REQUIRE_GPU();
    const std::string dir = testing::make_temp_dir();
    const testing::RunResult r =
        run_posviz("export scores -o " + dir + "/long.png --backend gpu --seq-len 3000 --dim 8 " +
                   "--resolution 100 --max-bytes 16000000 --dpi 40");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("computed on the GPU"), std::string::npos) << r.err;
    EXPECT_TRUE(testing::file_exists(dir + "/long.png"));
    // The CPU streams RoPE's logits a block of rows at a time; Shaw's it can only hold whole,
    // which --max-bytes forbids here.
    const std::string cpu_args =
        "export scores --seq-len 3000 --dim 8 --resolution 100 "
        "--max-bytes 16000000 -o " +
        dir;
    EXPECT_EQ(run_posviz(cpu_args + "/cpu.png").status, 0);
    const testing::RunResult shaw = run_posviz(cpu_args + "/shaw.png --encoding shaw");
    EXPECT_EQ(shaw.status, 2);
    EXPECT_NE(shaw.err.find("--max-bytes"), std::string::npos) << shaw.err;
    EXPECT_FALSE(testing::file_exists(dir + "/shaw.png"));
    EXPECT_EQ(run_posviz("export scores -o " + dir + "/r.png --resolution 4").status, 2);
}

TEST(GpuCli, UnknownBackendIsBadInput) {
    EXPECT_EQ(run_posviz("export scores -o x.npy --backend cuda").status, 2);
}

}  // namespace
}  // namespace posviz
