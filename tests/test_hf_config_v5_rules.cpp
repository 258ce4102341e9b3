// config.json read by transformers 5's rules beyond a family list: Python's JSON literals, where
// θ may live (rope_scaling, rope_parameters, top level), HunYuan's NTK alpha, Gemma 4's
// proportional RoPE, hybrid layer schedules (Mamba, conv, MLP layers), NoPE models, and the
// general rule for a model_type posviz does not list. Expected tables are worked out in the test
// from the formulas of transformers' code, cited at each test.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

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

Vector frequencies(const ModelPositions& m, int rope = 0) {
    return m.ropes.at(rope).encoding().frequencies(0).inverse_frequencies;
}

// A small Llama-like config with `extra` keys appended.
std::string llama(const std::string& extra) {
    return R"({"model_type": "llama", "hidden_size": 512, "num_attention_heads": 4,
               "num_hidden_layers": 2, "max_position_embeddings": 4096)" +
           (extra.empty() ? "" : ", " + extra) + "}";
}

TEST(HfConfigPythonJson, InfinityAndNaNAreReadAsPythonWritesThem) {
    // Nemotron-H's published config.json: "time_step_limit": [0.0, Infinity]. Python's json reads
    // NaN, Infinity and -Infinity; the key is not a position key, so the config reads whole.
    const ModelPositions m = read(
        llama(R"("time_step_limit": [0.0, Infinity], "x": -Infinity, "y": NaN, "s": "Infinity")"));
    EXPECT_EQ(m.ropes.at(0).base, 10000.0);
}

TEST(HfConfigPythonJson, OnlyPythonsLiteralsAreAccepted) {
    // Python's json.loads refuses each of these (it reads exactly NaN, Infinity, -Infinity).
    for (const char* bad : {"+Infinity", "inf", "nan", "-NaN", "NaNx", "Infinityy", "infinity"}) {
        SCOPED_TRACE(bad);
        EXPECT_INPUT_ERROR(read(llama(std::string(R"("x": )") + bad)), "--model-config");
    }
}

TEST(HfConfigPythonJson, InfinityWhereASizeOrThetaIsExpectedNamesTheField) {
    EXPECT_INPUT_ERROR(read(R"({"model_type": "llama", "hidden_size": 512,
        "num_attention_heads": 4, "num_hidden_layers": Infinity})"),
                       "num_hidden_layers");
    EXPECT_INPUT_ERROR(read(llama(R"("head_dim": NaN)")), "head_dim");
    EXPECT_INPUT_ERROR(read(llama(R"("rope_theta": Infinity)")), "rope_theta");
    EXPECT_INPUT_ERROR(
        read(llama(R"("rope_scaling": {"rope_type": "linear", "factor": Infinity})")),
        "rope_scaling.factor");
}

TEST(HfConfigThetaPlace, ThetaInsideRopeScalingWinsAsTransformers5ReadsIt) {
    // PreTrainedConfig.convert_rope_params_to_dict: rope_parameters = rope_scaling or
    // rope_parameters; rope_parameters.setdefault("rope_theta", kwargs.pop("rope_theta",
    // default_theta)). EXAONE 4.5 keeps its only θ there.
    const ModelPositions only_inside =
        read(llama(R"("rope_scaling": {"rope_type": "default", "rope_theta": 1000000.0})"));
    EXPECT_EQ(only_inside.ropes.at(0).base, 1e6);
    const ModelPositions both = read(llama(
        R"("rope_theta": 5000.0, "rope_scaling": {"rope_type": "default", "rope_theta": 2e6})"));
    EXPECT_EQ(both.ropes.at(0).base, 2e6);
    // A rope_scaling block without rope_type is "default" (standardize_rope_params' setdefault).
    const ModelPositions untyped = read(llama(R"("rope_scaling": {"rope_theta": 3e5})"));
    EXPECT_EQ(untyped.ropes.at(0).base, 3e5);
    EXPECT_EQ(untyped.ropes.at(0).scaling.type, RopeScalingType::None);
}

TEST(HfConfigThetaPlace, RopeScalingWinsOverRopeParameters) {
    // `self.rope_parameters = rope_scaling or self.rope_parameters`.
    const ModelPositions m =
        read(llama(R"("rope_parameters": {"rope_type": "default", "rope_theta": 7e4},
                 "rope_scaling": {"rope_type": "linear", "factor": 2.0, "rope_theta": 9e4})"));
    EXPECT_EQ(m.ropes.at(0).base, 9e4);
    EXPECT_EQ(m.ropes.at(0).scaling.type, RopeScalingType::Linear);
    // An empty rope_scaling is falsy: rope_parameters is read.
    const ModelPositions empty =
        read(llama(R"("rope_parameters": {"rope_type": "default", "rope_theta": 7e4},
                 "rope_scaling": {})"));
    EXPECT_EQ(empty.ropes.at(0).base, 7e4);
}

TEST(HfConfigHunYuan, DynamicWithAlphaIsStaticNtkOverTheWholeHead) {
    // HunYuanDenseV1RotaryEmbedding: rope_type dynamic and rope_scaling["alpha"]: dim = head_dim,
    // base = rope_theta · alpha^(dim/(dim-2)), inv_freq = base^(-2i/dim), attention scaling 1.
    const ModelPositions m = read(R"({"model_type": "hunyuan_v1_dense", "hidden_size": 4096,
        "num_attention_heads": 32, "head_dim": 128, "num_hidden_layers": 32,
        "max_position_embeddings": 32768, "rope_theta": 10000.0,
        "rope_scaling": {"type": "dynamic", "alpha": 1000.0, "factor": 1.0, "beta_fast": 32,
                         "beta_slow": 1, "mscale": 1.0, "mscale_all_dim": 1.0}})");
    const Vector inv = frequencies(m);
    ASSERT_EQ(inv.size(), 64);
    const double base = 10000.0 * std::pow(1000.0, 128.0 / 126.0);
    for (int i = 0; i < 64; ++i)
        EXPECT_NEAR(inv[i] / std::pow(base, -2.0 * i / 128.0), 1.0, 1e-12) << i;
    // The last pair turns ~1000× slower than without alpha: what the issue saw drawn wrong.
    EXPECT_NEAR(std::pow(10000.0, -126.0 / 128.0) / inv[63],
                std::pow(1000.0, 128.0 / 126.0 * 126.0 / 128.0), 1e-6 * 1000.0);
    EXPECT_EQ(m.ropes.at(0).encoding().frequencies(0).attention_factor, 1.0);
}

TEST(HfConfigHunYuan, AlphaMustBePositiveAndIsOnlyHunYuans) {
    const char* head = R"({"model_type": "hunyuan_v1_dense", "hidden_size": 512,
        "num_attention_heads": 4, "num_hidden_layers": 2, "max_position_embeddings": 4096,
        "rope_scaling": {"type": "dynamic", "factor": 1.0, "alpha": )";
    for (const char* bad : {"-1", "\"big\"", "NaN", "Infinity"}) {
        SCOPED_TRACE(bad);
        EXPECT_INPUT_ERROR(read(std::string(head) + bad + "}}"), "rope_scaling.alpha");
    }
    // Llama's rotary embedding never reads alpha: dynamic NTK by factor, as for any model.
    const ModelPositions m =
        read(llama(R"("rope_scaling": {"rope_type": "dynamic", "factor": 2.0, "alpha": 1000.0})"));
    EXPECT_EQ(m.ropes.at(0).scaling.type, RopeScalingType::Dynamic);
}

TEST(HfConfigProportional, TurnsAShareOfThePairsAtTheWholeHeadsExponent) {
    // _compute_proportional_rope_parameters: rope_angles = int(0.25 · 256 // 2) = 32 pairs turn
    // at base^(-2i/256); the other 96 pairs of the 256-dim head are 0; all divided by factor.
    const ModelPositions m = read(R"({"model_type": "llama", "hidden_size": 1024,
        "num_attention_heads": 4, "head_dim": 256, "num_hidden_layers": 2,
        "max_position_embeddings": 8192,
        "rope_parameters": {"rope_type": "proportional", "rope_theta": 1000000.0,
                            "partial_rotary_factor": 0.25, "factor": 2.0}})");
    const Vector inv = frequencies(m);
    ASSERT_EQ(inv.size(), 128);
    for (int i = 0; i < 32; ++i)
        EXPECT_NEAR(inv[i] / (std::pow(1e6, -2.0 * i / 256.0) / 2.0), 1.0, 1e-12) << i;
    for (int i = 32; i < 128; ++i) EXPECT_EQ(inv[i], 0.0) << i;
}

TEST(HfConfigProportional, AZeroFrequencyExportsAsAnInfiniteWavelength) {
    const std::string dir = testing::make_temp_dir();
    std::ofstream(dir + "/config.json") << R"({"model_type": "llama", "hidden_size": 256,
        "num_attention_heads": 4, "head_dim": 64, "num_hidden_layers": 2,
        "max_position_embeddings": 8192,
        "rope_parameters": {"rope_type": "proportional", "rope_theta": 10000.0,
                            "partial_rotary_factor": 0.5}})";
    const testing::RunResult run = testing::run_posviz("export wavelengths --model-config " + dir +
                                                       "/config.json -o " + dir + "/w.csv");
    ASSERT_EQ(run.status, 0) << run.err;
    std::ifstream in(dir + "/w.csv");
    std::string header, line, last;
    std::getline(in, header);
    int rows = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        last = line;
        ++rows;
        // Pair 16 (the 17th row) is the first that does not turn: θ = 0, wavelength inf.
        if (rows == 17) {
            EXPECT_EQ(line, "16,0,inf");
        }
    }
    EXPECT_EQ(rows, 32);
    EXPECT_EQ(last, "31,0,inf");
}

std::vector<AttentionKind> attention(const ModelPositions& m) {
    std::vector<AttentionKind> out;
    for (const LayerPositions& l : m.layers) out.push_back(l.attention);
    return out;
}

constexpr AttentionKind F = AttentionKind::Full;
constexpr AttentionKind M = AttentionKind::Linear;
constexpr AttentionKind X = AttentionKind::None;

TEST(HfConfigHybrid, GraniteHybridWithNopeIsDescribedNotRefused) {
    // Granite 4.0-H: layer_types with the legacy names "mamba" and "attention"
    // (remap_legacy_layer_types), position_embedding_type "nope": no RoPE anywhere.
    const ModelPositions m = read(R"({"model_type": "granitemoehybrid", "hidden_size": 512,
        "num_attention_heads": 4, "num_hidden_layers": 4, "max_position_embeddings": 131072,
        "position_embedding_type": "nope", "rope_theta": 10000,
        "layer_types": ["mamba", "mamba", "attention", "mamba"]})");
    EXPECT_EQ(attention(m), (std::vector<AttentionKind>{M, M, F, M}));
    EXPECT_EQ(m.kind, PositionKind::NoPE);
    EXPECT_TRUE(m.ropes.empty());
    EXPECT_EQ(m.layers[0].mixer, "mamba");
    EXPECT_EQ(choose_layer(m, -1, ""), 2);  // the attention layer, not a Mamba one
    EXPECT_EQ(choose_layer(m, -1, "full"), 2);
    EXPECT_NE(describe_positions(m).find("NoPE"), std::string::npos) << describe_positions(m);
}

TEST(HfConfigHybrid, NemotronPatternBambaIndicesAndJambaPeriod) {
    // NemotronHConfig.hybrid_override_pattern: M Mamba, * attention, - MLP, E MoE.
    const ModelPositions nemotron = read(R"({"model_type": "llama", "hidden_size": 512,
        "num_attention_heads": 4, "num_hidden_layers": 5, "max_position_embeddings": 4096,
        "hybrid_override_pattern": "M-M*E"})");
    EXPECT_EQ(attention(nemotron), (std::vector<AttentionKind>{M, X, M, F, X}));
    EXPECT_EQ(nemotron.layers[3].kind, PositionKind::Rope);
    EXPECT_EQ(nemotron.layers[0].kind, PositionKind::NoPE);
    // BambaConfig.attn_layer_indices.
    const ModelPositions bamba = read(llama(R"("attn_layer_indices": [1])"));
    EXPECT_EQ(attention(bamba), (std::vector<AttentionKind>{M, F}));
    // JambaConfig: attention where i % attn_layer_period == attn_layer_offset.
    const ModelPositions jamba = read(R"({"model_type": "llama", "hidden_size": 512,
        "num_attention_heads": 4, "num_hidden_layers": 8, "attn_layer_period": 4,
        "attn_layer_offset": 2, "max_position_embeddings": 4096})");
    EXPECT_EQ(attention(jamba), (std::vector<AttentionKind>{M, M, F, M, M, M, F, M}));
    EXPECT_EQ(choose_layer(jamba, -1, ""), 2);
}

TEST(HfConfigHybrid, BadHybridKeysNameTheField) {
    EXPECT_INPUT_ERROR(read(llama(R"("layer_types": ["full_attention", "teleport"])")),
                       "layer_types[1]");
    EXPECT_INPUT_ERROR(read(llama(R"("hybrid_override_pattern": "M?")")),
                       "hybrid_override_pattern");
    EXPECT_INPUT_ERROR(read(llama(R"("hybrid_override_pattern": "M*M")")),
                       "hybrid_override_pattern");  // 3 letters for 2 layers
    EXPECT_INPUT_ERROR(read(llama(R"("attn_layer_indices": [2])")), "attn_layer_indices[0]");
    EXPECT_INPUT_ERROR(read(llama(R"("attn_layer_period": 4, "attn_layer_offset": 4)")),
                       "attn_layer_offset");
}

TEST(HfConfigUnknownType, IsReadByTheGeneralRuleWithTheAssumptionSaid) {
    const ModelPositions m = read(R"({"model_type": "brand_new_lm", "hidden_size": 512,
        "num_attention_heads": 8, "num_hidden_layers": 2, "max_position_embeddings": 4096})");
    EXPECT_EQ(m.ropes.at(0).base, 10000.0);  // Llama's default θ
    EXPECT_EQ(m.ropes.at(0).head_dim, 64);   // hidden_size / num_attention_heads
    EXPECT_EQ(m.ropes.at(0).style, RopeStyle::Half);
    EXPECT_NE(m.assumption.en.find("brand_new_lm"), std::string::npos);
    // Said on stderr and in the figure's subtitle.
    const std::string dir = testing::make_temp_dir();
    std::ofstream(dir + "/config.json") << R"({"model_type": "brand_new_lm", "hidden_size": 512,
        "num_attention_heads": 8, "num_hidden_layers": 2, "max_position_embeddings": 4096})";
    const testing::RunResult run = testing::run_posviz("export wavelengths --model-config " + dir +
                                                       "/config.json -o " + dir + "/w.npy");
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("brand_new_lm"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("Llama-like"), std::string::npos) << run.err;
}

TEST(HfConfigUnknownType, WithoutAnyPositionKeyIsRefusedSayingWhatIsMissing) {
    try {
        read(R"({"model_type": "vision_thing", "hidden_size": 512, "num_attention_heads": 8})");
        ADD_FAILURE() << "read";
    } catch (const InputError& e) {
        EXPECT_EQ(e.option, "model_type");
        EXPECT_NE(std::string(e.what()).find("no position keys"), std::string::npos) << e.what();
    }
}

TEST(HfConfigBadInput, UnknownRopeTypeAndLayerTypeBlocksTheModelLacks) {
    EXPECT_INPUT_ERROR(read(llama(R"("rope_scaling": {"rope_type": "warp", "factor": 2.0})")),
                       "rope_scaling.rope_type");
    EXPECT_INPUT_ERROR(read(llama(R"("rope_parameters": {"full_attention": {"rope_type": "default"},
                                          "sliding_attention": {"rope_type": "default"}})")),
                       "rope_parameters.sliding_attention");
    // int(head_dim · factor) odd: 128 · 0.3 = 38.4 → 38 is even; 100 · 0.33 = 33 is odd.
    EXPECT_INPUT_ERROR(read(R"({"model_type": "llama", "hidden_size": 400,
        "num_attention_heads": 4, "num_hidden_layers": 2, "partial_rotary_factor": 0.33})"),
                       "partial_rotary_factor");
}

}  // namespace
}  // namespace posviz

namespace posviz {
namespace {

ModelPositions published(const std::string& name) {
    return read_hf_config(std::string(POSVIZ_TEST_DATA_DIR) + "/hf-configs/" + name);
}

TEST(HfConfigAnalyses, DescribeGivesTheCriticalDimensionAndTheBaseBound) {
    // Llama 2 7B: d = 128, b = 10000, trained (max_position_embeddings) on 4096.
    // d_extra = 2⌈64·log_10000(4096/2π)⌉ = 2⌈64·0.70363⌉ = 2·46 = 92 (Liu et al. 2023, Table 1).
    const int d_extra = 2 * int(std::ceil(64.0 * std::log(4096.0 / (2 * M_PI)) / std::log(1e4)));
    ASSERT_EQ(d_extra, 92);
    const std::string text = describe_model_text(published("llama-2-7b.json"));
    EXPECT_NE(text.find("92 of 128 rotary dims (pairs 0-45)"), std::string::npos) << text;
    // Men et al. 2024, Table 1: b* ≈ 2.7·10⁴ for L = 4k at d = 128; 10000 lies below it, so f_b
    // turns negative somewhere below 4096.
    const nlohmann::json doc =
        nlohmann::json::parse(describe_model_json(published("llama-2-7b.json")));
    const nlohmann::json& bound = doc["analyses"]["base_bound"].at(0);
    EXPECT_EQ(bound["length"], 4096);
    EXPECT_NEAR(bound["smallest_base"].get<double>(), 2.7e4, 0.05 * 2.7e4);
    EXPECT_EQ(bound["meets_bound"], false);
    const long m = bound["first_negative_m"].get<long>();
    double f = 0;  // f_b(m) summed directly: negative there
    for (int i = 0; i < 64; ++i) f += std::cos(m * std::pow(1e4, -i / 64.0));
    EXPECT_LT(f, 0.0);
    EXPECT_EQ(doc["analyses"]["critical_dimension"]["dims"], 92);
}

TEST(HfConfigAnalyses, AHostileHeadCannotMakeDescribeHang) {
    // d = 32768 at L = 32768: the b* scan would be O(d·L²) ≈ 3.5·10¹³ steps; describe says it did
    // not scan instead, and returns at once.
    const ModelPositions m = read(R"({"model_type": "llama", "hidden_size": 32768,
        "num_attention_heads": 1, "head_dim": 32768, "num_hidden_layers": 1,
        "max_position_embeddings": 32768})");
    const auto start = std::chrono::steady_clock::now();
    const std::string text = describe_model_text(m);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    EXPECT_NE(text.find("b* not scanned at this d and L"), std::string::npos) << text;
    EXPECT_NE(text.find("not checked at this d and L"), std::string::npos) << text;
}

TEST(HfConfigAnalyses, ALargeBaseMeetsTheBoundAtItsTrainingLength) {
    // Llama 3.1 8B: θ 500000, trained on 8192 (rope_scaling.original_max_position_embeddings):
    // 500000 is far above b*(8192) ≈ 8.4·10⁴ (Men et al. Table 1 gives b*(8k) ≈ 8.4·10⁴).
    const nlohmann::json doc =
        nlohmann::json::parse(describe_model_json(published("llama-3.1-8b.json")));
    const nlohmann::json& bound = doc["analyses"]["base_bound"].at(0);
    EXPECT_EQ(bound["length"], 8192);
    EXPECT_EQ(bound["meets_bound"], true);
    EXPECT_NEAR(bound["smallest_base"].get<double>(), 8.4e4, 0.05 * 8.4e4);
    // Critical dimension at 8192: 2⌈64·log_500000(8192/2π)⌉.
    const int dims = 2 * int(std::ceil(64.0 * std::log(8192.0 / (2 * M_PI)) / std::log(5e5)));
    EXPECT_EQ(doc["analyses"]["critical_dimension"]["dims"], dims);
}

}  // namespace
}  // namespace posviz

namespace posviz {
namespace {

std::string data_2025(const std::string& name) {
    return std::string(POSVIZ_TEST_DATA_DIR) + "/hf-configs-2025/" + name;
}

TEST(HfConfigCli, ANoPEModelIsDescribedAndItsRopeFiguresRefusedSayingWhy) {
    // Nemotron-H's attention applies no rotary embedding (modeling_nemotron_h.py).
    const std::string config = data_2025("nemotron-3-nano-30b-a3b.json");
    const testing::RunResult described = testing::run_posviz("describe --model-config " + config);
    EXPECT_EQ(described.status, 0) << described.err;
    EXPECT_NE(described.out.find("mamba"), std::string::npos) << described.out;
    const std::string dir = testing::make_temp_dir();
    const testing::RunResult refused = testing::run_posviz("export wavelengths --model-config " +
                                                           config + " -o " + dir + "/w.png");
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find("no RoPE"), std::string::npos) << refused.err;
    EXPECT_FALSE(testing::file_exists(dir + "/w.png"));
}

TEST(HfConfigCli, BadConfigFieldsExitTwoNamingFileAndFieldWithNoFileLeft) {
    const std::string dir = testing::make_temp_dir();
    const std::pair<const char*, const char*> cases[] = {
        {R"("rope_scaling": {"rope_type": "warp", "factor": 2})", "rope_scaling.rope_type"},
        {R"("num_hidden_layers": Infinity)", "num_hidden_layers"},
        {R"("partial_rotary_factor": 0.33, "head_dim": 100)", "partial_rotary_factor"},
        {R"("rope_parameters": {"full_attention": {}, "chunked_attention": {}})",
         "rope_parameters.chunked_attention"},
    };
    for (const auto& [extra, field] : cases) {
        SCOPED_TRACE(extra);
        const std::string config = dir + "/config.json";
        std::ofstream(config) << R"({"model_type": "llama", "hidden_size": 400,
            "num_attention_heads": 4, "max_position_embeddings": 4096, )"
                              << (std::string(extra).find("num_hidden_layers") == std::string::npos
                                      ? R"("num_hidden_layers": 2, )"
                                      : "")
                              << extra << "}";
        const testing::RunResult run = testing::run_posviz("export wavelengths --model-config " +
                                                           config + " -o " + dir + "/w.csv");
        EXPECT_EQ(run.status, 2);
        EXPECT_NE(run.err.find(config), std::string::npos) << run.err;
        EXPECT_NE(run.err.find(field), std::string::npos) << run.err;
        EXPECT_FALSE(testing::file_exists(dir + "/w.csv"));
    }
}

}  // namespace
}  // namespace posviz
