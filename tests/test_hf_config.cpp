// config.json reading: the configs of tests/data/hf-configs from before transformers 4.5x (Llama,
// Qwen2.5, Mistral, Phi, GPT-2, BERT, T5) and hand-written configs for each rule and each bad
// input. Expectations come from reading each file by hand (values quoted in comments) and from
// closed forms; the Phi-3.5 longrope frequencies are from
// tests/reference/rope_scaling_reference.py. The current families' published configs are tested in
// test_hf_config_models.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <numbers>

#include "core/formats/hf_config.h"
#include "expect_input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

std::string test_config(const std::string& name) {
    return std::string(POSVIZ_TEST_DATA_DIR) + "/hf-configs/" + name;
}

// Writes `json` to a fresh temp dir and returns its path.
std::string write_config(const std::string& json) {
    std::string path = testing::make_temp_dir() + "/config.json";
    std::ofstream(path) << json;
    return path;
}

// The one RoPE of a model with a single scheme.
const RopeScheme& only_rope(const ModelPositions& m) {
    EXPECT_EQ(m.ropes.size(), 1u);
    return m.ropes.at(0);
}

TEST(HfConfig, Llama31UsesLlama3Scaling) {
    ModelPositions m = read_hf_config(test_config("llama-3.1-8b.json"));
    EXPECT_EQ(m.model_type, "llama");
    ASSERT_TRUE(m.has_rope());
    EXPECT_EQ(m.num_layers, 32);
    EXPECT_EQ(m.max_position_embeddings, 131072);
    EXPECT_EQ(m.training_length, 8192);
    const RopeScheme& c = only_rope(m);
    EXPECT_EQ(c.head_dim, 128);  // no head_dim key: hidden_size 4096 / 32 heads
    EXPECT_EQ(c.rotary_dim, 128);
    EXPECT_EQ(c.base, 500000.0);
    EXPECT_EQ(c.style, RopeStyle::Half);
    const RopeScaling& s = c.scaling;
    EXPECT_EQ(s.type, RopeScalingType::Llama3);
    EXPECT_EQ(s.factor, 8.0);
    EXPECT_EQ(s.low_freq_factor, 1.0);
    EXPECT_EQ(s.high_freq_factor, 4.0);
    EXPECT_EQ(s.original_max_position_embeddings, 8192);

    Vector theta = c.encoding().frequencies(1).inverse_frequencies;
    ASSERT_EQ(theta.size(), 64);
    EXPECT_EQ(theta[0], 1.0);  // wavelength 2π: far below 8192/4, unchanged
    // Pair 63: wavelength > 8192, divided by the factor 8.
    EXPECT_NEAR(theta[63], std::pow(500000.0, -126.0 / 128.0) / 8.0, 1e-20);
    // Pair 29: wavelength ≈ 2403, in the smooth band [2048, 8192] (Llama 3's apply_scaling).
    double raw = std::pow(500000.0, -58.0 / 128.0);
    double smooth = (8192.0 / (2.0 * std::numbers::pi / raw) - 1.0) / (4.0 - 1.0);
    EXPECT_NEAR(theta[29], (1.0 - smooth) * raw / 8.0 + smooth * raw, 1e-15);
}

TEST(HfConfig, Llama2HasNoRopeThetaKey) {
    ModelPositions m = read_hf_config(test_config("llama-2-7b.json"));
    const RopeScheme& c = only_rope(m);
    EXPECT_EQ(c.head_dim, 128);
    EXPECT_EQ(c.base, 10000.0);  // transformers' default_theta
    EXPECT_EQ(m.max_position_embeddings, 4096);
    EXPECT_EQ(m.training_length, 0);                   // not stated
    EXPECT_EQ(c.scaling.type, RopeScalingType::None);  // "rope_scaling": null
}

TEST(HfConfig, Qwen25AndMistral) {
    ModelPositions qwen_model = read_hf_config(test_config("qwen2.5-7b.json"));
    const RopeScheme& qwen = only_rope(qwen_model);
    EXPECT_EQ(qwen.head_dim, 128);  // 3584 / 28
    EXPECT_EQ(qwen.base, 1e6);
    EXPECT_EQ(qwen_model.max_position_embeddings, 131072);
    EXPECT_EQ(qwen.scaling.type, RopeScalingType::None);
    // "use_sliding_window": false: every layer is full attention.
    for (const LayerPositions& l : qwen_model.layers) EXPECT_EQ(l.attention, AttentionKind::Full);
    // theta_1 = 1e6^(-2/128) = 10^(-6/64).
    EXPECT_NEAR(qwen.encoding().frequencies(1).inverse_frequencies[1], std::pow(10.0, -6.0 / 64.0),
                1e-15);

    ModelPositions mistral = read_hf_config(test_config("mistral-7b-v0.1.json"));
    EXPECT_EQ(mistral.model_type, "mistral");
    EXPECT_EQ(only_rope(mistral).head_dim, 128);
    EXPECT_EQ(only_rope(mistral).base, 10000.0);
    EXPECT_EQ(mistral.max_position_embeddings, 32768);
    // MistralAttention slides sliding_window 4096 in every layer.
    ASSERT_EQ(mistral.layers.size(), 32u);
    for (const LayerPositions& l : mistral.layers) {
        EXPECT_EQ(l.attention, AttentionKind::Sliding);
        EXPECT_EQ(l.window, 4096);
    }
}

TEST(HfConfig, Phi2PartialRotary) {
    ModelPositions m = read_hf_config(test_config("phi-2.json"));
    const RopeScheme& c = only_rope(m);
    EXPECT_EQ(c.head_dim, 80);  // 2560 / 32
    EXPECT_EQ(c.partial_rotary_factor, 0.4);
    EXPECT_EQ(c.rotary_dim, 32);  // int(80 * 0.4)
    RopeEncoding rope = c.encoding();
    EXPECT_EQ(rope.dim, 80);
    EXPECT_EQ(rope.rotary_dim(), 32);
    EXPECT_EQ(rope.style, RopeStyle::Half);
    Vector theta = rope.frequencies(1).inverse_frequencies;
    ASSERT_EQ(theta.size(), 16);
    EXPECT_NEAR(theta[15], std::pow(10000.0, -30.0 / 32.0), 1e-18);
}

TEST(HfConfig, Phi35LongRope) {
    ModelPositions m = read_hf_config(test_config("phi-3.5-mini-instruct.json"));
    EXPECT_EQ(m.model_type, "phi3");
    // sliding_window 262144 outreaches max_position_embeddings 131072: full attention.
    EXPECT_EQ(m.layers.at(0).attention, AttentionKind::Full);
    const RopeScheme& c = only_rope(m);
    EXPECT_EQ(c.head_dim, 96);  // 3072 / 32
    EXPECT_EQ(c.rotary_dim, 96);
    const RopeScaling& s = c.scaling;
    EXPECT_EQ(s.type, RopeScalingType::LongRope);         // written with the legacy key "type"
    EXPECT_EQ(s.original_max_position_embeddings, 4096);  // top-level key
    EXPECT_EQ(s.max_position_embeddings, 131072);
    ASSERT_EQ(s.short_factor.size(), 48u);
    ASSERT_EQ(s.long_factor.size(), 48u);
    EXPECT_EQ(s.short_factor[1], 1.0199999809265137);
    EXPECT_EQ(s.long_factor[47], 64.83999633789062);

    // Reference script, "longrope Phi-3.5-mini seq_len 4096/4097 (indices 0, 1, 20, 47)".
    RopeEncoding rope = c.encoding();
    const int idx[] = {0, 1, 20, 47};
    const double short_expected[] = {1.0, 0.8092198046104523, 0.011645594269833658,
                                     4.2659433051390916e-05};
    const double long_expected[] = {0.9259258891329368, 0.7436073645320989, 0.0006610722392653191,
                                    1.8684881663397117e-06};
    RopeFrequencies at_4096 = rope.frequencies(4096);
    RopeFrequencies at_4097 = rope.frequencies(4097);
    for (int k = 0; k < 4; ++k) {
        EXPECT_NEAR(at_4096.inverse_frequencies[idx[k]], short_expected[k],
                    1e-12 * short_expected[k]);
        EXPECT_NEAR(at_4097.inverse_frequencies[idx[k]], long_expected[k],
                    1e-12 * long_expected[k]);
    }
    // factor = 131072 / 4096 = 32 = 2^5, ln 32 / ln 4096 = 5/12.
    EXPECT_NEAR(at_4096.attention_factor, std::sqrt(1.0 + 5.0 / 12.0), 1e-15);
}

TEST(HfConfig, ModelsWithoutRope) {
    ModelPositions gpt2 = read_hf_config(test_config("gpt2.json"));
    EXPECT_FALSE(gpt2.has_rope());
    EXPECT_EQ(gpt2.kind, PositionKind::LearnedAbsolute);
    EXPECT_EQ(gpt2.max_position_embeddings, 1024);  // n_positions
    EXPECT_EQ(gpt2.table_rows, 1024);
    EXPECT_EQ(gpt2.table_dim, 768);  // n_embd
    EXPECT_EQ(gpt2.table_offset, 0);
    EXPECT_EQ(gpt2.table_tensors, std::vector<std::string>{"wpe.weight"});
    EXPECT_EQ(describe_positions(gpt2),
              "gpt2 uses learned absolute positions (a table of 1024 positions), not RoPE");

    ModelPositions bert = read_hf_config(test_config("bert-base-uncased.json"));
    EXPECT_EQ(bert.kind, PositionKind::LearnedAbsolute);
    EXPECT_EQ(bert.max_position_embeddings, 512);
    EXPECT_EQ(bert.table_tensors,
              std::vector<std::string>{"embeddings.position_embeddings.weight"});

    ModelPositions t5 = read_hf_config(test_config("t5-small.json"));
    EXPECT_EQ(t5.kind, PositionKind::T5RelativeBuckets);
    EXPECT_EQ(t5.relative_attention_num_buckets, 32);
    EXPECT_EQ(t5.relative_attention_max_distance, 128);  // absent: T5Config's default
    EXPECT_EQ(describe_positions(t5),
              "t5 uses T5 relative position buckets (32 buckets, max distance 128), not RoPE");
}

TEST(HfConfig, DescribesRopeModels) {
    EXPECT_EQ(describe_positions(read_hf_config(test_config("llama-3.1-8b.json"))),
              "llama uses RoPE: head_dim 128, rotary_dim 128, rope_theta 500000, rope_scaling "
              "llama3 (factor 8)");
    EXPECT_EQ(describe_positions(read_hf_config(test_config("phi-3.5-mini-instruct.json"))),
              "phi3 uses RoPE: head_dim 96, rotary_dim 96, rope_theta 10000, rope_scaling longrope "
              "(trained on 4096, extended to 131072 positions)");
}

TEST(HfConfig, LegacyTypeKeyAndYarnOptions) {
    ModelPositions linear_model = read_hf_config(write_config(
        R"({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4,
            "max_position_embeddings": 2048, "rope_scaling": {"type": "linear", "factor": 2.0}})"));
    const RopeScheme& linear = only_rope(linear_model);
    EXPECT_EQ(linear.head_dim, 16);
    EXPECT_EQ(linear.scaling.type, RopeScalingType::Linear);
    EXPECT_EQ(linear.scaling.factor, 2.0);

    // Qwen2.5's documented yarn block; beta_fast null means the default 32 (Python's `or`).
    ModelPositions yarn_model = read_hf_config(write_config(
        R"({"model_type": "qwen2", "hidden_size": 3584, "num_attention_heads": 28,
            "max_position_embeddings": 32768, "rope_theta": 1000000.0,
            "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "beta_fast": null,
                             "beta_slow": 2, "mscale": 0.5, "truncate": false,
                             "original_max_position_embeddings": 32768}})"));
    const RopeScheme& yarn = only_rope(yarn_model);
    EXPECT_EQ(yarn.scaling.type, RopeScalingType::Yarn);
    EXPECT_EQ(yarn.scaling.factor, 4.0);
    EXPECT_EQ(yarn.scaling.beta_fast, 32.0);
    EXPECT_EQ(yarn.scaling.beta_slow, 2.0);
    EXPECT_EQ(yarn.scaling.mscale, 0.5);
    EXPECT_FALSE(yarn.scaling.mscale_all_dim.has_value());
    EXPECT_FALSE(yarn.scaling.truncate);
    EXPECT_EQ(yarn.scaling.original_max_position_embeddings, 32768);
}

TEST(HfConfig, RopeParametersBlockOfTransformers5) {
    ModelPositions m = read_hf_config(write_config(
        R"({"model_type": "llama", "hidden_size": 256, "num_attention_heads": 2, "head_dim": 64,
            "max_position_embeddings": 4096, "rope_theta": 5.0,
            "rope_parameters": {"rope_type": "dynamic", "rope_theta": 20000.0, "factor": 3.0,
                                "partial_rotary_factor": 0.5}})"));
    const RopeScheme& c = only_rope(m);
    EXPECT_EQ(c.head_dim, 64);   // the head_dim key wins over 256 / 2
    EXPECT_EQ(c.base, 20000.0);  // rope_parameters' rope_theta wins
    EXPECT_EQ(c.partial_rotary_factor, 0.5);
    EXPECT_EQ(c.rotary_dim, 32);
    EXPECT_EQ(c.scaling.type, RopeScalingType::Dynamic);
    EXPECT_EQ(c.scaling.factor, 3.0);
    EXPECT_INPUT_ERROR(read_hf_config(write_config(
                           R"({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4,
                "rope_parameters": {"rope_type": "linear", "factor": 0.5}})")),
                       "rope_parameters.factor");
}

TEST(HfConfig, GptNeoxKeysAndPhi3Aliases) {
    ModelPositions neox_model = read_hf_config(write_config(
        R"({"model_type": "gpt_neox", "hidden_size": 512, "num_attention_heads": 8,
            "rotary_pct": 0.25, "rotary_emb_base": 10000, "max_position_embeddings": 2048})"));
    const RopeScheme& neox = only_rope(neox_model);
    EXPECT_EQ(neox.head_dim, 64);
    EXPECT_EQ(neox.rotary_dim, 16);
    EXPECT_EQ(neox.base, 10000.0);

    for (const char* alias : {"su", "yarn"}) {
        ModelPositions phi3_model = read_hf_config(write_config(
            std::string(R"({"model_type": "phi3", "hidden_size": 16, "num_attention_heads": 2,
                "max_position_embeddings": 8192, "original_max_position_embeddings": 2048,
                "rope_scaling": {"type": ")") +
            alias + R"(", "short_factor": [1, 2, 3, 4], "long_factor": [5, 6, 7, 8]}})"));
        const RopeScheme& phi3 = only_rope(phi3_model);
        EXPECT_EQ(phi3.scaling.type, RopeScalingType::LongRope) << alias;
        EXPECT_EQ(phi3.scaling.long_factor[3], 8.0);
    }
}

TEST(HfConfig, RejectsBadConfigs) {
    EXPECT_INPUT_ERROR(read_hf_config("/nonexistent/config.json"), "--model-config");
    EXPECT_INPUT_ERROR(read_hf_config(write_config(R"({"model_type": "llama",)")),
                       "--model-config");
    EXPECT_INPUT_ERROR(read_hf_config(write_config("[1, 2]")), "--model-config");
    // Neither a known model_type nor RoPE keys, with or without model_type.
    EXPECT_INPUT_ERROR(read_hf_config(write_config(R"({"hidden_size": 64})")), "model_type");
    EXPECT_INPUT_ERROR(read_hf_config(write_config(R"({"model_type": "mystery"})")), "model_type");

    const std::string head = R"({"model_type": "llama", "hidden_size": 64,
                                 "num_attention_heads": 4, "max_position_embeddings": 2048, )";
    auto bad = [&](const std::string& rest) { return write_config(head + rest + "}"); };
    EXPECT_INPUT_ERROR(read_hf_config(bad(R"("rope_theta": "big")")), "rope_theta");
    EXPECT_INPUT_ERROR(read_hf_config(bad(R"("rope_theta": 1.0)")), "rope_theta");
    EXPECT_INPUT_ERROR(read_hf_config(bad(R"("partial_rotary_factor": 1.5)")),
                       "partial_rotary_factor");
    EXPECT_INPUT_ERROR(read_hf_config(bad(R"("head_dim": 12.5)")), "head_dim");
    EXPECT_INPUT_ERROR(read_hf_config(bad(R"("head_dim": 7)")), "head_dim");  // odd rotary dim
    EXPECT_INPUT_ERROR(read_hf_config(bad(R"("rope_scaling": 8)")), "rope_scaling");
    // A rope_scaling block without rope_type is "default" in transformers 5 (it becomes
    // rope_parameters, and standardize_rope_params sets rope_type "default"): read, not refused.
    EXPECT_EQ(read_hf_config(bad(R"("rope_scaling": {"factor": 2.0})")).ropes.at(0).scaling.type,
              RopeScalingType::None);
    EXPECT_INPUT_ERROR(read_hf_config(bad(R"("rope_scaling": {"rope_type": "warp"})")),
                       "rope_scaling.rope_type");
    // rope_type wins over the legacy type (rope_config_validation): linear, which needs a factor.
    EXPECT_INPUT_ERROR(
        read_hf_config(bad(R"("rope_scaling": {"rope_type": "linear", "type": "dynamic"})")),
        "rope_scaling.factor");
    EXPECT_INPUT_ERROR(read_hf_config(bad(R"("rope_scaling": {"rope_type": "linear"})")),
                       "rope_scaling.factor");
    EXPECT_INPUT_ERROR(
        read_hf_config(bad(R"("rope_scaling": {"rope_type": "linear", "factor": "2"})")),
        "rope_scaling.factor");
    EXPECT_INPUT_ERROR(read_hf_config(bad(
                           R"("rope_scaling": {"rope_type": "llama3", "factor": 8.0,
                              "high_freq_factor": 4.0, "original_max_position_embeddings": 8192})")),
                       "rope_scaling.low_freq_factor");
    EXPECT_INPUT_ERROR(read_hf_config(bad(
                           R"("rope_scaling": {"rope_type": "llama3", "factor": 8.0,
                              "low_freq_factor": 1.0, "high_freq_factor": 4.0})")),
                       "rope_scaling.original_max_position_embeddings");
    // head_dim 16: longrope lists need 8 entries.
    EXPECT_INPUT_ERROR(read_hf_config(bad(
                           R"("rope_scaling": {"rope_type": "longrope", "factor": 4.0,
                              "short_factor": [1, 1], "long_factor": [1, 1]})")),
                       "rope_scaling.short_factor");
    EXPECT_INPUT_ERROR(
        read_hf_config(bad(R"("rope_scaling": {"rope_type": "longrope", "factor": 4.0,
                              "short_factor": 1, "long_factor": [1]})")),
        "rope_scaling.short_factor");
    EXPECT_INPUT_ERROR(read_hf_config(bad(
                           R"("rope_scaling": {"rope_type": "yarn", "factor": 4.0,
                              "truncate": "yes"})")),
                       "rope_scaling.truncate");
    EXPECT_INPUT_ERROR(read_hf_config(bad(R"("rope_scaling": {"rope_type": "longrope",
                              "short_factor": [1, 1, 1, 1, 1, 1, 1, 1],
                              "long_factor": [1, 1, 1, 1, 1, 1, 1, 1]})")),
                       "rope_scaling.factor");  // no factor and no original length
    // A per-layer-type block for a layer type this model does not have.
    EXPECT_INPUT_ERROR(read_hf_config(bad(R"("rope_parameters": {"full_attention": {},
                                             "sliding_attention": {}})")),
                       "rope_parameters.sliding_attention");
    EXPECT_INPUT_ERROR(read_hf_config(bad(R"("rope_parameters": {"full_attention": 4})")),
                       "rope_parameters.full_attention");
    EXPECT_INPUT_ERROR(read_hf_config(write_config(R"({"model_type": "mistral"})")), "hidden_size");
}

}  // namespace
}  // namespace posviz
