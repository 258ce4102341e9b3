// The family rules of config.json reading, each on a small hand-written config: nested
// text_config, per-layer-type rope_parameters, NoPE and sliding schedules, MLA, the ALiBi and
// learned-table families, the rule for unknown or missing model_type, choosing a layer, and every
// bad input (InputError naming the field). Expected values come from the config classes'
// rules and the papers' formulas, worked out in comments.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "core/formats/hf_config.h"
#include "expect_input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

ModelPositions read(const std::string& json) {
    const std::string path = testing::make_temp_dir() + "/config.json";
    std::ofstream(path) << json;
    return read_hf_config(path);
}

std::vector<PositionKind> kinds(const ModelPositions& m) {
    std::vector<PositionKind> out;
    for (const LayerPositions& l : m.layers) out.push_back(l.kind);
    return out;
}

constexpr PositionKind R = PositionKind::Rope;
constexpr PositionKind N = PositionKind::NoPE;

TEST(HfConfigRules, Llama4ChunksItsRopeLayersAndLeavesTheRestNoPE) {
    // Llama4TextConfig: no_rope_layers default int((i + 1) % 4 != 0); layer_types: RoPE layers
    // chunked_attention (attention_chunk_size), NoPE layers full_attention.
    const ModelPositions m = read(R"({"model_type": "llama4", "text_config": {
        "model_type": "llama4_text", "num_hidden_layers": 8, "hidden_size": 512,
        "num_attention_heads": 4, "head_dim": 64, "attention_chunk_size": 1024,
        "attn_temperature_tuning": true,
        "rope_scaling": {"rope_type": "llama3", "factor": 16.0, "low_freq_factor": 1.0,
                         "high_freq_factor": 1.0, "original_max_position_embeddings": 8192}}})");
    EXPECT_EQ(kinds(m), (std::vector<PositionKind>{R, R, R, N, R, R, R, N}));
    EXPECT_EQ(m.layers[0].attention, AttentionKind::Chunked);
    EXPECT_EQ(m.layers[0].window, 1024);
    EXPECT_EQ(m.layers[3].attention, AttentionKind::Full);
    EXPECT_EQ(m.ropes.at(0).style, RopeStyle::Interleaved);  // Llama 4's complex product
    EXPECT_EQ(m.ropes.at(0).base, 500000.0);                 // Llama4TextConfig's default
    EXPECT_EQ(m.max_position_embeddings, 131072);            // 4096 · 32, its default
    EXPECT_FALSE(m.notes.empty());                           // the NoPE layers' query scale
    // The full layers have no RoPE: by default the first RoPE layer, --layer-type full the NoPE.
    EXPECT_EQ(choose_layer(m, -1, ""), 0);
    EXPECT_EQ(choose_layer(m, -1, "full"), 3);
    EXPECT_EQ(choose_layer(m, -1, "sliding"), 0);  // chunked counts as local
}

TEST(HfConfigRules, Llama4EmptyNoRopeLayersMeansTheDefault) {
    // Llama4TextConfig.__init__: no_rope_layers if no_rope_layers else the default
    // int((i + 1) % 4 != 0), so [] (as in the Llama-4-Scout-17B-16E config quoted in
    // AMD-AGI/Primus pull request 165) is every fourth layer NoPE. SmolLM3Config keeps [].
    const ModelPositions m = read(R"({"model_type": "llama4", "text_config": {
        "model_type": "llama4_text", "num_hidden_layers": 8, "no_rope_layers": []}})");
    EXPECT_EQ(kinds(m), (std::vector<PositionKind>{R, R, R, N, R, R, R, N}));
    EXPECT_EQ(m.layers[3].attention, AttentionKind::Full);
    EXPECT_EQ(m.layers[4].attention, AttentionKind::Chunked);
    EXPECT_INPUT_ERROR(read(R"({"model_type": "smollm3", "num_hidden_layers": 4,
        "hidden_size": 64, "num_attention_heads": 4, "no_rope_layers": []})"),
                       "no_rope_layers");
}

TEST(HfConfigRules, Llama4TemperatureTuningAsAnInteger) {
    // Llama4TextAttention: `if self.attn_temperature_tuning and not self.use_rope` (Python truth);
    // Llama 4 Scout configs in circulation say "attn_temperature_tuning": 4.
    auto noted = [](const char* value) {
        const ModelPositions m = read(std::string(R"({"model_type": "llama4_text",
            "num_hidden_layers": 4, "attn_temperature_tuning": )") +
                                      value + "}");
        for (const Bilingual& n : m.notes)
            if (n.en.find("attn_temperature_tuning") != std::string::npos) return true;
        return false;
    };
    EXPECT_TRUE(noted("4"));
    EXPECT_TRUE(noted("true"));
    EXPECT_FALSE(noted("0"));
    EXPECT_FALSE(noted("false"));
    EXPECT_INPUT_ERROR(noted(R"("yes")"), "attn_temperature_tuning");
}

TEST(HfConfigRules, LlavaTextConfigFallsBackOnLlamaConfigDefaults) {
    // LLaVA-1.5's text_config names only a few keys; LlamaConfig supplies hidden_size 4096 and
    // 32 heads (head 128) and 32 layers; rope_theta is transformers' default 10000.
    const ModelPositions m = read(R"({"model_type": "llava", "text_config": {
        "architectures": ["LlamaForCausalLM"], "max_position_embeddings": 4096,
        "model_type": "llama", "rms_norm_eps": 1e-05, "vocab_size": 32064}})");
    EXPECT_EQ(m.text_model_type, "llama");
    EXPECT_EQ(m.num_layers, 32);
    EXPECT_EQ(m.max_position_embeddings, 4096);
    EXPECT_EQ(m.ropes.at(0).head_dim, 128);
    EXPECT_EQ(m.ropes.at(0).base, 10000.0);
}

// Config classes whose default is partial rotary: a file that leaves the key out gets it.
// GPT-NeoX 0.25 of a 96-dim head (6144/64) turns 24 dims; StableLM 0.25 of 80 (2560/32) turns 20;
// Nemotron 0.5 of 128 turns 64. A rotary_pct in the file wins.
TEST(HfConfigRules, PartialRotaryDefaultsOfTheConfigClasses) {
    struct Case {
        const char* type;
        int hidden, heads, rotary;
    };
    for (const Case c : {Case{"gpt_neox", 6144, 64, 24}, Case{"stablelm", 2560, 32, 20},
                         Case{"nemotron", 6144, 48, 64}}) {
        const ModelPositions m = read(
            std::string(R"({"model_type": ")") + c.type + R"(", "hidden_size": )" +
            std::to_string(c.hidden) + R"(, "num_attention_heads": )" + std::to_string(c.heads) +
            R"(, "num_hidden_layers": 2, "max_position_embeddings": 2048})");
        EXPECT_EQ(m.ropes.at(0).rotary_dim, c.rotary) << c.type;
    }
    const ModelPositions full = read(R"({"model_type": "gpt_neox", "hidden_size": 512,
        "num_attention_heads": 8, "num_hidden_layers": 2, "max_position_embeddings": 2048,
        "rotary_pct": 1.0})");
    EXPECT_EQ(full.ropes.at(0).rotary_dim, 64);
}

TEST(HfConfigRules, Cohere2RopeOnlyInSlidingLayers) {
    // Cohere2Config: sliding_window_pattern 4 → full where (i + 1) % 4 == 0; RoPE in sliding
    // layers only; interleaved pairs.
    const ModelPositions m = read(R"({"model_type": "cohere2", "num_hidden_layers": 6,
        "hidden_size": 256, "num_attention_heads": 2, "sliding_window": 512,
        "rope_theta": 50000})");
    EXPECT_EQ(kinds(m), (std::vector<PositionKind>{R, R, R, N, R, R}));
    EXPECT_EQ(m.layers[0].window, 512);
    EXPECT_EQ(m.ropes.at(0).style, RopeStyle::Interleaved);
}

TEST(HfConfigRules, PerLayerTypeRopeParameters) {
    // transformers 5's Gemma 3: one block per layer type; the top-level rope_theta is the
    // default for a block without one (standardize_rope_params).
    const ModelPositions m = read(R"({"model_type": "gemma3_text", "num_hidden_layers": 3,
        "sliding_window_pattern": 3, "hidden_size": 64, "num_attention_heads": 1,
        "head_dim": 16, "sliding_window": 32, "rope_theta": 7000.0,
        "rope_parameters": {
            "full_attention": {"rope_type": "linear", "factor": 8.0, "rope_theta": 1000000.0},
            "sliding_attention": {"rope_type": "default"}}})");
    const RopeScheme& sliding = m.ropes.at(m.layers.at(0).rope);
    const RopeScheme& full = m.ropes.at(m.layers.at(2).rope);
    EXPECT_EQ(sliding.base, 7000.0);
    EXPECT_EQ(sliding.scaling.type, RopeScalingType::None);
    EXPECT_EQ(full.base, 1e6);
    EXPECT_EQ(full.scaling.factor, 8.0);
    EXPECT_EQ(full.scaling.block, "rope_parameters.full_attention");
    // θ_1 of the full layers: 1e6^(-2/16) / 8.
    EXPECT_NEAR(full.encoding().frequencies(1).inverse_frequencies[1], std::pow(1e6, -0.125) / 8,
                1e-16);
}

TEST(HfConfigRules, PerLayerTypeBlockForNoPELayersIsAccepted) {
    // standardize_rope_params reads rope_parameters per layer type when its keys are a subset of
    // layer_types, RoPE or not. Cohere 2 (pattern 4): layers 0-2 slide with RoPE, layer 3 is a
    // NoPE full-attention layer; its block is accepted and serves no layer.
    const ModelPositions m = read(R"({"model_type": "cohere2", "num_hidden_layers": 4,
        "hidden_size": 256, "num_attention_heads": 2, "sliding_window": 512,
        "rope_parameters": {
            "sliding_attention": {"rope_type": "default", "rope_theta": 50000.0},
            "full_attention": {"rope_type": "default", "rope_theta": 50000.0}}})");
    EXPECT_EQ(kinds(m), (std::vector<PositionKind>{R, R, R, N}));
    ASSERT_EQ(m.ropes.size(), 1u);
    const RopeScheme& sliding = m.ropes.at(m.layers.at(0).rope);
    EXPECT_EQ(sliding.layer_type, "sliding_attention");
    EXPECT_EQ(sliding.base, 50000.0);
    EXPECT_EQ(sliding.style, RopeStyle::Interleaved);
    // θ_1 of a 128-dim head (256 / 2 heads): 50000^(-2/128).
    EXPECT_DOUBLE_EQ(sliding.encoding().frequencies(1).inverse_frequencies[1],
                     std::pow(50000.0, -2.0 / 128));
    // The NoPE layers' block is still checked, and a layer type the model lacks is refused.
    EXPECT_INPUT_ERROR(read(R"({"model_type": "cohere2", "num_hidden_layers": 4,
        "hidden_size": 256, "num_attention_heads": 2, "sliding_window": 512,
        "rope_parameters": {"sliding_attention": {"rope_type": "default"},
                            "full_attention": {"rope_type": "linear"}}})"),
                       "rope_parameters.full_attention.factor");
    EXPECT_INPUT_ERROR(read(R"({"model_type": "cohere2", "num_hidden_layers": 4,
        "hidden_size": 256, "num_attention_heads": 2, "sliding_window": 512,
        "rope_parameters": {"sliding_attention": {"rope_type": "default"},
                            "chunked_attention": {"rope_type": "default"}}})"),
                       "rope_parameters.chunked_attention");
}

TEST(HfConfigRules, RopeTypeWinsOverTheLegacyType) {
    // modeling_rope_utils.py rope_config_validation reads rope_scaling.get("rope_type",
    // rope_scaling.get("type", "default")); transformers 5's standardize_rope_params the same.
    // The legacy "type" is not read when rope_type is there.
    const ModelPositions vl = read(R"({"model_type": "qwen2_5_vl", "hidden_size": 256,
        "num_attention_heads": 2, "rope_theta": 1000000.0, "rope_scaling": {"type": "mrope",
        "rope_type": "default", "mrope_section": [16, 24, 24]}})");
    const RopeScheme& r = vl.ropes.at(0);
    EXPECT_EQ(r.scaling.type, RopeScalingType::None);
    EXPECT_EQ(r.mrope_section, (std::vector<int>{16, 24, 24}));  // 64 pairs = 128 / 2
    // Default frequencies of a 128-dim head: θ_1 = 1e6^(-2/128).
    EXPECT_DOUBLE_EQ(r.encoding().frequencies(1).inverse_frequencies[1], std::pow(1e6, -2.0 / 128));
    // Even when the two disagree: rope_type linear ×4 is read, type yarn ignored.
    const ModelPositions llama = read(R"({"model_type": "llama", "hidden_size": 64,
        "num_attention_heads": 4, "rope_scaling": {"type": "yarn", "rope_type": "linear",
        "factor": 4.0}})");
    EXPECT_EQ(llama.ropes.at(0).scaling.type, RopeScalingType::Linear);
    EXPECT_EQ(llama.ropes.at(0).scaling.factor, 4.0);
    // θ_1 of a 16-dim head: 10000^(-2/16) / 4.
    EXPECT_DOUBLE_EQ(llama.ropes.at(0).encoding().frequencies(1).inverse_frequencies[1],
                     std::pow(10000.0, -2.0 / 16) / 4);
    // Only "type": still read, as before transformers 4.43.
    const ModelPositions legacy = read(R"({"model_type": "llama", "hidden_size": 64,
        "num_attention_heads": 4, "rope_scaling": {"type": "linear", "factor": 2.0}})");
    EXPECT_EQ(legacy.ropes.at(0).scaling.type, RopeScalingType::Linear);
}

TEST(HfConfigRules, GemmaTwoAlternatesAndQwenSlidesFromMaxWindowLayers) {
    const ModelPositions gemma2 = read(R"({"model_type": "gemma2", "num_hidden_layers": 4,
        "hidden_size": 64, "num_attention_heads": 1, "head_dim": 16})");
    EXPECT_EQ(gemma2.layers[0].attention, AttentionKind::Sliding);  // even layers slide
    EXPECT_EQ(gemma2.layers[0].window, 4096);                       // Gemma2Config default
    EXPECT_EQ(gemma2.layers[1].attention, AttentionKind::Full);
    const ModelPositions qwen = read(R"({"model_type": "qwen2", "num_hidden_layers": 4,
        "hidden_size": 64, "num_attention_heads": 4, "use_sliding_window": true,
        "sliding_window": 256, "max_window_layers": 2, "max_position_embeddings": 1024})");
    EXPECT_EQ(qwen.layers[1].attention, AttentionKind::Full);
    EXPECT_EQ(qwen.layers[2].attention, AttentionKind::Sliding);
}

TEST(HfConfigRules, MlaScalesAndPairings) {
    // DeepSeek-V2-Lite's yarn: mscale 0.707 = mscale_all_dim: attention factor 1; softmax
    // scale (0.1·0.707·ln 40 + 1)². rope_interleave false keeps rotate_half.
    const ModelPositions v2 = read(R"({"model_type": "deepseek_v2", "hidden_size": 2048,
        "num_attention_heads": 16, "qk_rope_head_dim": 64, "qk_nope_head_dim": 128,
        "max_position_embeddings": 163840, "rope_theta": 10000,
        "rope_scaling": {"type": "yarn", "factor": 40, "beta_fast": 32, "beta_slow": 1,
                         "mscale": 0.707, "mscale_all_dim": 0.707,
                         "original_max_position_embeddings": 4096}})");
    const RopeScheme& r = v2.ropes.at(0);
    EXPECT_EQ(r.style, RopeStyle::Interleaved);
    EXPECT_DOUBLE_EQ(r.encoding().frequencies(1).attention_factor, 1.0);
    EXPECT_NEAR(r.softmax_scale, std::pow(0.1 * 0.707 * std::log(40.0) + 1, 2), 1e-14);
    // mscale 1 over mscale_all_dim 0.5: (0.1·ln 4 + 1) / (0.05·ln 4 + 1).
    const ModelPositions v3 = read(R"({"model_type": "kimi_k2", "hidden_size": 1024,
        "num_attention_heads": 8, "qk_rope_head_dim": 32, "rope_interleave": false,
        "max_position_embeddings": 16384,
        "rope_scaling": {"type": "yarn", "factor": 4, "mscale": 1.0, "mscale_all_dim": 0.5,
                         "original_max_position_embeddings": 4096}})");
    const RopeScheme& k = v3.ropes.at(0);
    EXPECT_EQ(k.style, RopeStyle::Half);
    EXPECT_EQ(k.qk_head_dim, 32 + 128);  // DeepseekV3Config's qk_nope_head_dim default 128
    EXPECT_NEAR(k.encoding().frequencies(1).attention_factor,
                (0.1 * std::log(4.0) + 1) / (0.05 * std::log(4.0) + 1), 1e-15);
}

// A family posviz does not list, built on DeepSeek's MLA code: interleaved pairs on the
// qk_rope_head_dim part, as the listed MLA families.
TEST(HfConfigRules, UnlistedMlaFamilyInterleaves) {
    const ModelPositions m = read(R"({"model_type": "deepseek_v32", "hidden_size": 2048,
        "num_attention_heads": 16, "qk_rope_head_dim": 64, "qk_nope_head_dim": 128,
        "num_hidden_layers": 2, "max_position_embeddings": 4096, "rope_theta": 10000})");
    EXPECT_EQ(m.ropes.at(0).style, RopeStyle::Interleaved);
    EXPECT_EQ(m.ropes.at(0).rotary_dim, 64);
}

TEST(HfConfigRules, GptJRotaryDimAndGlmHalfInterleaved) {
    const ModelPositions gptj = read(R"({"model_type": "gptj", "n_embd": 4096, "n_head": 16,
        "rotary_dim": 64, "n_positions": 2048, "n_layer": 2})");
    EXPECT_EQ(gptj.ropes.at(0).head_dim, 256);
    EXPECT_EQ(gptj.ropes.at(0).rotary_dim, 64);
    EXPECT_EQ(gptj.ropes.at(0).encoding().rotary_dim(), 64);
    EXPECT_EQ(gptj.ropes.at(0).style, RopeStyle::Interleaved);
    EXPECT_EQ(gptj.max_position_embeddings, 2048);
    // GlmConfig: partial_rotary_factor 0.5 by default → 64 of 128 dims, interleaved.
    const ModelPositions glm = read(R"({"model_type": "glm4", "hidden_size": 4096,
        "num_attention_heads": 32, "head_dim": 128, "rope_theta": 10000.0})");
    EXPECT_EQ(glm.ropes.at(0).rotary_dim, 64);
    EXPECT_EQ(glm.ropes.at(0).style, RopeStyle::Interleaved);
}

TEST(HfConfigRules, UnknownOrMissingModelTypeWithRopeKeysIsLlamaLike) {
    for (const char* type : {R"("model_type": "my_decoder", )", ""}) {
        const ModelPositions m = read(std::string("{") + type +
                                      R"("hidden_size": 64, "num_attention_heads": 4,
                                         "rope_theta": 20000.0})");
        EXPECT_EQ(m.ropes.at(0).head_dim, 16) << type;
        EXPECT_EQ(m.ropes.at(0).base, 20000.0);
        EXPECT_EQ(m.ropes.at(0).style, RopeStyle::Half);
    }
    EXPECT_INPUT_ERROR(read(R"({"hidden_size": 64, "num_attention_heads": 4})"), "model_type");
    EXPECT_INPUT_ERROR(read(R"({"model_type": "my_decoder", "hidden_size": 64})"), "model_type");
    EXPECT_INPUT_ERROR(read(R"({"model_type": "llava", "text_config": {"model_type": "mystery"}})"),
                       "text_config.model_type");
}

TEST(HfConfigRules, AlibiFamilies) {
    // BLOOM, 16 heads: 2^(-8k/16) = 2^(-k/2), k = 1 … 16.
    const ModelPositions bloom = read(R"({"model_type": "bloom", "n_head": 16, "n_layer": 2})");
    ASSERT_EQ(bloom.kind, PositionKind::Alibi);
    ASSERT_EQ(bloom.alibi_slopes.size(), 16u);
    EXPECT_DOUBLE_EQ(bloom.alibi_slopes[0], std::pow(2.0, -0.5));
    EXPECT_NEAR(bloom.alibi_slopes[15], std::pow(2.0, -8.0), 1e-15);
    // MPT, 6 heads, alibi_bias_max 8: _gen_slopes pads to 8 heads, 2^-1 … 2^-8, and takes the
    // odd-numbered ones first: 2^-2, 2^-4, 2^-6, 2^-8, 2^-1, 2^-3.
    const ModelPositions mpt = read(R"({"model_type": "mpt", "n_heads": 6, "d_model": 384,
        "max_seq_len": 2048, "attn_config": {"alibi": true, "alibi_bias_max": 8}})");
    ASSERT_EQ(mpt.kind, PositionKind::Alibi);
    const double expected[] = {0.25, 1.0 / 16, 1.0 / 64, 1.0 / 256, 0.5, 0.125};
    for (int h = 0; h < 6; ++h) EXPECT_DOUBLE_EQ(mpt.alibi_slopes[h], expected[h]) << h;
    EXPECT_EQ(mpt.max_position_embeddings, 2048);
    EXPECT_EQ(read(R"({"model_type": "falcon", "alibi": true, "num_attention_heads": 8,
                       "hidden_size": 512})")
                  .kind,
              PositionKind::Alibi);
    EXPECT_EQ(read(R"({"model_type": "falcon", "alibi": false, "num_attention_heads": 8,
                       "hidden_size": 512})")
                  .kind,
              PositionKind::Rope);
    // Baichuan: 40 layers is the 13B model (ALiBi), 32 the 7B (RoPE).
    EXPECT_EQ(read(R"({"model_type": "baichuan", "num_hidden_layers": 40, "hidden_size": 5120,
                       "num_attention_heads": 40, "model_max_length": 4096})")
                  .kind,
              PositionKind::Alibi);
    EXPECT_EQ(read(R"({"model_type": "baichuan", "num_hidden_layers": 32, "hidden_size": 4096,
                       "num_attention_heads": 32})")
                  .kind,
              PositionKind::Rope);
}

TEST(HfConfigRules, LearnedTablesAndTheirOffsets) {
    // OPTLearnedPositionalEmbedding: max_position_embeddings + 2 rows, position m at row m + 2.
    const ModelPositions opt = read(R"({"model_type": "opt", "max_position_embeddings": 2048,
        "hidden_size": 768, "num_hidden_layers": 12})");
    EXPECT_EQ(opt.kind, PositionKind::LearnedAbsolute);
    EXPECT_EQ(opt.table_rows, 2050);
    EXPECT_EQ(opt.table_offset, 2);
    EXPECT_EQ(opt.max_position_embeddings, 2048);
    EXPECT_EQ(opt.table_tensors, std::vector<std::string>{"decoder.embed_positions.weight"});
    // RoBERTa counts from padding_idx + 1 = 2: 514 rows hold 512 positions.
    const ModelPositions roberta = read(R"({"model_type": "roberta", "pad_token_id": 1,
        "max_position_embeddings": 514, "hidden_size": 768})");
    EXPECT_EQ(roberta.table_offset, 2);
    EXPECT_EQ(roberta.max_position_embeddings, 512);
    const ModelPositions bart = read(R"({"model_type": "bart", "max_position_embeddings": 1024,
        "d_model": 1024})");
    EXPECT_EQ(bart.table_rows, 1026);
    EXPECT_EQ(bart.table_dim, 1024);
    const ModelPositions relative = read(R"({"model_type": "bert", "hidden_size": 64,
        "position_embedding_type": "relative_key"})");
    EXPECT_EQ(relative.kind, PositionKind::LearnedRelative);
}

TEST(HfConfigRules, ChoosingALayer) {
    const ModelPositions m = read(R"({"model_type": "smollm3", "num_hidden_layers": 8,
        "hidden_size": 64, "num_attention_heads": 4})");
    EXPECT_EQ(choose_layer(m, 7, ""), 7);
    EXPECT_INPUT_ERROR(choose_layer(m, 8, ""), "--layer");
    EXPECT_INPUT_ERROR(choose_layer(m, -1, "sliding"), "--layer-type");  // none slide
    EXPECT_INPUT_ERROR(choose_layer(m, -1, "global"), "--layer-type");
    const ModelPositions no_count = read(R"({"model_type": "mistral", "hidden_size": 64,
        "num_attention_heads": 4})");
    EXPECT_EQ(no_count.layers.size(), 1u);
    EXPECT_EQ(choose_layer(no_count, -1, ""), 0);
    EXPECT_INPUT_ERROR(choose_layer(no_count, 0, ""), "--layer");
}

TEST(HfConfigRules, RejectsBadNewFields) {
    EXPECT_INPUT_ERROR(read(R"({"model_type": "gemma3", "text_config": [1]})"), "text_config");
    const std::string mla = R"({"model_type": "deepseek_v3", "hidden_size": 1024,
                                "num_attention_heads": 8, )";
    EXPECT_INPUT_ERROR(read(mla + R"("qk_rope_head_dim": 33})"), "qk_rope_head_dim");  // odd
    EXPECT_INPUT_ERROR(read(mla + R"("qk_rope_head_dim": 256, "qk_nope_head_dim": null,
                                    "head_dim": 128})"),
                       "qk_rope_head_dim");  // larger than the 128-dim head
    EXPECT_INPUT_ERROR(read(R"({"model_type": "smollm3", "num_hidden_layers": 4,
        "hidden_size": 64, "num_attention_heads": 4, "no_rope_layers": [1, 1, 0]})"),
                       "no_rope_layers");
    EXPECT_INPUT_ERROR(read(R"({"model_type": "smollm3", "num_hidden_layers": 2,
        "hidden_size": 64, "num_attention_heads": 4, "no_rope_layers": [1, 2]})"),
                       "no_rope_layers[1]");
    EXPECT_INPUT_ERROR(read(R"({"model_type": "qwen2_5_vl", "hidden_size": 256,
        "num_attention_heads": 2, "rope_scaling": {"type": "mrope",
        "mrope_section": [16, 24, 16]}})"),
                       "rope_scaling.mrope_section");  // 56 pairs, not 64
    EXPECT_INPUT_ERROR(read(R"({"model_type": "gpt_oss", "hidden_size": 64,
        "num_attention_heads": 4, "num_hidden_layers": 2, "rope_theta": 10000,
        "layer_types": ["full_attention", "global"]})"),
                       "layer_types[1]");
    EXPECT_INPUT_ERROR(read(R"({"model_type": "gpt_oss", "hidden_size": 64,
        "num_attention_heads": 4, "num_hidden_layers": 3, "rope_theta": 10000,
        "layer_types": ["full_attention"]})"),
                       "layer_types");
    EXPECT_INPUT_ERROR(read(R"({"model_type": "mpt", "n_heads": 4, "attn_config": 1})"),
                       "attn_config");
    EXPECT_INPUT_ERROR(read(R"({"model_type": "llama", "hidden_size": 64,
        "num_attention_heads": 4, "rope_parameters": {"sliding_attention": {}}})"),
                       "rope_parameters.sliding_attention");  // a model without sliding layers
    // Hostile sizes are refused before anything is allocated or overflows.
    EXPECT_INPUT_ERROR(read(R"({"model_type": "llama", "hidden_size": 64,
        "num_attention_heads": 4, "num_hidden_layers": 2147483647})"),
                       "num_hidden_layers");
    EXPECT_INPUT_ERROR(read(mla + R"("qk_rope_head_dim": 64, "qk_nope_head_dim": 2147483647})"),
                       "qk_nope_head_dim");
    EXPECT_INPUT_ERROR(read(R"({"model_type": "roberta", "hidden_size": 8,
        "max_position_embeddings": 514, "pad_token_id": 18446744073709551615})"),
                       "pad_token_id");
    EXPECT_INPUT_ERROR(read(R"({"model_type": "opt", "hidden_size": 8,
        "max_position_embeddings": 2147483647})"),
                       "max_position_embeddings");
    EXPECT_INPUT_ERROR(read(R"({"model_type": "qwen2_vl", "hidden_size": 256,
        "num_attention_heads": 2, "rope_scaling": {"type": "mrope",
        "mrope_section": [2147483647, 2147483647, 2]}})"),
                       "rope_scaling.mrope_section");
}

}  // namespace
}  // namespace posviz
