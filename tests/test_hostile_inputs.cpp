// Hostile files and values (issue "never crash, never hang, never blow up memory"): each case an
// attacker found is refused with exit status 2 (or an InputError in process) naming its source,
// quickly and within a small memory bound, never a crash, a hang or an "internal error".
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "app/gui/files/settings.h"
#include "app/gui/storyline_names.h"
#include "app/storyline/preset.h"
#include "core/formats/hf_config.h"
#include "core/formats/npy.h"
#include "core/formats/safetensors.h"
#include "core/formats/scene_json.h"
#include "core/limits.h"
#include "expect_input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

namespace fs = std::filesystem;
using testing::run_posviz;

// Far below what any of these cases reached before (8-16 GB), far above posviz's ~100 MB start.
constexpr long kMaxRssKb = 400 * 1024;

std::string write(const std::string& dir, const std::string& name, const std::string& bytes) {
    const std::string path = dir + "/" + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

// 100,000 levels of '[': nlohmann recursed once per level when printing or destroying such a
// value, and overflowed the stack.
std::string deep_json() {
    return std::string(100000, '[') + std::string(100000, ']');
}

// A .safetensors file: 8-byte little-endian header length, the header, then `data`.
std::string safetensors(const std::string& header, const std::string& data) {
    std::string out(8, '\0');
    for (int i = 0; i < 8; ++i) out[size_t(i)] = char((header.size() >> (8 * i)) & 0xff);
    return out + header + data;
}

// A refused run: exit 2, an error message starting with `source`, no internal error, bounded
// memory. (Option syntax errors come from CLI11 without posviz's "posviz: error: " prefix.)
void expect_refused(const std::string& args, const std::string& source) {
    SCOPED_TRACE(args);
    const auto r = run_posviz(args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(r.err.starts_with("posviz: error: " + source) || r.err.starts_with(source))
        << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
    EXPECT_LT(r.max_rss_kb, testing::rss_budget_kb(kMaxRssKb));
}

TEST(HostileInputs, DeeplyNestedJsonInEveryReader) {
    const std::string dir = testing::make_temp_dir();
    const std::string deep = write(dir, "deep.json", deep_json());
    expect_refused("export wavelengths --model-config " + deep + " -o " + dir + "/w.csv",
                   "--model-config: got " + deep + " (JSON nested more than 64 levels deep)");
    const std::string tensors = write(dir, "deep.safetensors", safetensors(deep_json(), ""));
    expect_refused("export pe --encoding learned --dim 4 --seq-len 4 --table " + tensors + " -o " +
                       dir + "/pe.npy",
                   "--table");
    EXPECT_INPUT_ERROR(storyline::read_preset(deep), deep);
    EXPECT_INPUT_ERROR(scene_from_text(deep_json()), "scene");
    // Nesting within the bound still parses (and is then refused for what it is).
    EXPECT_INPUT_ERROR(scene_from_text(std::string(64, '[') + std::string(64, ']')), "scene");
}

TEST(HostileInputs, JsonNumbersOutOfRangeAndWrongTypes) {
    const std::string dir = testing::make_temp_dir();
    const std::string huge =
        write(dir, "huge.json", R"({"model_type": "llama", "rope_theta": 1e999})");
    expect_refused("export wavelengths --model-config " + huge + " -o " + dir + "/w.csv",
                   "--model-config");
    EXPECT_INPUT_ERROR(scene_from_text(R"({"base": 1e999})"), "scene");
    EXPECT_FALSE(fs::exists(dir + "/w.csv"));
}

TEST(HostileInputs, DirectoriesAndDevicesAreNotRead) {
    const std::string dir = testing::make_temp_dir();
    expect_refused("export wavelengths --model-config /dev/zero -o " + dir + "/w.csv",
                   "--model-config: got /dev/zero (a device, pipe or socket, not a regular file)");
    expect_refused("export wavelengths --model-config " + dir + " -o " + dir + "/w.csv",
                   "--model-config: got " + dir + " (a directory)");
    expect_refused(
        "export pe --encoding learned --dim 4 --seq-len 4 --table /tmp -o " + dir + "/pe.npy",
        "--table");
    expect_refused(
        "export pe --encoding learned --dim 4 --seq-len 4 --table /dev/zero -o " + dir + "/pe.npy",
        "--table");
    expect_refused(
        "export pe --encoding learned --dim 4 --seq-len 4 --table-tensor t --table "
        "/dev/zero.safetensors -o " +
            dir + "/pe.npy",
        "--table");
}

TEST(HostileInputs, NpyHeaderWithoutShapeTuple) {
    const std::string dir = testing::make_temp_dir();
    std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape':}";
    header.append(size_t(64 - (10 + header.size() + 1) % 64) % 64, ' ');
    header += '\n';
    const std::string npy =
        std::string("\x93NUMPY\x01\x00", 8) + char(header.size()) + char(0) + header;
    const std::string path = write(dir, "bad.npy", npy);
    expect_refused("export pe --encoding learned --dim 4 --seq-len 4 --table " + path + " -o " +
                       dir + "/pe.npy",
                   "--table");
}

TEST(HostileInputs, NonFiniteSafetensorsValuesAreRefusedLikeNpy) {
    const std::string dir = testing::make_temp_dir();
    const float values[4] = {0.5f, std::numeric_limits<float>::quiet_NaN(), 1.0f, 2.0f};
    const std::string path = write(
        dir, "nan.safetensors",
        safetensors(R"({"wpe.weight": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}})",
                    std::string(reinterpret_cast<const char*>(values), sizeof values)));
    try {
        read_safetensors_matrix(path, "wpe.weight", "--table");
        ADD_FAILURE() << "a NaN was accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.option, "--table");
        EXPECT_NE(std::string(e.what()).find("non-finite value at [0, 1]"), std::string::npos)
            << e.what();
    }
}

TEST(HostileInputs, SizesThatWouldBlowUpMemory) {
    const std::string dir = testing::make_temp_dir();
    const std::string config =
        write(dir, "wide.json",
              R"({"model_type": "llama", "head_dim": 2147483646, "hidden_size": 4096,)"
              R"( "num_attention_heads": 32})");
    expect_refused("export wavelengths --model-config " + config + " -o " + dir + "/w.csv",
                   config + ": head_dim: got 2147483646; expected at most 32768");
    expect_refused("export wavelengths -D 2147483646 -o " + dir + "/w.csv",
                   "--dim: got 2147483646");
    // 500000 × 2000 doubles is 8 GB: over the budget before anything is allocated.
    expect_refused("export pe --encoding sinusoidal -L 500000 -D 2000 -o " + dir + "/pe.npy",
                   "--seq-len: got 500000 with --dim 2000");
    expect_refused("export scores -L 2147483647 -o " + dir + "/s.npy",
                   "--seq-len: got 2147483647; expected a sequence length from 1 to 1048576");
    expect_refused("export scores --encoding shaw -L 1073741825 -o " + dir + "/s.npy",
                   "--seq-len: got 1073741825");
    EXPECT_TRUE(fs::is_empty(dir + "/") || !fs::exists(dir + "/w.csv"));
    EXPECT_FALSE(fs::exists(dir + "/pe.npy"));
}

TEST(HostileInputs, OptionsThatWereSilentlyBent) {
    const std::string dir = testing::make_temp_dir();
    const std::string out = " -o " + dir + "/c.csv";
    expect_refused("export curves --encoding sinusoidal --seed -1" + out, "--seed");
    expect_refused("export curves --encoding sinusoidal --seed 18446744073709551616" + out,
                   "--seed");
    EXPECT_EQ(
        run_posviz("export curves --encoding sinusoidal --seed 18446744073709551615" + out).status,
        0);
    expect_refused("export curves --encoding sinusoidal --dims ''" + out, "--dims");
    const auto base = run_posviz("export wavelengths --base -1e308" + out);
    EXPECT_EQ(base.status, 2);
    EXPECT_NE(base.err.find("--base: got -1e+308"), std::string::npos) << base.err;
    EXPECT_LT(base.err.size(), 200u) << base.err;  // not a 300-digit number
}

TEST(HostileInputs, PresetValuesAreCheckedAsTheyLoad) {
    const std::string dir = testing::make_temp_dir();
    const auto preset = [&](const std::string& scene) {
        return write(dir, "p.json", R"({"scene": )" + scene + "}");
    };
    EXPECT_INPUT_ERROR(storyline::read_preset(preset(R"({"heads": 1073741825})")),
                       "p.json.scene.heads");
    EXPECT_INPUT_ERROR(storyline::read_preset(preset(R"({"heads": -2147483648})")),
                       "p.json.scene.heads");
    EXPECT_INPUT_ERROR(storyline::read_preset(preset(R"({"seq_len": 1000000000})")),
                       "p.json.scene.seq_len");
    EXPECT_INPUT_ERROR(storyline::read_preset(preset(R"({"dim": 2147483000})")),
                       "p.json.scene.dim");
    // D = 63 for RoPE used to become 64 without a word.
    EXPECT_INPUT_ERROR(storyline::read_preset(preset(R"({"encoding": "rope", "dim": 63})")),
                       "p.json.scene.dim");
    EXPECT_NO_THROW(storyline::read_preset(preset(R"({"encoding": "alibi", "dim": 63})")));
    // The largest legal values load (the views must cope with them).
    EXPECT_NO_THROW(storyline::read_preset(
        preset(R"({"seq_len": )" + std::to_string(limits::kMaxSeqLen) + R"(, "heads": 1024})")));
}

TEST(HostileInputs, BadSettingsAreMovedAsideOnce) {
    const std::string dir = testing::make_temp_dir();
    for (const std::string& text :
         {deep_json(), std::string(R"({"last": {"scene": {"seq_len": 1000000000}}})"),
          std::string(R"({"width": 1e999})"), std::string("\x01\x02 not json")}) {
        const std::string path = write(dir, "settings.json", text);
        const gui::LoadedSettings first = gui::load_settings(path);
        EXPECT_NE(first.problem.find("kept as " + path + ".bad"), std::string::npos)
            << first.problem;
        EXPECT_EQ(first.settings.width, gui::Settings{}.width);
        EXPECT_FALSE(fs::exists(path));
        EXPECT_EQ(testing::read_file(path + ".bad"), text);
        // The next start finds no file and starts clean.
        EXPECT_TRUE(gui::load_settings(path).problem.empty());
    }
    // Absurd window sizes are clamped, not refused.
    const std::string path =
        write(dir, "settings.json", R"({"width": 99999999, "height": 100000})");
    const gui::LoadedSettings big = gui::load_settings(path);
    EXPECT_TRUE(big.problem.empty()) << big.problem;
    EXPECT_EQ(big.settings.width, 16384);
    EXPECT_EQ(big.settings.height, 16384);
}

}  // namespace
}  // namespace posviz
