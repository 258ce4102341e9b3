// Hostile values through the real binary (issue "never crash, never hang, never blow up memory"):
// every panel and every table read counts against --max-bytes, a file cannot raise the budget
// beyond the machine, and values from presets and settings are refused with exit status 2
// and a message naming their source, leaving no file behind.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "app/gui/storyline_names.h"
#include "app/storyline/preset.h"
#include "app/storyline/view_settings.h"
#include "core/formats/scene_json.h"
#include "core/limits.h"
#include "expect_input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

namespace fs = std::filesystem;
using testing::run_posviz;

// Far below the gigabytes these cases reached, far above posviz's ~100 MB start.
constexpr long kMaxRssKb = 400 * 1024;

std::string write(const std::string& dir, const std::string& name, const std::string& bytes) {
    const std::string path = dir + "/" + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

// A file of `header` followed by `data_bytes` zero bytes, sparse: a table of gigabytes costs no
// disk, and zeros are finite values.
std::string sparse_file(const std::string& dir, const std::string& name, const std::string& header,
                        uint64_t data_bytes) {
    const std::string path = write(dir, name, header);
    fs::resize_file(path, header.size() + data_bytes);
    return path;
}

// The header of a (rows, cols) float64 .npy file, as numpy pads it (to a multiple of 64 bytes).
std::string npy_header(int64_t rows, int64_t cols) {
    std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" +
                         std::to_string(rows) + ", " + std::to_string(cols) + "), }";
    header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
    header += '\n';
    return std::string("\x93NUMPY\x01\x00", 8) + char(header.size() & 0xff) +
           char(header.size() >> 8) + header;
}

// A refused run: exit 2, the message naming `source`, no internal error, bounded memory.
testing::RunResult expect_refused(const std::string& args, const std::string& source) {
    SCOPED_TRACE(args);
    auto r = run_posviz(args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(r.err.starts_with("posviz: error: " + source)) << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
    EXPECT_LT(r.max_rss_kb, testing::rss_budget_kb(kMaxRssKb));
    return r;
}

TEST(HostileLimits, EveryComparedPanelCountsAgainstTheBudget) {
    const std::string dir = testing::make_temp_dir();
    // 16 maps of 4096² doubles are 2 GiB: one fits in 1 GB, sixteen do not.
    std::string sixteen = "rope";
    for (int i = 1; i < 16; ++i) sixteen += i % 2 ? ",nope" : ",alibi";
    const auto r = expect_refused(
        "export scores -L 4096 --resolution 4096 -D 8 --max-bytes "
        "1000000000 --compare " +
            sixteen + " -o " + dir + "/s.png",
        "--seq-len: got 4096 with --dim 8");
    EXPECT_NE(r.err.find("16 panel(s)"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir + "/s.png"));
    // --all-heads draws a map per head.
    expect_refused(
        "export bias --encoding alibi --all-heads --heads 16 -L 4096 --max-bytes "
        "1000000000 -o " +
            dir + "/b.png",
        "--seq-len: got 4096");
    EXPECT_FALSE(fs::exists(dir + "/b.png"));
}

TEST(HostileLimits, TableReadsAreBoundedByTheBudgetBeforeAllocating) {
    const std::string dir = testing::make_temp_dir();
    // 2^28 doubles (2 GiB, the element limit): reading it took the raw bytes, a vector and the
    // matrix, ~6 GiB. Within a 1 GB budget it is refused before any of them is allocated.
    const std::string big = sparse_file(dir, "big.npy", npy_header(1 << 16, 1 << 12), 8ull << 28);
    const std::string out = " -o " + dir + "/pe.npy";
    expect_refused(
        "export pe --encoding learned -L 16 -D 4096 --max-bytes 1000000000 --table " + big + out,
        "--table: got " + big + " with shape (65536, 4096)");
    const std::string tensors = sparse_file(
        dir, "big.safetensors",
        [] {
            const std::string header = R"({"wpe.weight": {"dtype": "F64", "shape": [65536, 4096], )"
                                       R"("data_offsets": [0, 2147483648]}})";
            std::string out(8, '\0');
            for (int i = 0; i < 8; ++i) out[size_t(i)] = char((header.size() >> (8 * i)) & 0xff);
            return out + header;
        }(),
        8ull << 28);
    expect_refused("export pe --encoding learned -L 16 -D 4096 --max-bytes 1000000000 --table " +
                       tensors + out,
                   "--table: got " + tensors + ": wpe.weight shape");
    // Within the budget the read holds the table once (128 MiB here), not three times (~390 MB).
    const std::string mid = sparse_file(dir, "mid.npy", npy_header(1 << 12, 1 << 12), 8ull << 24);
    const auto read = run_posviz("export pe --encoding learned -L 16 -D 4096 --table " + mid + out);
    EXPECT_EQ(read.status, 0) << read.err;
    EXPECT_LT(read.max_rss_kb, testing::rss_budget_kb(200 * 1024));
    EXPECT_GT(read.max_rss_kb, 128 * 1024);  // the measurement sees the table itself
}

TEST(HostileLimits, FilesCannotRaiseTheBudgetBeyondTheMachine) {
    const std::string dir = testing::make_temp_dir();
    const std::string preset =
        write(dir, "p.json", R"({"scene": {"max_bytes": 9223372036854775807}})");
    const auto r = run_posviz("screenshot --preset " + preset + " -o " + dir + "/shot.png");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("p.json.scene.max_bytes: got 9223372036854775807"), std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(dir + "/shot.png"));
    expect_refused("export wavelengths --max-bytes 9223372036854775807 -o " + dir + "/w.csv",
                   "--max-bytes");
    // A budget lower than the default is the file's to set; none is saved, since it is the
    // machine's, not the scene's.
    EXPECT_EQ(scene_from_text(R"({"max_bytes": 1000000})").max_bytes, 1000000);
    Scene scene;
    scene.max_bytes = 1000000;
    EXPECT_FALSE(scene_to_json(scene).contains("max_bytes"));
}

TEST(HostileLimits, PresetValuesAreRefusedThroughTheBinary) {
    const std::string dir = testing::make_temp_dir();
    const std::string shot = dir + "/shot.png";
    const auto refused = [&](const std::string& scene, const std::string& field) {
        const std::string preset = write(dir, "p.json", R"({"scene": )" + scene + "}");
        const auto r = run_posviz("screenshot --preset " + preset + " -o " + shot);
        EXPECT_EQ(r.status, 2) << scene << "\n" << r.err;
        EXPECT_TRUE(r.err.starts_with("posviz: error: p.json.scene." + field + ": got"))
            << scene << "\n"
            << r.err;
        EXPECT_LT(r.max_rss_kb, testing::rss_budget_kb(kMaxRssKb));
        EXPECT_FALSE(fs::exists(shot));
    };
    refused(R"({"heads": 1073741825})", "heads");
    refused(R"({"seq_len": 2147483000})", "seq_len");
    refused(R"({"dim": 2147483000})", "dim");
    refused(R"({"encoding": "rope", "dim": 63})", "dim");
}

TEST(HostileLimits, NonFiniteSafetensorsTableThroughTheBinary) {
    const std::string dir = testing::make_temp_dir();
    const float values[4] = {0.5f, std::numeric_limits<float>::quiet_NaN(), 1.0f, 2.0f};
    const std::string header =
        R"({"wpe.weight": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}})";
    std::string bytes(8, '\0');
    for (int i = 0; i < 8; ++i) bytes[size_t(i)] = char((header.size() >> (8 * i)) & 0xff);
    bytes += header + std::string(reinterpret_cast<const char*>(values), sizeof values);
    const std::string path = write(dir, "nan.safetensors", bytes);
    const auto r = expect_refused(
        "export pe --encoding learned -L 2 -D 2 --table " + path + " -o " + dir + "/pe.npy",
        "--table: got " + path + ": wpe.weight with a non-finite value");
    EXPECT_FALSE(fs::exists(dir + "/pe.npy"));
}

TEST(HostileLimits, ViewSettingsAreRefusedNotBent) {
    const std::string dir = testing::make_temp_dir();
    const auto preset = [&](const std::string& views) {
        return write(dir, "v.json", R"({"views": )" + views + "}");
    };
    EXPECT_INPUT_ERROR(storyline::read_preset(preset(R"({"rotation": {"speed": 1e9}})")),
                       "v.json.views.rotation.speed");
    EXPECT_INPUT_ERROR(storyline::read_preset(preset(R"({"rotation": {"speed": 0.1}})")),
                       "v.json.views.rotation.speed");
    EXPECT_INPUT_ERROR(
        storyline::read_preset(preset(R"({"rotation": {"position": 1099511627776}})")),
        "v.json.views.rotation.position");
    EXPECT_EQ(storyline::read_preset(preset(R"({"rotation": {"speed": 32, "position": 255}})"))
                  .views[size_t(storyline::ViewId::Rotation)]
                  .speed,
              storyline::k_max_speed);
    // A wrong value is shown as an excerpt, not printed whole; so is the token a syntax error
    // stops at.
    std::string ones;
    for (int i = 0; i < 50000; ++i) ones += "1,";
    const auto message_size = [&](const std::string& views, const std::string& option) {
        try {
            storyline::read_preset(preset(views));
            ADD_FAILURE() << "accepted";
        } catch (const InputError& e) {
            EXPECT_EQ(e.option, option);
            return std::string(e.what()).size();
        }
        return size_t(0);
    };
    EXPECT_LT(message_size(R"({"rotation": {"playing": [)" + ones + "1]}}",
                           "v.json.views.rotation.playing"),
              400u);
    EXPECT_LT(message_size(R"({"rotation": {"playing": )" + std::string(100000, '1') + "x}}",
                           dir + "/v.json"),
              600u);
}

TEST(HostileLimits, BenchRepeatIsBounded) {
    const auto r = run_posviz("bench wavelengths --repeat 1001");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(r.err.starts_with("posviz: error: --repeat: got 1001")) << r.err;
}

}  // namespace
}  // namespace posviz
