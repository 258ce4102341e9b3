// Maps kept on the GPU (GpuAttention::device_scores) and coloured there (HeatmapColouring), as the
// GUI draws them: the values against core's CPU double path, the summary against the host's own
// max |finite| and mask check, and the texels against the colormap applied on the host.
#include <epoxy/gl.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/attention.h"
#include "core/figure/colormap.h"
#include "core/figures/panels.h"
#include "core/random.h"
#include "gpu/heatmap_colouring.h"
#include "tests/gpu_test_context.h"
#include "tests/map_expectations.h"

namespace posviz {
namespace {

using testing::gpu_test_context;

RopeEncoding rope(int dim) {
    RopeEncoding r;
    r.dim = dim;
    return r;
}

TEST(GpuDeviceScores, DenseAndReducedMapsMatchTheCpu) {
    POSVIZ_REQUIRE_GPU();
    gpu::GpuAttention& gpu = *gpu_test_context().attention;
    const int seq_len = 150, dim = 32;
    const Matrix queries = random_normal_matrix(seq_len, dim, 1.0, 41);
    const Matrix keys = random_normal_matrix(seq_len, dim, 1.0, 42);
    const Encoding encoding = AlibiBias{8, 2, false};
    for (bool causal : {false, true})
        for (bool softmax : {false, true})
            for (int resolution : {seq_len, 37}) {
                const std::string what = std::string(causal ? "causal " : "") +
                                         (softmax ? "probabilities" : "logits") +
                                         " at R=" + std::to_string(resolution);
                Matrix cpu = attention_logits(encoding, queries, keys, causal);
                if (softmax) cpu = softmax_rows(cpu);
                if (resolution < seq_len) cpu = reduce_max_abs(cpu, resolution);
                const std::shared_ptr<gpu::GpuMatrix> device =
                    gpu.device_scores(encoding, queries, keys, causal, softmax, resolution);
                ASSERT_EQ(device->rows(), resolution) << what;
                ASSERT_EQ(device->cols(), resolution) << what;
                const Matrix values = device->download();
                expect_logits_near(values, cpu, what);
                // One value read back, as the GUI's tooltip does.
                EXPECT_EQ(device->at(resolution - 1, 3), values(resolution - 1, 3)) << what;
                // The summary: masked only where the causal mask leaves -inf in the map shown
                // (reduced: the blocks wholly above the diagonal).
                EXPECT_NEAR(device->largest_abs_finite(), max_abs_finite(cpu),
                            1e-4 * (1.0 + max_abs_finite(cpu)))
                    << what;
                EXPECT_EQ(device->any_masked(), !cpu.allFinite()) << what;
                EXPECT_EQ(device->any_masked(), causal && !softmax) << what;
            }
}

TEST(GpuDeviceScores, ReducedProbabilitiesMatchTheDenseSoftmaxReduced) {
    POSVIZ_REQUIRE_GPU();
    const int seq_len = 211, dim = 16;
    const Matrix queries = random_normal_matrix(seq_len, dim, 2.0, 43);
    const Matrix keys = random_normal_matrix(seq_len, dim, 2.0, 44);
    const Encoding encoding = rope(dim);
    for (bool causal : {false, true}) {
        const Matrix cpu = softmax_rows(attention_logits(encoding, queries, keys, causal));
        expect_logits_near(
            gpu_test_context().attention->max_abs_logits(encoding, queries, keys, causal, true, 50),
            reduce_max_abs(cpu, 50), causal ? "causal" : "full");
    }
}

// The texture's level 0, row 0 first, RGBA.
std::vector<uint8_t> read_texture(unsigned texture, int width, int height) {
    std::vector<uint8_t> pixels(size_t(width) * size_t(height) * 4);
    glBindTexture(GL_TEXTURE_2D, texture);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    return pixels;
}

TEST(GpuDeviceScores, ColouringMatchesTheColormapOnTheHost) {
    POSVIZ_REQUIRE_GPU();
    gpu::GpuAttention& gpu = *gpu_test_context().attention;
    const int seq_len = 70, dim = 8;
    const Matrix queries = random_normal_matrix(seq_len, dim, 1.5, 45);
    const Matrix keys = random_normal_matrix(seq_len, dim, 1.5, 46);
    // Causal logits: masked cells above the diagonal, and values beyond the limits below.
    const std::shared_ptr<gpu::GpuMatrix> device =
        gpu.device_scores(rope(dim), queries, keys, true, false, seq_len);
    const Matrix values = device->download();
    const Rgb masked{0.25, 0.5, 0.75};
    const double vmin = -1.5, vmax = 2.0;
    auto byte = [](double v) { return int(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); };
    for (const std::string& name : colormap_names()) {
        const Colormap& colormap = find_colormap(name);
        unsigned texture = 0;
        gpu::HeatmapColouring colouring;
        {
            [[maybe_unused]] const testing::MesaAllocationsNotLeaks mesa;
            colouring.colour(*device, colormap, vmin, vmax, masked, texture);
        }
        ASSERT_NE(texture, 0u);
        const std::vector<uint8_t> pixels = read_texture(texture, seq_len, seq_len);
        int reported = 0;
        for (int r = 0; r < seq_len; ++r)
            for (int c = 0; c < seq_len; ++c) {
                const double v = values(r, c);
                const Rgb want =
                    std::isfinite(v) ? colormap.at((v - vmin) / (vmax - vmin)) : masked;
                const uint8_t* got = &pixels[(size_t(r) * seq_len + size_t(c)) * 4];
                const int wanted[4] = {byte(want.r), byte(want.g), byte(want.b), 255};
                for (int k = 0; k < 4; ++k)
                    if (std::abs(int(got[k]) - wanted[k]) > 1 && reported++ < 5)
                        ADD_FAILURE()
                            << name << " [" << r << ", " << c << "] channel " << k << ": gpu "
                            << int(got[k]) << ", host " << wanted[k] << " (value " << v << ")";
            }
        glDeleteTextures(1, &texture);
    }
}

// A panel's texture name may hold a texture uploaded from the host (mutable storage, made with
// glTexImage2D) when the GPU takes over: colouring replaces it with one it can write.
TEST(GpuDeviceScores, ColouringReplacesATextureUploadedFromTheHost) {
    POSVIZ_REQUIRE_GPU();
    const Matrix content = random_normal_matrix(40, 8, 1.0, 48);
    const std::shared_ptr<gpu::GpuMatrix> device =
        gpu_test_context().attention->device_scores(NoPE{}, content, content, false, false, 40);
    const Colormap& viridis = find_colormap("viridis");
    unsigned uploaded = 0, fresh = 0;
    glGenTextures(1, &uploaded);
    glBindTexture(GL_TEXTURE_2D, uploaded);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 40, 40, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    gpu::HeatmapColouring colouring;
    {
        [[maybe_unused]] const testing::MesaAllocationsNotLeaks mesa;
        colouring.colour(*device, viridis, 0.0, 2.0, Rgb{}, uploaded);
        colouring.colour(*device, viridis, 0.0, 2.0, Rgb{}, fresh);
    }
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_EQ(read_texture(uploaded, 40, 40), read_texture(fresh, 40, 40));
    glDeleteTextures(1, &uploaded);
    glDeleteTextures(1, &fresh);
}

TEST(GpuDeviceScores, FreedMapsGiveTheirBuffersBack) {
    POSVIZ_REQUIRE_GPU();
    gpu::GpuAttention& gpu = *gpu_test_context().attention;
    const Matrix content = random_normal_matrix(64, 8, 1.0, 47);
    unsigned buffer = 0;
    {
        const std::shared_ptr<gpu::GpuMatrix> device =
            gpu.device_scores(NoPE{}, content, content, false, false, 64);
        buffer = device->buffer();
        EXPECT_TRUE(glIsBuffer(buffer));
    }
    // Deleted by the next computation, which makes the context current.
    gpu.device_scores(NoPE{}, content, content, false, false, 64);
    EXPECT_FALSE(glIsBuffer(buffer));
}

}  // namespace
}  // namespace posviz
