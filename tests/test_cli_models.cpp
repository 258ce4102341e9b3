// Real models through the real binary: --model-config, --model, --layer/--layer-type, describe
// and the --rope-scaling flags.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "core/formats/npy.h"
#include "run_posviz.h"

namespace posviz {
namespace {

using testing::make_temp_dir;
using testing::run_posviz;

const std::string kConfigs = std::string(POSVIZ_TEST_DATA_DIR) + "/hf-configs/";

NpyArray export_npy(const std::string& args) {
    const std::string path = make_temp_dir() + "/out.npy";
    const auto r = run_posviz(args + " -o " + path);
    EXPECT_EQ(r.status, 0) << args << "\n" << r.err;
    return read_npy(path);
}

TEST(CliModels, Llama31WavelengthsFollowTheLlama3Rule) {
    // llama-3.1-8b.json: head_dim 4096/32 = 128, rope_theta 500000, llama3 scaling with factor 8,
    // low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings 8192.
    const NpyArray w =
        export_npy("export wavelengths --model-config " + kConfigs + "llama-3.1-8b.json");
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
    for (int i = 0; i < 8; ++i)
        EXPECT_NEAR(w.data[i * 3 + 1], std::pow(10000.0, -2.0 * i / 16) / 4.0, 1e-15);
}

TEST(CliModels, PartialRotaryFromPhi2HasRotaryDimOverTwoRows) {
    // phi-2: hidden 2560 / 32 heads = 80, partial_rotary_factor 0.4 -> rotary_dim 32 -> 16 pairs.
    const NpyArray w = export_npy("export wavelengths --model-config " + kConfigs + "phi-2.json");
    ASSERT_EQ(w.shape, (std::vector<int64_t>{16, 3}));
    EXPECT_NEAR(w.data[1 * 3 + 1], std::pow(10000.0, -2.0 / 32), 1e-15);
}

TEST(CliModels, T5ConfigGivesItsBuckets) {
    const NpyArray b = export_npy("export buckets --seq-len 8 --bidirectional --model-config " +
                                  kConfigs + "t5-small.json");
    // Bidirectional, 32 buckets -> 16 per direction; n - m = +1 -> 16 + 1 = 17, n - m = -1 -> 1.
    EXPECT_EQ(b.data[0 * 8 + 1], 17.0);
    EXPECT_EQ(b.data[1 * 8 + 0], 1.0);
}

TEST(CliModels, NonRopeModelIsDescribedNotMisread) {
    const auto r =
        run_posviz("export wavelengths --model-config " + kConfigs + "gpt2.json -o /tmp/x.npy");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("learned absolute"), std::string::npos) << r.err;
}

TEST(CliModels, BadScalingFlagsAreRejected) {
    const std::string dir = make_temp_dir();
    for (const char* args :
         {"--rope-scaling bogus", "--rope-scaling linear --factor nan",
          "--rope-scaling linear --factor -2", "--rope-scaling llama3 --factor 8",
          "--rope-scaling yarn --factor 4 --beta-fast 0"}) {
        const auto r =
            run_posviz(std::string("export wavelengths ") + args + " -o " + dir + "/w.npy");
        EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
        EXPECT_NE(r.err.find("--"), std::string::npos) << r.err;
        EXPECT_FALSE(testing::file_exists(dir + "/w.npy")) << args;
    }
    const auto missing =
        run_posviz("export wavelengths --model-config /nonexistent.json -o " + dir + "/w.npy");
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
    EXPECT_NEAR(scalings.data[10 * 7 + 2],
                8 * 2 * std::numbers::pi / std::pow(500000.0, -20.0 / 128), 1e-6);
    const NpyArray envelopes =
        export_npy("export extrapolation --seq-len 256 --dim 16 --content ones");
    ASSERT_EQ(envelopes.shape, (std::vector<int64_t>{256, 7}));
    // q = k = ones: the plain-RoPE logit at r is 2·Σ_i cos(r·θ_i) / √16 (rope_extension.h).
    for (int r : {0, 7, 200}) {
        double sum = 0.0;
        for (int i = 0; i < 8; ++i) sum += std::cos(r * std::pow(10000.0, -2.0 * i / 16));
        EXPECT_NEAR(envelopes.data[r * 7 + 1], std::abs(2 * sum / 4.0), 1e-9) << r;
    }
    EXPECT_EQ(export_npy("export pca --encoding sinusoidal --seq-len 50").shape,
              (std::vector<int64_t>{50, 3}));
}

}  // namespace
}  // namespace posviz

// Current families through the real binary (configs in tests/data/hf-configs, SOURCES.md), and
// --model with model folders the tests write: every byte of their .safetensors files is written
// here, float32 values chosen to be exact.
namespace posviz {
namespace {

// θ_i = base^(-2i/d).
double plain(double base, int i, int d) {
    return std::pow(base, -2.0 * i / d);
}

TEST(CliModels, DeepSeekExportsItsRopeHalfOfEachHead) {
    // qk_rope_head_dim 64: 32 pairs (hidden 7168 / 128 heads would give 28). yarn ×40 over 4096
    // with beta 32/1: by hand, pairs up to 10 keep θ, pairs from 23 on are θ / 40, pair 16 is
    // (6/13) of the way.
    const NpyArray w =
        export_npy("export wavelengths --model-config " + kConfigs + "deepseek-v3.json");
    ASSERT_EQ(w.shape, (std::vector<int64_t>{32, 3}));
    EXPECT_NEAR(w.data[5 * 3 + 1], plain(1e4, 5, 64), 1e-15);
    EXPECT_NEAR(w.data[30 * 3 + 1], plain(1e4, 30, 64) / 40, 1e-18);
    const double ramp = 6.0 / 13;
    EXPECT_NEAR(w.data[16 * 3 + 1], plain(1e4, 16, 64) * (ramp / 40 + 1 - ramp), 1e-16);
}

TEST(CliModels, Gemma3ShowsItsFullLayerUnlessToldOtherwise) {
    const std::string config = " --model-config " + kConfigs + "gemma-3-4b-it.json";
    const std::string dir = make_temp_dir();
    const auto full = run_posviz("export wavelengths" + config + " -o " + dir + "/full.npy");
    ASSERT_EQ(full.status, 0) << full.err;
    EXPECT_NE(full.err.find("figures show layer 5"), std::string::npos) << full.err;
    const NpyArray f = read_npy(dir + "/full.npy");
    ASSERT_EQ(f.shape, (std::vector<int64_t>{128, 3}));  // head_dim 256 (Gemma3TextConfig)
    EXPECT_NEAR(f.data[10 * 3 + 1], plain(1e6, 10, 256) / 8, 1e-16);  // rope_theta, linear ×8
    for (const char* choice : {" --layer-type sliding", " --layer 0", " --layer 33"}) {
        const NpyArray s = export_npy("export wavelengths" + config + choice);
        EXPECT_NEAR(s.data[10 * 3 + 1], plain(1e4, 10, 256), 1e-16) << choice;  // local base
    }
}

TEST(CliModels, NoPELayerShowsNoPEAndSaysSo) {
    // SmolLM3 layer 3 has no RoPE: q = k = ones of D = 128 give the logit 128 / sqrt(128).
    const std::string dir = make_temp_dir();
    const auto r = run_posviz("export scores --seq-len 4 --content ones --layer 3 --model-config " +
                              kConfigs + "smollm3-3b.json -o " + dir + "/s.npy");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("layer 3 has no positional encoding"), std::string::npos) << r.err;
    const NpyArray s = read_npy(dir + "/s.npy");
    for (double v : s.data) EXPECT_NEAR(v, std::sqrt(128.0), 1e-12);
}

TEST(CliModels, AlibiModelsDrawTheirSlopes) {
    // BLOOM with 4 heads: slopes 2^-2, 2^-4, 2^-6, 2^-8; head 1's symmetric bias is -|m-n|/16.
    const std::string dir = make_temp_dir();
    std::ofstream(dir + "/config.json") << R"({"model_type": "bloom", "n_head": 4, "n_layer": 2})";
    const NpyArray b =
        export_npy("export bias --seq-len 3 --head 1 --model-config " + dir + "/config.json");
    ASSERT_EQ(b.shape, (std::vector<int64_t>{3, 3}));
    EXPECT_EQ(b.data[0 * 3 + 2], -2.0 / 16);
    EXPECT_EQ(b.data[1 * 3 + 1], 0.0);
}

TEST(CliModels, DynamicTakesItsLengthFromTheOriginalOrNamesMaxPos) {
    // No --max-pos: dynamic scales against --original-max-pos 2048; at L = 128 < 2048 the base
    // is unchanged (base · (2·2048/2048 − 1)^(d/(d−2)) = base).
    const NpyArray w = export_npy(
        "export wavelengths --dim 16 --rope-scaling dynamic --factor 2 --original-max-pos 2048");
    for (int i = 0; i < 8; ++i) EXPECT_NEAR(w.data[i * 3 + 1], plain(1e4, i, 16), 1e-15) << i;
    const std::string dir = make_temp_dir();
    const auto r = run_posviz("export wavelengths --dim 16 --rope-scaling dynamic --factor 2 -o " +
                              dir + "/w.npy");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--max-pos"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("max_position_embeddings: got 0"), std::string::npos) << r.err;
    EXPECT_FALSE(testing::file_exists(dir + "/w.npy"));
}

TEST(CliModels, DescribePrintsTheLayersAndJson) {
    const auto text = run_posviz("describe --model-config " + kConfigs + "gemma-3-4b-it.json");
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("gemma3 (language model: gemma3_text), 34 layers"), std::string::npos)
        << text.out;
    // Five sliding layers and a full one, repeated: a row per kind of layer (34 layers: the
    // sliding runs 0-4 … 30-33 hold 5·5 + 4 = 29 layers, the full ones 5, 11, …, 29 are 5).
    EXPECT_NE(
        text.out.find("0-4, 6-10, …, 30-33 (29)  sliding 1024  RoPE θ 10000, 256 of 256 dims"),
        std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("5, 11, …, 29 (5)          full          RoPE θ 1000000, 256 of 256 "
                            "dims, rotate_half pairs, linear ×8"),
              std::string::npos)
        << text.out;
    const auto json = run_posviz("describe --json --model-config " + kConfigs + "smollm3-3b.json");
    ASSERT_EQ(json.status, 0) << json.err;
    EXPECT_NE(json.out.find("\"kind\": \"nope\""), std::string::npos) << json.out;
    EXPECT_NE(json.out.find("\"num_layers\": 36"), std::string::npos);
    const auto none = run_posviz("describe");
    EXPECT_EQ(none.status, 2);
    EXPECT_NE(none.err.find("--model-config"), std::string::npos) << none.err;
}

TEST(CliModels, BadModelOptionsAreRefusedAndNothingIsWritten) {
    const std::string dir = make_temp_dir();
    std::ofstream(dir + "/bad.json") << R"({"model_type": "gemma3", "text_config": 3})";
    const std::pair<std::string, std::string> cases[] = {
        {"--layer 61 --model-config " + kConfigs + "deepseek-v3.json", "--layer: got 61"},
        {"--layer-type sliding --model-config " + kConfigs + "deepseek-v3.json", "--layer-type"},
        {"--layer 2", "--layer"},
        {"--model-config " + dir + "/bad.json", "text_config: got 3"},
        {"--model " + dir, "it has no config.json"},
        {"--model-config " + kConfigs + "gpt2.json --model " + dir, "--model"},
    };
    for (const auto& [args, message] : cases) {
        const auto r = run_posviz("export wavelengths " + args + " -o " + dir + "/w.npy");
        EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
        EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
        EXPECT_FALSE(testing::file_exists(dir + "/w.npy")) << args;
    }
}

TEST(CliModels, NoPELayerForAFrequencyFigureNamesTheLayer) {
    // SmolLM3's no_rope_layers [1, 1, 1, 0] × 9: layer 3 has no RoPE, so no frequencies to
    // draw. The refusal names --layer, which the user gave, not --encoding, which they did not.
    const std::string dir = make_temp_dir();
    const auto r = run_posviz("export wavelengths --layer 3 --model-config " + kConfigs +
                              "smollm3-3b.json -o " + dir + "/w.npy");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--layer: got 3 (layer 3 of smollm3 has no RoPE)"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("a layer with RoPE for the wavelengths figure: 0-2, 4-6, 8-10, 12-14, "
                         "16-18, 20-22, 24-26, 28-30, 32-34"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("--encoding"), std::string::npos) << r.err;
    EXPECT_FALSE(testing::file_exists(dir + "/w.npy"));
    // EXAONE 4's full-attention layers are all NoPE (layer_types LLLG): --layer-type full is
    // named, with the layer it chose; a picture is refused the same way.
    const auto full = run_posviz("export wavelengths --layer-type full --model-config " + kConfigs +
                                 "exaone-4.0-32b.json -o " + dir + "/w.png");
    EXPECT_EQ(full.status, 2) << full.err;
    EXPECT_NE(full.err.find("--layer-type: got full (layer 3 of exaone4, its first full layer, "
                            "has no RoPE)"),
              std::string::npos)
        << full.err;
    EXPECT_NE(full.err.find(": 0-2, 4-6, "), std::string::npos) << full.err;
    EXPECT_NE(full.err.find("60-62 (choose one with --layer N)"), std::string::npos) << full.err;
    EXPECT_EQ(full.err.find("--encoding"), std::string::npos) << full.err;
    EXPECT_FALSE(testing::file_exists(dir + "/w.png"));
    // A NoPE layer still draws the figures that need no frequencies (scores, as above), and an
    // explicit --encoding keeps its own refusal.
    const std::string smollm3 = " --model-config " + kConfigs + "smollm3-3b.json";
    const auto explicit_nope = run_posviz("export wavelengths --encoding nope --layer 3" + smollm3 +
                                          " -o " + dir + "/w.npy");
    EXPECT_EQ(explicit_nope.status, 2);
    EXPECT_NE(explicit_nope.err.find("--encoding: got nope"), std::string::npos)
        << explicit_nope.err;
}

TEST(CliModels, BadLayerFieldsAreRefusedThroughTheBinary) {
    // The library refuses these (HfConfigRules.RejectsBadNewFields); through the binary: exit 2,
    // the field named with its value and what is allowed, and nothing written.
    const std::string dir = make_temp_dir();
    const std::pair<std::string, std::string> cases[] = {
        // MLA: RoPE turns dims in pairs, so qk_rope_head_dim must be even.
        {R"({"model_type": "deepseek_v3", "hidden_size": 1024, "num_attention_heads": 8,
             "qk_rope_head_dim": 33})",
         "qk_rope_head_dim: got 33; expected an even number"},
        // SmolLM3Config keeps no_rope_layers as given: one flag per layer, 4 here.
        {R"({"model_type": "smollm3", "num_hidden_layers": 4, "hidden_size": 64,
             "num_attention_heads": 4, "no_rope_layers": [1, 1, 0]})",
         "no_rope_layers: got 3 entries; expected 4 entries, one per layer"},
        // A 256 / 2 = 128-dim head turns 64 pairs; 16 + 24 + 16 = 56.
        {R"({"model_type": "qwen2_5_vl", "hidden_size": 256, "num_attention_heads": 2,
             "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 16]}})",
         "rope_scaling.mrope_section: got [16,24,16] (56 pairs); expected sections adding up to "
         "rotary_dim / 2 = 64 pairs"},
    };
    for (const auto& [config, message] : cases) {
        std::ofstream(dir + "/config.json") << config;
        const auto r = run_posviz("export wavelengths --model-config " + dir + "/config.json -o " +
                                  dir + "/w.npy");
        EXPECT_EQ(r.status, 2) << config << "\n" << r.err;
        EXPECT_NE(r.err.find(message), std::string::npos) << config << "\n" << r.err;
        EXPECT_FALSE(testing::file_exists(dir + "/w.npy")) << config;
    }
}

// A float32 little-endian, as safetensors stores F32.
std::string f32(double value) {
    const uint32_t bits = std::bit_cast<uint32_t>(float(value));
    std::string out(4, '\0');
    for (int i = 0; i < 4; ++i) out[i] = char((bits >> (8 * i)) & 0xff);
    return out;
}

// A .safetensors file of F32 tensors, each (name, rows, cols, value of [r, c]).
struct Tensor {
    std::string name;
    int rows, cols;
    double (*value)(int, int);
};
void write_safetensors(const std::string& path, const std::vector<Tensor>& tensors) {
    std::string header = "{", data;
    for (const Tensor& t : tensors) {
        const size_t begin = data.size();
        for (int r = 0; r < t.rows; ++r)
            for (int c = 0; c < t.cols; ++c) data += f32(t.value(r, c));
        header += (header.size() > 1 ? ", \"" : "\"") + t.name +
                  R"(": {"dtype": "F32", "shape": [)" + std::to_string(t.rows) + ", " +
                  std::to_string(t.cols) + R"(], "data_offsets": [)" + std::to_string(begin) +
                  ", " + std::to_string(data.size()) + "]}";
    }
    header += "}";
    std::string length(8, '\0');
    for (int i = 0; i < 8; ++i) length[i] = char((uint64_t(header.size()) >> (8 * i)) & 0xff);
    std::ofstream(path, std::ios::binary) << length << header << data;
}

// Position table entries: row r, column c holds r + c/8 (exact in float32).
double table_value(int r, int c) {
    return r + c / 8.0;
}
double other_value(int, int) {
    return -1.0;
}

std::string gpt2_folder() {
    const std::string dir = make_temp_dir();
    std::ofstream(dir + "/config.json")
        << R"({"model_type": "gpt2", "n_positions": 8, "n_embd": 4, "n_layer": 1, "n_head": 1})";
    write_safetensors(dir + "/model.safetensors", {{"transformer.wte.weight", 3, 4, other_value},
                                                   {"transformer.wpe.weight", 8, 4, table_value}});
    return dir;
}

TEST(CliModels, ModelFolderDrawsGpt2sTable) {
    const NpyArray pe = export_npy("export pe --seq-len 8 --model " + gpt2_folder());
    ASSERT_EQ(pe.shape, (std::vector<int64_t>{8, 4}));
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 4; ++c) EXPECT_EQ(pe.data[r * 4 + c], table_value(r, c)) << r << c;
    // --encoding says otherwise: the model's width, a sinusoidal table.
    const NpyArray sin =
        export_npy("export pe --seq-len 2 --encoding sinusoidal --model " + gpt2_folder());
    EXPECT_EQ(sin.shape, (std::vector<int64_t>{2, 4}));
}

TEST(CliModels, OnlyThePositionTableIsRead) {
    // A 1 GiB weight before the table (a sparse hole on disk): reading the header and the table's
    // 128 bytes keeps the process far below the gigabyte a whole-file read would take.
    const std::string dir = make_temp_dir();
    std::ofstream(dir + "/config.json")
        << R"({"model_type": "gpt2", "n_positions": 8, "n_embd": 4})";
    const uint64_t big = uint64_t(1) << 30;
    std::string header =
        R"({"h.0.attn.weight": {"dtype": "F32", "shape": [16384, 16384], )"
        R"("data_offsets": [0, )" +
        std::to_string(big) +
        R"(]}, "wpe.weight": {"dtype": "F32", "shape": [8, 4], "data_offsets": [)" +
        std::to_string(big) + ", " + std::to_string(big + 128) + "]}}";
    std::string length(8, '\0');
    for (int i = 0; i < 8; ++i) length[i] = char((uint64_t(header.size()) >> (8 * i)) & 0xff);
    {
        std::ofstream out(dir + "/model.safetensors", std::ios::binary);
        out << length << header;
        out.seekp(std::streamoff(8 + header.size() + big));
        for (int r = 0; r < 8; ++r)
            for (int c = 0; c < 4; ++c) out << f32(table_value(r, c));
    }
    const auto r = run_posviz("export pe --seq-len 8 --model " + dir + " -o " + dir + "/pe.npy");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_LT(r.max_rss_kb, testing::rss_budget_kb(256 * 1024));
    EXPECT_EQ(read_npy(dir + "/pe.npy").data[7 * 4 + 3], table_value(7, 3));
}

TEST(CliModels, OptTableStartsAtRowTwoAndShardsAreFollowed) {
    // OPT: max_position_embeddings 6, a table of 8 rows; position m is row m + 2. The weights
    // are sharded: the index sends the table to the second shard.
    const std::string dir = make_temp_dir();
    std::ofstream(dir + "/config.json")
        << R"({"model_type": "opt", "max_position_embeddings": 6, "hidden_size": 4})";
    write_safetensors(dir + "/model-00001-of-00002.safetensors",
                      {{"model.decoder.embed_tokens.weight", 3, 4, other_value}});
    write_safetensors(dir + "/model-00002-of-00002.safetensors",
                      {{"model.decoder.embed_positions.weight", 8, 4, table_value}});
    std::ofstream(dir + "/model.safetensors.index.json") << R"({"metadata": {}, "weight_map": {
        "model.decoder.embed_tokens.weight": "model-00001-of-00002.safetensors",
        "model.decoder.embed_positions.weight": "model-00002-of-00002.safetensors"}})";
    const NpyArray pe = export_npy("export pe --seq-len 6 --model " + dir);
    ASSERT_EQ(pe.shape, (std::vector<int64_t>{6, 4}));
    for (int m = 0; m < 6; ++m)
        for (int c = 0; c < 4; ++c) EXPECT_EQ(pe.data[m * 4 + c], table_value(m + 2, c)) << m;

    // The index naming a shard that is not there.
    std::ofstream(dir + "/model.safetensors.index.json") << R"({"weight_map": {
        "model.decoder.embed_positions.weight": "model-00003-of-00002.safetensors"}})";
    const auto missing =
        run_posviz("export pe --seq-len 6 --model " + dir + " -o " + dir + "/pe.npy");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("model-00003-of-00002.safetensors\", which is not a file"),
              std::string::npos)
        << missing.err;
    EXPECT_FALSE(testing::file_exists(dir + "/pe.npy"));
}

TEST(CliModels, CacheLayoutAndWrongShapes) {
    // huggingface_hub's cache: models--org--name/refs/main names snapshots/<hash>/.
    const std::string cache = make_temp_dir() + "/models--openai--tiny";
    const std::string snapshot = cache + "/snapshots/0123abcd";
    std::filesystem::create_directories(snapshot);
    std::filesystem::create_directories(cache + "/refs");
    std::ofstream(cache + "/refs/main") << "0123abcd";
    std::filesystem::copy(gpt2_folder(), snapshot, std::filesystem::copy_options::recursive);
    const NpyArray pe = export_npy("export pe --seq-len 3 --model " + cache);
    EXPECT_EQ(pe.data[2 * 4 + 1], table_value(2, 1));
    const auto described = run_posviz("describe --model " + cache);
    EXPECT_EQ(described.status, 0) << described.err;
    EXPECT_NE(described.out.find("learned absolute table, 8 positions × 4"), std::string::npos)
        << described.out;

    // A table of the wrong width: the config says n_embd 4, the tensor has 3 columns.
    const std::string dir = make_temp_dir();
    std::ofstream(dir + "/config.json")
        << R"({"model_type": "gpt2", "n_positions": 8, "n_embd": 4})";
    write_safetensors(dir + "/model.safetensors", {{"wpe.weight", 8, 3, table_value}});
    const auto wrong = run_posviz("export pe --model " + dir + " -o " + dir + "/pe.npy");
    EXPECT_EQ(wrong.status, 2);
    EXPECT_NE(wrong.err.find("wpe.weight of shape [8, 3]"), std::string::npos) << wrong.err;
    EXPECT_NE(wrong.err.find("[8, 4]"), std::string::npos) << wrong.err;
    EXPECT_FALSE(testing::file_exists(dir + "/pe.npy"));
}

}  // namespace
}  // namespace posviz
