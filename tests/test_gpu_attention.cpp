// GPU attention against core's CPU double path (attention_logits, softmax_rows) for every encoding
// the shaders cover, at lengths that leave odd remainders in the 16×16 and 8×8 workgroups.
// Tolerances follow gpu/gpu_problem.h's float32 scheme: logits within 1e-4·(1 + |cpu|),
// probabilities within 1e-4 absolute; position-independent content's per-offset logits within
// 1e-7·(1 + |cpu|).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/analyses/block_reduction.h"
#include "core/attention.h"
#include "core/input_error.h"
#include "core/random.h"
#include "core/toeplitz.h"
#include "gpu/gpu_error.h"
#include "tests/dense_reference.h"
#include "tests/gpu_test_context.h"
#include "tests/map_expectations.h"

namespace posviz {
namespace {

using testing::gpu_test_context;

struct NamedEncoding {
    std::string name;
    Encoding encoding;
};

RopeEncoding rope(int dim) {
    RopeEncoding r;
    r.dim = dim;
    return r;
}

XPosEncoding xpos(int dim) {
    XPosEncoding x;
    x.rope = rope(dim);
    return x;
}

std::vector<NamedEncoding> encodings_for(int seq_len, int dim) {
    RopeEncoding half_rope = rope(dim);
    half_rope.style = RopeStyle::Half;
    FireBias fire = FireBias::seeded(16, 7);
    fire.threshold = 8.0;  // rows past the threshold exercise FIRE's per-row normaliser
    return {
        {"nope", NoPE{}},
        {"sinusoidal", SinusoidalEncoding{dim}},
        {"learned", LearnedEncoding::seeded(seq_len, dim, 3)},
        {"shaw", ShawRelative::seeded(seq_len, dim, 4)},
        {"shaw clip 3", ShawRelative::seeded(seq_len, dim, 4, 3)},
        {"t5", T5Bias::seeded(32, 128, false, 5)},
        {"t5 bidirectional", T5Bias::seeded(32, 20, true, 5)},
        {"rope", rope(dim)},
        {"rope half", half_rope},
        {"alibi", AlibiBias{8, 1, false}},
        {"alibi causal", AlibiBias{12, 5, true}},
        {"kerple log", KerpleBias{KerpleKind::Log, 1.5, 0.7}},
        {"kerple power", KerpleBias{KerpleKind::Power, 0.3, 1.4}},
        {"fire", fire},
        {"xpos", xpos(dim)},
    };
}

class GpuAttentionTest : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(GpuAttentionTest, LogitsAndSoftmaxMatchTheCpu) {
    POSVIZ_REQUIRE_GPU();
    const auto [seq_len, dim] = GetParam();
    const Matrix queries = random_normal_matrix(seq_len, dim, 1.0, 11);
    const Matrix keys = random_normal_matrix(seq_len, dim, 1.0, 12);
    for (const auto& [name, encoding] : encodings_for(seq_len, dim))
        for (bool causal : {false, true}) {
            const std::string what = name + (causal ? " causal" : "") +
                                     " L=" + std::to_string(seq_len) + " D=" + std::to_string(dim);
            const Matrix cpu = attention_logits(encoding, queries, keys, causal);
            auto& gpu = *gpu_test_context().attention;
            expect_logits_near(gpu.logits(encoding, queries, keys, causal), cpu, what);
            const Matrix probabilities = gpu.logits(encoding, queries, keys, causal, true);
            EXPECT_LE((probabilities - softmax_rows(cpu)).cwiseAbs().maxCoeff(), 1e-4) << what;
        }
}

INSTANTIATE_TEST_SUITE_P(Sizes, GpuAttentionTest,
                         ::testing::Combine(::testing::Values(1, 17, 100, 257),
                                            ::testing::Values(8, 64)));

TEST(GpuAttention, RowSoftmaxStatsMatchTheDenseRows) {
    POSVIZ_REQUIRE_GPU();
    const int seq_len = 2000;  // rows longer than one dispatch of the streaming pass
    const Matrix queries = random_normal_matrix(seq_len, 64, 2.0, 21);
    const Matrix keys = random_normal_matrix(seq_len, 64, 2.0, 22);
    const Encoding encoding = AlibiBias{8, 0, false};
    for (bool causal : {false, true}) {
        const Matrix cpu = attention_logits(encoding, queries, keys, causal);
        const gpu::RowSoftmaxStats stats =
            gpu_test_context().attention->row_softmax_stats(encoding, queries, keys, causal);
        for (int m = 0; m < seq_len; ++m) {
            const double max = cpu.row(m).maxCoeff();
            const double sum = (cpu.row(m).array() - max).exp().sum();  // exp(-inf) = 0
            EXPECT_NEAR(stats.max[m], max, 1e-4 * (1.0 + std::abs(max))) << "row " << m;
            EXPECT_NEAR(stats.sum[m], sum, 1e-4 * sum) << "row " << m;
        }
    }
}

TEST(GpuAttention, MaxAbsReductionMatchesTheDenseMatrixReduced) {
    POSVIZ_REQUIRE_GPU();
    const int seq_len = 203;
    const Matrix queries = random_normal_matrix(seq_len, 64, 1.0, 31);
    const Matrix keys = random_normal_matrix(seq_len, 64, 1.0, 32);
    const Encoding encoding = rope(64);
    for (bool causal : {false, true})
        for (int resolution : {1, 2, 32, 64, 203}) {
            const Matrix cpu = attention_logits(encoding, queries, keys, causal);
            expect_logits_near(gpu_test_context().attention->max_abs_logits(
                                   encoding, queries, keys, causal, false, resolution),
                               reduce_max_abs(cpu, resolution),
                               "max |logit| at R=" + std::to_string(resolution));
        }
    // A resolution above L gives one texel per logit.
    EXPECT_EQ(gpu_test_context()
                  .attention->max_abs_logits(encoding, queries, keys, false, false, 4096)
                  .rows(),
              seq_len);
}

// Position-independent content (one query vector and one key vector at every position) under
// relative encodings: the shaders look the logits up per offset (gpu::BiasKind::OffsetLogits)
// instead of forming D-long dot products, and must give the CPU's dense logits (dense_reference.h,
// no shortcut), softmax, row statistics and max |logit| reduction. The logits are core's double
// values rounded once to float: within 1e-7 relative.
// Beyond L = 65535 the reduction still runs on the GPU (its 32-bit block bounds need R·L < 2^32,
// not L²): at L = 66000 with position-independent content (one lookup per logit, ~25 s on
// llvmpipe) the picture equals the CPU's, made from the 2L-1 offsets by core.
TEST(GpuAttention, ReductionBeyond65535Positions) {
    POSVIZ_REQUIRE_GPU();
    const int seq_len = 66000, resolution = 16;
    const Matrix ones = Matrix::Ones(seq_len, 8);
    const Encoding alibi = AlibiBias{8, 2, false};
    const Vector offsets =
        *offset_logits(alibi, ones.row(0).transpose(), ones.row(0).transpose(), seq_len);
    expect_logits_near(
        gpu_test_context().attention->max_abs_logits(alibi, ones, ones, true, false, resolution),
        block_max_abs_of_offsets(offsets, seq_len, resolution, true), "causal", 1e-7);
}

TEST(GpuAttention, ToeplitzPathMatchesTheCpuDenseLogits) {
    POSVIZ_REQUIRE_GPU();
    auto& gpu = *gpu_test_context().attention;
    const int dim = 64;
    for (int seq_len : {37, 300}) {  // not multiples of the 16×16, 8×8 or 64 workgroups
        RopeEncoding yarn = rope(dim);
        yarn.style = RopeStyle::Half;
        yarn.scaling.type = RopeScalingType::Yarn;
        yarn.scaling.factor = 4.0;
        yarn.scaling.original_max_position_embeddings = 16;
        XPosEncoding decaying = xpos(dim);
        decaying.scale_base = 64.0;
        const std::vector<NamedEncoding> encodings = {
            {"nope", NoPE{}},
            {"rope", rope(dim)},
            {"rope yarn", yarn},
            {"xpos", decaying},
            {"alibi causal", AlibiBias{8, 0, true}},
            {"kerple power", KerpleBias{KerpleKind::Power, 0.3, 1.4}},
            {"t5", T5Bias::seeded(32, 128, false, 5)},
            {"shaw clip 3", ShawRelative::seeded(seq_len, dim, 4, 3)},
            {"xl", TransformerXL::seeded(dim, 6)},
        };
        const Vector q = random_normal_matrix(1, dim, 1.0, 51).row(0).transpose();
        const Vector k = random_normal_matrix(1, dim, 1.0, 52).row(0).transpose();
        const Matrix queries = q.transpose().replicate(seq_len, 1);
        const Matrix keys = k.transpose().replicate(seq_len, 1);
        for (const auto& [name, encoding] : encodings) {
            EXPECT_EQ(gpu::prepare_gpu_problem(encoding, queries, keys, false).bias,
                      gpu::BiasKind::OffsetLogits)
                << name;
            for (bool causal : {false, true}) {
                const std::string what =
                    name + (causal ? " causal" : "") + " L=" + std::to_string(seq_len);
                Matrix cpu = dense::logits(encoding, queries, keys);
                if (causal) apply_causal_mask(cpu);
                expect_logits_near(gpu.logits(encoding, queries, keys, causal), cpu, what, 1e-7);
                const Matrix probabilities = gpu.logits(encoding, queries, keys, causal, true);
                EXPECT_LE((probabilities - softmax_rows(cpu)).cwiseAbs().maxCoeff(), 1e-4) << what;
                const gpu::RowSoftmaxStats stats =
                    gpu.row_softmax_stats(encoding, queries, keys, causal);
                for (int m = 0; m < seq_len; ++m) {
                    const double max = cpu.row(m).maxCoeff();
                    const double sum = (cpu.row(m).array() - max).exp().sum();
                    EXPECT_NEAR(stats.max[m], max, 1e-7 * (1.0 + std::abs(max))) << what << m;
                    EXPECT_NEAR(stats.sum[m], sum, 1e-4 * sum) << what << " row " << m;
                }
                for (int resolution : {7, seq_len})
                    expect_logits_near(
                        gpu.max_abs_logits(encoding, queries, keys, causal, false, resolution),
                        reduce_max_abs(cpu, resolution),
                        what + " max |logit| at R=" + std::to_string(resolution), 1e-7);
            }
        }
    }
}

// Which problems take the per-offset lookup is decided on the host, GL-free.
TEST(GpuProblem, OffsetLogitsOnlyForPositionIndependentContentUnderRelativeEncodings) {
    const int seq_len = 10, dim = 8;
    const Matrix ones = Matrix::Ones(seq_len, dim);
    const gpu::GpuProblem alibi =
        gpu::prepare_gpu_problem(AlibiBias{4, 0, true}, ones, ones, false);
    EXPECT_EQ(alibi.bias, gpu::BiasKind::OffsetLogits);
    EXPECT_TRUE(alibi.queries.empty());
    ASSERT_EQ(alibi.table.size(), size_t(2 * seq_len - 1));
    EXPECT_EQ(alibi.table.back(), -std::numeric_limits<float>::infinity());    // ALiBi's own mask
    EXPECT_FLOAT_EQ(alibi.table[seq_len - 1], float(std::sqrt(double(dim))));  // q·k/sqrt(D)
    Matrix varied = ones;
    varied(3, 1) = 2.0;
    EXPECT_EQ(gpu::prepare_gpu_problem(AlibiBias{4, 0, true}, varied, ones, false).bias,
              gpu::BiasKind::Alibi);
    EXPECT_EQ(gpu::prepare_gpu_problem(SinusoidalEncoding{dim}, ones, ones, false).bias,
              gpu::BiasKind::None);
    EXPECT_EQ(gpu::prepare_gpu_problem(FireBias::seeded(4, 1), ones, ones, false).bias,
              gpu::BiasKind::Fire);
}

// The precision goal at L = 65536 (1e-4 relative of the CPU double path), without an L² test: the
// shader's arithmetic does not depend on position — it multiplies float q and k that the host
// rotated in double (gpu/gpu_problem.h) — and is checked against the CPU at small L above. What
// position could spoil is the encoding, so here the GPU's float inputs at the far end of a 65536
// sequence are multiplied as the shader does (float, D terms) and compared with the double logits.
TEST(GpuProblem, FloatInputsAtL65536KeepLogitsWithin1e4OfTheDoublePath) {
    const int seq_len = 65536, dim = 64;
    const Matrix queries = random_normal_matrix(seq_len, dim, 1.0, 5);
    const Matrix keys = random_normal_matrix(seq_len, dim, 1.0, 6);
    RopeEncoding half = rope(dim);
    half.style = RopeStyle::Half;
    // xPos's scales zeta^(±p/512) fit float32 here only because positions are centred (p up to
    // 32768, zeta_0^(-64) = 6.8e34; uncentred, 65535 would overflow it). Its logits decay for
    // n <= m, under the causal mask it is made for; keys after their query grow past float32
    // (zeta_0^(-65535/512) = 4.6e69), so without the mask the GPU declines and the CPU computes.
    XPosEncoding x_pos = xpos(dim);
    EXPECT_THROW(gpu::prepare_gpu_problem(x_pos, queries, keys, false), gpu::GpuError);
    for (const Encoding& encoding : std::vector<Encoding>{rope(dim), half, x_pos}) {
        const XPosEncoding* x = std::get_if<XPosEncoding>(&encoding);
        const gpu::GpuProblem p = gpu::prepare_gpu_problem(encoding, queries, keys, x != nullptr);
        const RopeEncoding* r = std::get_if<RopeEncoding>(&encoding);
        const Matrix rotated_q = x ? x->rotate_queries(queries) : r->rotate(queries);
        const Matrix rotated_k = x ? x->rotate_keys(keys) : r->rotate(keys);
        const float scale = float(1.0 / std::sqrt(double(dim)));
        for (int m : {0, 1000, 65000, 65535})
            for (int n : {0, 17, 64999, 65535}) {
                if (x && n > m) continue;  // masked
                float gpu_sum = 0.0f;
                for (int d = 0; d < dim; ++d)
                    gpu_sum += p.queries[size_t(m) * dim + d] * p.keys[size_t(n) * dim + d];
                const double cpu = rotated_q.row(m).dot(rotated_k.row(n)) / std::sqrt(double(dim));
                const double size =
                    rotated_q.row(m).norm() * rotated_k.row(n).norm() / std::sqrt(double(dim));
                EXPECT_LE(std::abs(double(gpu_sum * scale) - cpu), 1e-4 * size)
                    << "m " << m << " n " << n;
            }
    }
}

TEST(GpuAttention, TransformerXlIsAGpuErrorAndBadInputAnInputError) {
    POSVIZ_REQUIRE_GPU();
    const Matrix content = random_normal_matrix(10, 8, 1.0, 41);
    auto& gpu = *gpu_test_context().attention;
    EXPECT_THROW(gpu.logits(TransformerXL::seeded(8, 1), content, content, false), gpu::GpuError);
    EXPECT_THROW(gpu.logits(rope(16), content, content, false), InputError);
    EXPECT_THROW(gpu.logits(ShawRelative::seeded(9, 8, 1), content, content, false), InputError);
    EXPECT_THROW(gpu.max_abs_logits(NoPE{}, content, content, false, false, 0), InputError);
}

TEST(GpuAttention, ContextReportsComputeShaders) {
    POSVIZ_REQUIRE_GPU();
    const gpu::GpuInfo& info = gpu_test_context().context->info();
    EXPECT_TRUE(info.compute_shaders);
    EXPECT_FALSE(info.renderer.empty());
    EXPECT_TRUE(info.platform == "device" || info.platform == "surfaceless");
}

}  // namespace
}  // namespace posviz
