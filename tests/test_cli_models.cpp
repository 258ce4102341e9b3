// Real models through the real binary: --model-config and the --rope-scaling flags.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "core/formats/npy.h"
#include "run_posviz.h"

namespace posviz {
namespace {

using testing::make_temp_dir;
using testing::run_posviz;

const std::string kConfigs = std::string(POSVIZ_SHARED_DATA_DIR) + "/hf-configs/";

NpyArray export_npy(const std::string& args) {
    const std::string path = make_temp_dir() + "/out.npy";
    const auto r = run_posviz(args + " -o " + path);
    EXPECT_EQ(r.status, 0) << args << "\n" << r.err;
    return read_npy(path);
}

TEST(CliModels, Llama31WavelengthsFollowTheLlama3Rule) {
    // llama-3.1-8b.json: head_dim 4096/32 = 128, rope_theta 500000, llama3 scaling with factor 8,
    // low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings 8192.
    const NpyArray w = export_npy("export wavelengths --model-config " + kConfigs + "llama-3.1-8b.json");
    ASSERT_EQ(w.shape, (std::vector<int64_t>{64, 3}));
    const double low_wavelen = 8192.0 / 1.0, high_wavelen = 8192.0 / 4.0;
    for (int i = 0; i < 64; ++i) {
        const double theta = std::pow(500000.0, -2.0 * i / 128.0);
        const double wavelen = 2 * std::numbers::pi / theta;
        double expected = theta;  // short wavelengths: unchanged
        if (wavelen > low_wavelen) {
            expected = theta / 8.0;  // long wavelengths: interpolated by the factor
        } else if (wavelen >= high_wavelen) {
            const double smooth = (8192.0 / wavelen - 1.0) / (4.0 - 1.0);
            expected = (1 - smooth) * theta / 8.0 + smooth * theta;
        }
        EXPECT_NEAR(w.data[i * 3 + 1], expected, 1e-12 * std::max(1.0, expected)) << i;
    }
}

TEST(CliModels, LinearFlagDividesEveryFrequency) {
    const NpyArray w = export_npy("export wavelengths --dim 16 --rope-scaling linear --factor 4");
    for (int i = 0; i < 8; ++i) EXPECT_NEAR(w.data[i * 3 + 1], std::pow(10000.0, -2.0 * i / 16) / 4.0, 1e-15);
}

TEST(CliModels, PartialRotaryFromPhi2HasRotaryDimOverTwoRows) {
    // phi-2: hidden 2560 / 32 heads = 80, partial_rotary_factor 0.4 -> rotary_dim 32 -> 16 pairs.
    const NpyArray w = export_npy("export wavelengths --model-config " + kConfigs + "phi-2.json");
    ASSERT_EQ(w.shape, (std::vector<int64_t>{16, 3}));
    EXPECT_NEAR(w.data[1 * 3 + 1], std::pow(10000.0, -2.0 / 32), 1e-15);
}

TEST(CliModels, T5ConfigGivesItsBuckets) {
    const NpyArray b = export_npy("export buckets --seq-len 8 --bidirectional --model-config " + kConfigs + "t5-small.json");
    // Bidirectional, 32 buckets -> 16 per direction; n - m = +1 -> 16 + 1 = 17, n - m = -1 -> 1.
    EXPECT_EQ(b.data[0 * 8 + 1], 17.0);
    EXPECT_EQ(b.data[1 * 8 + 0], 1.0);
}

TEST(CliModels, NonRopeModelIsDescribedNotMisread) {
    const auto r = run_posviz("export wavelengths --model-config " + kConfigs + "gpt2.json -o /tmp/x.npy");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("learned absolute"), std::string::npos) << r.err;
}

TEST(CliModels, BadScalingFlagsAreRejected) {
    const std::string dir = make_temp_dir();
    for (const char* args : {"--rope-scaling bogus", "--rope-scaling linear --factor nan",
                             "--rope-scaling linear --factor -2", "--rope-scaling llama3 --factor 8",
                             "--rope-scaling yarn --factor 4 --beta-fast 0"}) {
        const auto r = run_posviz(std::string("export wavelengths ") + args + " -o " + dir + "/w.npy");
        EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
        EXPECT_NE(r.err.find("--"), std::string::npos) << r.err;
        EXPECT_FALSE(testing::file_exists(dir + "/w.npy")) << args;
    }
    const auto missing = run_posviz("export wavelengths --model-config /nonexistent.json -o " + dir + "/w.npy");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("--model-config"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace posviz

namespace posviz {
namespace {

TEST(CliModels, ExtensionStudiesExportTheirTables) {
    // Llama 3.1 at L = 32768 (4x its 8192 training length).
    const std::string config = " --model-config " + kConfigs + "llama-3.1-8b.json --seq-len 32768";
    const NpyArray turns = export_npy("export turns" + config);
    ASSERT_EQ(turns.shape, (std::vector<int64_t>{64, 8}));
    // Pair 0 (theta 1): 8192 / 2π turns in training, unscaled by llama3 (short wavelength).
    EXPECT_NEAR(turns.data[5], 8192 / (2 * std::numbers::pi), 1e-9);
    EXPECT_NEAR(turns.data[7], 32768 / (2 * std::numbers::pi), 1e-9);
    const NpyArray scalings = export_npy("export scalings" + config);
    ASSERT_EQ(scalings.shape, (std::vector<int64_t>{64, 7}));
    // Column 2 is linear interpolation with factor 32768 / 8192 = 8 (the config's factor is 8 too):
    // the wavelength of pair 10 is 8 × 2π / 500000^(-20/128).
    EXPECT_NEAR(scalings.data[10 * 7 + 2], 8 * 2 * std::numbers::pi / std::pow(500000.0, -20.0 / 128), 1e-6);
    const NpyArray envelopes = export_npy("export extrapolation --seq-len 256 --dim 16 --content ones");
    ASSERT_EQ(envelopes.shape, (std::vector<int64_t>{256, 7}));
    // q = k = ones: the plain-RoPE logit at r is 2·Σ_i cos(r·θ_i) / √16 (rope_extension.h).
    for (int r : {0, 7, 200}) {
        double sum = 0.0;
        for (int i = 0; i < 8; ++i) sum += std::cos(r * std::pow(10000.0, -2.0 * i / 16));
        EXPECT_NEAR(envelopes.data[r * 7 + 1], std::abs(2 * sum / 4.0), 1e-9) << r;
    }
    EXPECT_EQ(export_npy("export pca --encoding sinusoidal --seq-len 50").shape, (std::vector<int64_t>{50, 3}));
}

}  // namespace
}  // namespace posviz
