// The published configs of current model families (tests/data/hf-configs, provenance in
// SOURCES.md), read as transformers reads them. Every expected value is worked out in this file
// from the numbers in the config (quoted in comments) and transformers' formulas
// (modeling_rope_utils.py _compute_*_parameters, re-derived below), never printed by posviz.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "core/formats/hf_config.h"

namespace posviz {
namespace {

using std::numbers::pi;

ModelPositions model(const std::string& name) {
    return read_hf_config(std::string(POSVIZ_TEST_DATA_DIR) + "/hf-configs/" + name);
}

const RopeScheme& rope_of(const ModelPositions& m, int layer) {
    const LayerPositions& l = m.layers.at(layer);
    EXPECT_EQ(l.kind, PositionKind::Rope) << "layer " << layer;
    return m.ropes.at(l.rope);
}

Vector theta(const RopeScheme& r, long seq_len = 1) {
    return r.encoding().frequencies(seq_len).inverse_frequencies;
}

// base^(-2i/d): RoFormer's θ_i, transformers' _compute_default_rope_parameters.
double plain(double base, int i, int d) {
    return std::pow(base, -2.0 * i / d);
}

// _compute_yarn_parameters, transcribed: find_correction_range over the original length, then
// a linear ramp from extrapolation (fast pairs) to interpolation by `factor` (slow pairs).
double yarn(double base, int d, int i, double factor, double original, bool truncate) {
    auto correction_dim = [&](double rotations) {
        return d * std::log(original / (rotations * 2 * pi)) / (2 * std::log(base));
    };
    double low = correction_dim(32), high = correction_dim(1);  // beta_fast 32, beta_slow 1
    if (truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, d - 1.0);
    const double ramp = std::clamp((i - low) / (high - low), 0.0, 1.0);
    const double extrapolation = plain(base, i, d);
    return extrapolation / factor * ramp + extrapolation * (1 - ramp);
}

TEST(HfConfigModels, DeepSeekV3MlaRotatesQkRopeHeadDimInterleaved) {
    // "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "rope_theta": 10000, rope_scaling yarn
    // factor 40, original 4096, beta 32/1, mscale 1.0, mscale_all_dim 1.0; 61 layers.
    const ModelPositions m = model("deepseek-v3.json");
    EXPECT_EQ(m.num_layers, 61);
    EXPECT_EQ(m.max_position_embeddings, 163840);
    EXPECT_EQ(m.training_length, 4096);
    ASSERT_EQ(m.ropes.size(), 1u);
    const RopeScheme& r = m.ropes[0];
    EXPECT_EQ(r.head_dim, 64);  // not hidden 7168 / 128 heads = 56
    EXPECT_EQ(r.rotary_dim, 64);
    EXPECT_EQ(r.qk_head_dim, 192);
    EXPECT_EQ(r.style, RopeStyle::Interleaved);  // rope_interleave defaults to true
    // By hand: correction_dim(32) = 64·ln(4096/(64π)) / (2 ln 10⁴) = 10.47 → floor 10;
    // correction_dim(1) = 64·ln(4096/(2π)) / (2 ln 10⁴) = 22.51 → ceil 23.
    const Vector t = theta(r);
    ASSERT_EQ(t.size(), 32);
    EXPECT_DOUBLE_EQ(t[5], plain(1e4, 5, 64));         // below 10: extrapolated
    EXPECT_DOUBLE_EQ(t[30], plain(1e4, 30, 64) / 40);  // above 23: interpolated by 40
    const double ramp = (16 - 10) / 13.0;              // pair 16 in the ramp
    EXPECT_NEAR(t[16], plain(1e4, 16, 64) * (ramp / 40 + 1 - ramp), 1e-15);
    for (int i = 0; i < 32; ++i)
        EXPECT_NEAR(t[i], yarn(1e4, 64, i, 40, 4096, true), 1e-15 * plain(1e4, i, 64)) << i;
    // mscale == mscale_all_dim: attention factor 1; DeepseekV3Attention multiplies its softmax
    // scale by yarn_get_mscale(40, 1)² = (0.1·ln 40 + 1)².
    EXPECT_DOUBLE_EQ(r.encoding().frequencies(1).attention_factor, 1.0);
    EXPECT_NEAR(r.softmax_scale, std::pow(0.1 * std::log(40.0) + 1, 2), 1e-14);
}

TEST(HfConfigModels, Gemma3SlidingAndFullLayersTurnAtTheirOwnTheta) {
    // text_config: 34 layers, sliding_window 1024, rope_scaling linear ×8; Gemma3TextConfig's
    // defaults fill in head_dim 256, rope_theta 1e6, rope_local_base_freq 1e4, pattern 6.
    const ModelPositions m = model("gemma-3-4b-it.json");
    EXPECT_EQ(m.model_type, "gemma3");
    EXPECT_EQ(m.text_model_type, "gemma3_text");
    ASSERT_EQ(m.num_layers, 34);
    EXPECT_EQ(m.max_position_embeddings, 131072);
    for (int i = 0; i < 34; ++i) {
        const bool full = (i + 1) % 6 == 0;  // layers 5, 11, 17, 23, 29
        EXPECT_EQ(m.layers[i].attention, full ? AttentionKind::Full : AttentionKind::Sliding) << i;
        EXPECT_EQ(m.layers[i].window, full ? 0 : 1024) << i;
        const RopeScheme& r = rope_of(m, i);
        EXPECT_EQ(r.head_dim, 256);
        const Vector t = theta(r);
        for (int k : {0, 1, 64, 127})
            EXPECT_DOUBLE_EQ(t[k], full ? plain(1e6, k, 256) / 8 : plain(1e4, k, 256))
                << i << " " << k;
    }
    EXPECT_EQ(choose_layer(m, -1, ""), 5);  // the first full layer
    EXPECT_EQ(choose_layer(m, -1, "sliding"), 0);
    EXPECT_EQ(choose_layer(m, 33, ""), 33);
}

TEST(HfConfigModels, Qwen25VlMropeUsesDefaultFrequencies) {
    // rope_scaling {"type": "mrope", "mrope_section": [16, 24, 24]}, rope_theta 1e6, 3584 / 28.
    const ModelPositions m = model("qwen2.5-vl-7b-instruct.json");
    const RopeScheme& r = rope_of(m, 0);
    EXPECT_EQ(r.head_dim, 128);
    EXPECT_EQ(r.scaling.type, RopeScalingType::None);
    EXPECT_EQ(r.mrope_section, (std::vector<int>{16, 24, 24}));  // 64 pairs = 128 / 2
    const Vector t = theta(r);
    for (int k = 0; k < 64; ++k) EXPECT_DOUBLE_EQ(t[k], plain(1e6, k, 128));
    EXPECT_FALSE(m.notes.empty());
}

TEST(HfConfigModels, SmolLM3LeavesEveryFourthLayerWithoutRope) {
    // no_rope_layers [1, 1, 1, 0] × 9, rope_theta 5e6, 2048 / 16 heads.
    const ModelPositions m = model("smollm3-3b.json");
    ASSERT_EQ(m.num_layers, 36);
    for (int i = 0; i < 36; ++i) {
        EXPECT_EQ(m.layers[i].kind, i % 4 == 3 ? PositionKind::NoPE : PositionKind::Rope) << i;
        EXPECT_EQ(m.layers[i].attention, AttentionKind::Full);
    }
    EXPECT_DOUBLE_EQ(theta(rope_of(m, 0))[10], plain(5e6, 10, 128));
    EXPECT_EQ(choose_layer(m, -1, ""), 0);
    EXPECT_EQ(choose_layer(m, 3, ""), 3);
}

TEST(HfConfigModels, ModernBertGlobalAndLocalTheta) {
    // global_rope_theta 160000 every 3rd layer from 0, local_rope_theta 10000, local_attention
    // 128; no rope_theta key at all; 768 / 12 heads; "position_embedding_type": "absolute" is
    // not a learned table here.
    const ModelPositions m = model("modernbert-base.json");
    ASSERT_TRUE(m.has_rope());
    ASSERT_EQ(m.num_layers, 22);
    for (int i = 0; i < 22; ++i) {
        const bool global = i % 3 == 0;
        EXPECT_EQ(m.layers[i].attention, global ? AttentionKind::Full : AttentionKind::Sliding);
        EXPECT_EQ(m.layers[i].window, global ? 0 : 128);
        EXPECT_DOUBLE_EQ(theta(rope_of(m, i))[7], plain(global ? 160000.0 : 10000.0, 7, 64)) << i;
    }
}

TEST(HfConfigModels, GptOssYarnWithoutTruncation) {
    // rope_theta 150000, head_dim 64, yarn factor 32, original 4096, "truncate": false;
    // layer_types alternate sliding (window 128) and full.
    const ModelPositions m = model("gpt-oss-20b.json");
    ASSERT_EQ(m.num_layers, 24);
    EXPECT_EQ(m.layers[0].attention, AttentionKind::Sliding);
    EXPECT_EQ(m.layers[0].window, 128);
    EXPECT_EQ(m.layers[1].attention, AttentionKind::Full);
    const RopeScheme& r = rope_of(m, 1);
    EXPECT_FALSE(r.scaling.truncate);
    // By hand: correction_dim(32) = 64·ln(4096/(64π)) / (2 ln 150000) = 8.093, correction_dim(1)
    // = 17.397, not rounded: pair 8 is just below the ramp, pair 12 inside it.
    const Vector t = theta(r);
    EXPECT_DOUBLE_EQ(t[8], plain(150000, 8, 64));
    EXPECT_DOUBLE_EQ(t[20], plain(150000, 20, 64) / 32);
    for (int i = 0; i < 32; ++i)
        EXPECT_NEAR(t[i], yarn(150000, 64, i, 32, 4096, false), 1e-15 * plain(150000, i, 64)) << i;
    EXPECT_NEAR(r.encoding().frequencies(1).attention_factor, 0.1 * std::log(32.0) + 1, 1e-15);
}

TEST(HfConfigModels, Phi4MiniPartialLongRope) {
    // 3072 / 24 heads = 128, partial_rotary_factor 0.75 → 96 dims; longrope, short_factor all
    // 1.0, long_factor[47] 47.77; original 4096, max 131072.
    const ModelPositions m = model("phi-4-mini-instruct.json");
    const RopeScheme& r = rope_of(m, 0);
    EXPECT_EQ(r.head_dim, 128);
    EXPECT_EQ(r.rotary_dim, 96);
    const Vector short_theta = theta(r, 4096);
    const Vector long_theta = theta(r, 4097);
    ASSERT_EQ(short_theta.size(), 48);
    EXPECT_DOUBLE_EQ(short_theta[47], plain(1e4, 47, 96));
    EXPECT_NEAR(long_theta[47], plain(1e4, 47, 96) / 47.77, 1e-15);
    // factor = 131072 / 4096 = 32: sqrt(1 + ln 32 / ln 4096) = sqrt(1 + 5/12).
    EXPECT_NEAR(r.encoding().frequencies(1).attention_factor, std::sqrt(17.0 / 12), 1e-15);
}

TEST(HfConfigModels, Mistral3TextConfigWithTransformers5RopeParameters) {
    // mistral3 wrapping ministral3; rope_parameters {rope_theta 1e8, yarn factor 48, original
    // 8192, beta 32/1, mscale 1.0, mscale_all_dim 1.0}; head_dim 128; 40 layers.
    const ModelPositions m = model("devstral-small-2-24b-instruct.json");
    EXPECT_EQ(m.text_model_type, "ministral3");
    EXPECT_EQ(m.num_layers, 40);
    EXPECT_EQ(m.max_position_embeddings, 393216);
    const RopeScheme& r = rope_of(m, 0);
    EXPECT_EQ(r.base, 1e8);
    EXPECT_EQ(r.scaling.block, "text_config.rope_parameters");
    // By hand: correction_dim(32) = 128·ln(8192/(64π)) / (2 ln 10⁸) = 12.88 → 12, and
    // correction_dim(1) = 24.92 → 25.
    const Vector t = theta(r);
    EXPECT_DOUBLE_EQ(t[12], plain(1e8, 12, 128));
    EXPECT_DOUBLE_EQ(t[25], plain(1e8, 25, 128) / 48);
    for (int i = 0; i < 64; ++i)
        EXPECT_NEAR(t[i], yarn(1e8, 128, i, 48, 8192, true), 1e-15 * plain(1e8, i, 128)) << i;
    // mscale / mscale_all_dim = 1: no attention factor; not MLA, so no softmax scale either.
    EXPECT_DOUBLE_EQ(r.encoding().frequencies(1).attention_factor, 1.0);
    EXPECT_EQ(r.softmax_scale, 1.0);
}

TEST(HfConfigModels, Exaone4GlobalLayersAreNoPE) {
    // layer_types LLLG × 16, sliding_window 4096, llama3 ×16 (1, 4, original 8192), θ 1e6.
    const ModelPositions m = model("exaone-4.0-32b.json");
    ASSERT_EQ(m.num_layers, 64);
    for (int i = 0; i < 64; ++i) {
        const bool global = i % 4 == 3;
        EXPECT_EQ(m.layers[i].kind, global ? PositionKind::NoPE : PositionKind::Rope) << i;
        EXPECT_EQ(m.layers[i].window, global ? 0 : 4096) << i;
    }
    // No full layer has RoPE: the figures default to the first sliding layer.
    EXPECT_EQ(choose_layer(m, -1, ""), 0);
    EXPECT_EQ(choose_layer(m, -1, "full"), 3);
    // llama3, pair 63: wavelength 2π·10^(6·126/128) > 8192, divided by 16.
    EXPECT_DOUBLE_EQ(theta(rope_of(m, 0))[63], plain(1e6, 63, 128) / 16);
}

TEST(HfConfigModels, CohereInterleavesItsPairs) {
    // aya-23: model_type cohere, 4096 / 32 = 128, rope_theta 10000.
    const ModelPositions m = model("aya-23-8b.json");
    const RopeScheme& r = rope_of(m, 0);
    EXPECT_EQ(r.style, RopeStyle::Interleaved);
    EXPECT_EQ(r.head_dim, 128);
    EXPECT_EQ(r.encoding().pair_second_dim(3), 7);  // pair 3 = dims (6, 7)
}

TEST(HfConfigModels, Falcon7bInstructIsRopeWithFalconConfigDefaults) {
    // "alibi": false, "hidden_size": 4544, "num_attention_heads": 71, "num_hidden_layers": 32;
    // no rope_theta and no max_position_embeddings: FalconConfig.__init__ fills in 10000 and
    // 2048. FalconAttention: head_dim = 4544 / 71 = 64, all of it rotated, rotate_half pairs.
    const ModelPositions m = model("falcon-7b-instruct.json");
    EXPECT_EQ(m.model_type, "falcon");
    EXPECT_EQ(m.kind, PositionKind::Rope);
    EXPECT_EQ(m.max_position_embeddings, 2048);
    ASSERT_EQ(m.num_layers, 32);
    ASSERT_EQ(m.ropes.size(), 1u);
    for (int i = 0; i < 32; ++i) EXPECT_EQ(m.layers[i].kind, PositionKind::Rope) << i;
    const RopeScheme& r = m.ropes[0];
    EXPECT_EQ(r.head_dim, 64);
    EXPECT_EQ(r.rotary_dim, 64);
    EXPECT_EQ(r.style, RopeStyle::Half);
    EXPECT_EQ(r.scaling.type, RopeScalingType::None);
    const Vector t = theta(r);
    ASSERT_EQ(t.size(), 32);
    // Wavelength 2π/θ_i: pair 0 turns once in 2π positions, pair 31 in 2π·10^(4·62/64).
    EXPECT_NEAR(2 * pi / t[0], 2 * pi, 1e-12);
    const double longest = 2 * pi * std::pow(10.0, 4 * 62.0 / 64);
    EXPECT_NEAR(2 * pi / t[31], longest, 1e-12 * longest);
    for (int i = 0; i < 32; ++i) EXPECT_DOUBLE_EQ(t[i], plain(1e4, i, 64)) << i;
}

TEST(HfConfigModels, Glm45RotatesHalfOfEachHeadWithRotateHalfPairs) {
    // glm-4.5.json: "model_type": "glm4_moe", "head_dim": 128, "partial_rotary_factor": 0.5,
    // "rope_theta": 1000000, "rope_scaling": null, "num_hidden_layers": 92 (no layer_types, no
    // sliding_window), "max_position_embeddings": 131072.
    const ModelPositions m = model("glm-4.5.json");
    EXPECT_EQ(m.model_type, "glm4_moe");
    EXPECT_EQ(m.kind, PositionKind::Rope);
    ASSERT_EQ(m.num_layers, 92);
    EXPECT_EQ(m.max_position_embeddings, 131072);
    EXPECT_EQ(m.training_length, 0);  // no scaling, no original_max_position_embeddings
    ASSERT_EQ(m.ropes.size(), 1u);
    for (int i = 0; i < 92; ++i) {
        EXPECT_EQ(m.layers[i].kind, PositionKind::Rope) << i;
        EXPECT_EQ(m.layers[i].attention, AttentionKind::Full) << i;
    }
    const RopeScheme& r = m.ropes[0];
    EXPECT_EQ(r.head_dim, 128);
    EXPECT_EQ(r.rotary_dim, 64);  // int(head_dim · partial_rotary_factor) = int(128 · 0.5)
    EXPECT_EQ(r.base, 1e6);
    EXPECT_EQ(r.scaling.type, RopeScalingType::None);
    // Glm4MoeAttention (modeling_glm4_moe.py apply_rotary_pos_emb): q[..., :rotary_dim] turned
    // with rotate_half, so pair i is dims (i, i + 32); the other 64 dims pass through.
    EXPECT_EQ(r.style, RopeStyle::Half);
    EXPECT_EQ(r.encoding().rotary_dim(), 64);
    EXPECT_EQ(r.encoding().pair_first_dim(3), 3);
    EXPECT_EQ(r.encoding().pair_second_dim(3), 35);
    // _compute_default_rope_parameters: dim = 64, θ_i = 1e6^(-2i/64), 32 pairs. Wavelengths 2π/θ_i
    // run from 2π (pair 0) to 2π·10^(6·62/64) (pair 31).
    const Vector t = theta(r);
    ASSERT_EQ(t.size(), 32);
    for (int i = 0; i < 32; ++i) EXPECT_DOUBLE_EQ(t[i], plain(1e6, i, 64)) << i;
    EXPECT_NEAR(2 * pi / t[0], 2 * pi, 1e-12);
    const double longest = 2 * pi * std::pow(10.0, 6 * 62.0 / 64);
    EXPECT_NEAR(2 * pi / t[31], longest, 1e-12 * longest);
    EXPECT_DOUBLE_EQ(r.encoding().frequencies(1).attention_factor, 1.0);
}

TEST(HfConfigModels, Llama4MaverickLeavesEveryFourthLayerWithoutRopeAndChunksTheRest) {
    // llama-4-maverick-17b-128e-text.json (Llama-4-Maverick's text_config): "model_type":
    // "llama4_text", "head_dim": 128, "rope_theta": 500000.0, "rope_scaling": null,
    // "attention_chunk_size": 8192, "no_rope_layers": [1, 1, 1, 0] × 12, 48 layers,
    // "max_position_embeddings": 262144, "attn_temperature_tuning": true.
    const ModelPositions m = model("llama-4-maverick-17b-128e-text.json");
    EXPECT_EQ(m.model_type, "llama4_text");
    EXPECT_EQ(m.kind, PositionKind::Rope);
    ASSERT_EQ(m.num_layers, 48);
    EXPECT_EQ(m.max_position_embeddings, 262144);
    ASSERT_EQ(m.ropes.size(), 1u);
    // Llama4TextAttention: use_rope = no_rope_layers[layer_idx]. Llama4TextConfig.layer_types:
    // RoPE layers attend within chunks of attention_chunk_size, NoPE layers to everything.
    for (int i = 0; i < 48; ++i) {
        const bool rope = i % 4 != 3;
        EXPECT_EQ(m.layers[i].kind, rope ? PositionKind::Rope : PositionKind::NoPE) << i;
        EXPECT_EQ(m.layers[i].attention, rope ? AttentionKind::Chunked : AttentionKind::Full) << i;
        EXPECT_EQ(m.layers[i].window, rope ? 8192 : 0) << i;
    }
    const RopeScheme& r = m.ropes[0];
    EXPECT_EQ(r.head_dim, 128);
    EXPECT_EQ(r.rotary_dim, 128);
    EXPECT_EQ(r.base, 500000.0);
    EXPECT_EQ(r.scaling.type, RopeScalingType::None);
    // modeling_llama4.py apply_rotary_emb: view_as_complex(x.reshape(..., -1, 2)) turns pairs
    // (2i, 2i + 1).
    EXPECT_EQ(r.style, RopeStyle::Interleaved);
    EXPECT_EQ(r.encoding().pair_first_dim(5), 10);
    EXPECT_EQ(r.encoding().pair_second_dim(5), 11);
    // Llama4TextRotaryEmbedding's default parameters: dim = head_dim = 128,
    // θ_i = 500000^(-2i/128); the longest wavelength is pair 63's, 2π·500000^(126/128).
    const Vector t = theta(r);
    ASSERT_EQ(t.size(), 64);
    for (int i = 0; i < 64; ++i) EXPECT_DOUBLE_EQ(t[i], plain(500000.0, i, 128)) << i;
    EXPECT_NEAR(2 * pi / t[0], 2 * pi, 1e-12);
    const double longest = 2 * pi * std::pow(500000.0, 126.0 / 128);
    EXPECT_NEAR(2 * pi / t[63], longest, 1e-12 * longest);
    // No full-attention layer has RoPE: the figures default to the first RoPE layer.
    EXPECT_EQ(choose_layer(m, -1, ""), 0);
    EXPECT_EQ(choose_layer(m, -1, "full"), 3);
    EXPECT_EQ(choose_layer(m, -1, "sliding"), 0);  // chunked counts as local
    EXPECT_EQ(choose_layer(m, 47, ""), 47);
    // attn_temperature_tuning: the NoPE layers' position-dependent query scale is noted.
    const bool tuning_noted =
        std::any_of(m.notes.begin(), m.notes.end(), [](const Bilingual& note) {
            return note.en.find("attn_temperature_tuning") != std::string::npos;
        });
    EXPECT_TRUE(tuning_noted);
}

// transformers' modeling_mpt.py build_mpt_alibi_tensor, transcribed: pad the head count to a
// power of two H', slopes 1 / 2^(k·alibi_bias_max/H') for k = 1 … H', and when H < H' take the
// odd-numbered ones (k = 2, 4, …) first, then the even-numbered, keeping H.
std::vector<double> mpt_alibi_slopes(int heads, double bias_max) {
    const int padded = 1 << int(std::ceil(std::log2(heads)));
    std::vector<double> base;
    for (int k = 1; k <= padded; ++k) base.push_back(1 / std::pow(2.0, k * bias_max / padded));
    if (padded == heads) return base;
    std::vector<double> out;
    for (int k = 1; k < padded; k += 2) out.push_back(base[k]);
    for (int k = 0; k < padded; k += 2) out.push_back(base[k]);
    out.resize(heads);
    return out;
}

TEST(HfConfigModels, Mpt7bInstructAlibiSlopes) {
    // "attn_config": {"alibi": true, "alibi_bias_max": 8, ...}, "n_heads": 32, "n_layers": 32,
    // "max_seq_len": 2048. ("learned_pos_emb": true is MosaicML's remote-code key; transformers'
    // MptModel has no position table and uses ALiBi only.)
    const ModelPositions m = model("mpt-7b-instruct.json");
    ASSERT_EQ(m.kind, PositionKind::Alibi);
    EXPECT_EQ(m.num_layers, 32);
    EXPECT_EQ(m.max_position_embeddings, 2048);
    ASSERT_EQ(m.alibi_slopes.size(), 32u);
    // By hand, 32 heads (a power of two, so no reordering): slope_h = 2^(-8h/32) = 2^(-h/4).
    EXPECT_DOUBLE_EQ(m.alibi_slopes[0], std::pow(2.0, -0.25));
    EXPECT_DOUBLE_EQ(m.alibi_slopes[3], 0.5);
    EXPECT_DOUBLE_EQ(m.alibi_slopes[31], 1.0 / 256);
    const std::vector<double> expected = mpt_alibi_slopes(32, 8);
    for (int h = 0; h < 32; ++h) EXPECT_NEAR(m.alibi_slopes[h], expected[h], 1e-15) << h;
}

}  // namespace
}  // namespace posviz
