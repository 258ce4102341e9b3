// .safetensors reading, on files whose every byte the test writes: the values' bit patterns are
// encoded by hand (IEEE 754 binary32/binary16/binary64 and bfloat16), noted next to each.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "core/formats/safetensors.h"
#include "expect_input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

std::string little_endian(uint64_t value, int bytes) {
    std::string out;
    for (int i = 0; i < bytes; ++i) out.push_back(char((value >> (8 * i)) & 0xff));
    return out;
}

std::string words(std::initializer_list<uint64_t> values, int bytes) {
    std::string out;
    for (uint64_t v : values) out += little_endian(v, bytes);
    return out;
}

// A file: 8-byte header length, the header, the data.
std::string write_safetensors(const std::string& header, const std::string& data) {
    std::string path = testing::make_temp_dir() + "/table.safetensors";
    std::ofstream(path, std::ios::binary) << little_endian(header.size(), 8) << header << data;
    return path;
}

TEST(Safetensors, ReadsF32) {
    // 1.0f = 0x3F800000, -2.0f = 0xC0000000, 0.5f = 0x3F000000, 3.0f = 0x40400000,
    // 0.25f = 0x3E800000, -1.0f = 0xBF800000.
    std::string path = write_safetensors(
        R"({"wpe.weight": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]}})",
        words({0x3F800000, 0xC0000000, 0x3F000000, 0x40400000, 0x3E800000, 0xBF800000}, 4));
    Matrix m = read_safetensors_matrix(path, "wpe.weight");
    ASSERT_EQ(m.rows(), 2);
    ASSERT_EQ(m.cols(), 3);
    EXPECT_EQ(m(0, 0), 1.0);
    EXPECT_EQ(m(0, 1), -2.0);
    EXPECT_EQ(m(0, 2), 0.5);
    EXPECT_EQ(m(1, 0), 3.0);
    EXPECT_EQ(m(1, 1), 0.25);
    EXPECT_EQ(m(1, 2), -1.0);
}

TEST(Safetensors, ReadsF16IncludingSubnormalAndLargest) {
    // F16: 1.0 = 0x3C00, -2.0 = 0xC000, 0.5 = 0x3800, 65504 (largest) = 0x7BFF,
    // 0x0001 = 2^-24 (smallest subnormal), 0x3555 = 0.333251953125.
    std::string path =
        write_safetensors(R"({"t": {"dtype": "F16", "shape": [3, 2], "data_offsets": [0, 12]}})",
                          words({0x3C00, 0xC000, 0x3800, 0x7BFF, 0x0001, 0x3555}, 2));
    Matrix m = read_safetensors_matrix(path, "t");
    EXPECT_EQ(m(0, 0), 1.0);
    EXPECT_EQ(m(0, 1), -2.0);
    EXPECT_EQ(m(1, 0), 0.5);
    EXPECT_EQ(m(1, 1), 65504.0);
    EXPECT_EQ(m(2, 0), std::ldexp(1.0, -24));
    EXPECT_EQ(m(2, 1), 0.333251953125);  // 1.0101010101b · 2^-2 = 1365/4096
}

TEST(Safetensors, ReadsBf16AndF64WithMetadataAndOffsets) {
    // BF16: 1.0 = 0x3F80, -2.0 = 0xC000, 3.0 = 0x4040, 0.15625 = 1.25·2^-3 = 0x3E20.
    // F64: 1.5 = 0x3FF8000000000000, -0.75 = 0xBFE8000000000000. The F64 tensor comes second,
    // at byte 8 of the data buffer.
    std::string header =
        R"({"__metadata__": {"format": "pt"},
            "a": {"dtype": "BF16", "shape": [2, 2], "data_offsets": [0, 8]},
            "b": {"dtype": "F64", "shape": [1, 2], "data_offsets": [8, 24]}})";
    std::string data = words({0x3F80, 0xC000, 0x4040, 0x3E20}, 2) +
                       words({0x3FF8000000000000, 0xBFE8000000000000}, 8);
    std::string path = write_safetensors(header + "   ", data);  // headers may be space-padded
    Matrix a = read_safetensors_matrix(path, "a");
    EXPECT_EQ(a(0, 0), 1.0);
    EXPECT_EQ(a(0, 1), -2.0);
    EXPECT_EQ(a(1, 0), 3.0);
    EXPECT_EQ(a(1, 1), 0.15625);
    Matrix b = read_safetensors_matrix(path, "b");
    ASSERT_EQ(b.rows(), 1);
    EXPECT_EQ(b(0, 0), 1.5);
    EXPECT_EQ(b(0, 1), -0.75);
}

TEST(Safetensors, MissingNameListsTheNames) {
    std::string path = write_safetensors(
        R"({"__metadata__": {}, "h.0.attn.weight": {"dtype": "F32", "shape": [1, 1],
            "data_offsets": [0, 4]}, "wpe.weight": {"dtype": "F32", "shape": [1, 1],
            "data_offsets": [4, 8]}})",
        words({0x3F800000, 0x3F800000}, 4));
    try {
        read_safetensors_matrix(path, "position_embeddings");
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(e.option, "--table");
        std::string message = e.what();
        EXPECT_NE(message.find("h.0.attn.weight, wpe.weight"), std::string::npos) << message;
        EXPECT_EQ(message.find("__metadata__"), std::string::npos) << message;
    }
    EXPECT_INPUT_ERROR(read_safetensors_matrix(path, "__metadata__"), "--table");
}

TEST(Safetensors, RejectsTruncatedAndLyingFiles) {
    const std::string good_header =
        R"({"t": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}})";
    const std::string data = words({0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000}, 4);
    ASSERT_EQ(read_safetensors_matrix(write_safetensors(good_header, data), "t").rows(), 2);

    auto expect_rejected = [](const std::string& path) {
        EXPECT_INPUT_ERROR(read_safetensors_matrix(path, "t", "--table"), "--table");
    };
    expect_rejected("/nonexistent/x.safetensors");
    // Shorter than the 8-byte length.
    std::string tiny = testing::make_temp_dir() + "/tiny.safetensors";
    std::ofstream(tiny, std::ios::binary) << "abc";
    expect_rejected(tiny);
    // Header length beyond the file.
    std::string lying = testing::make_temp_dir() + "/lying.safetensors";
    std::ofstream(lying, std::ios::binary) << little_endian(1000, 8) << good_header;
    expect_rejected(lying);
    // Header length of 2^63: must not allocate or overflow.
    std::string huge = testing::make_temp_dir() + "/huge.safetensors";
    std::ofstream(huge, std::ios::binary) << little_endian(uint64_t(1) << 63, 8) << good_header;
    expect_rejected(huge);
    // Data cut short: the offsets point past the end of the buffer.
    expect_rejected(write_safetensors(good_header, data.substr(0, 12)));
    // Offsets that disagree with shape × dtype size (12 bytes for a 2×2 F32).
    expect_rejected(write_safetensors(
        R"({"t": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 12]}})", data));
    expect_rejected(write_safetensors(
        R"({"t": {"dtype": "F32", "shape": [2, 2], "data_offsets": [16, 0]}})", data));
    expect_rejected(write_safetensors(
        R"({"t": {"dtype": "F32", "shape": [2, 2], "data_offsets": [-4, 12]}})", data));
    // A shape whose byte count would overflow 64 bits.
    expect_rejected(write_safetensors(
        R"({"t": {"dtype": "F32", "shape": [4294967296, 4294967296], "data_offsets": [0, 16]}})",
        data));
    // Not 2-D, unsupported dtype, missing keys, malformed JSON, not an object.
    expect_rejected(write_safetensors(
        R"({"t": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]}})", data));
    expect_rejected(write_safetensors(
        R"({"t": {"dtype": "I32", "shape": [2, 2], "data_offsets": [0, 16]}})", data));
    expect_rejected(write_safetensors(R"({"t": {"dtype": "F32", "shape": [2, 2]}})", data));
    expect_rejected(write_safetensors(R"({"t": {"dtype": "F32", "shape": [2, 2)", data));
    expect_rejected(write_safetensors("[1, 2]", data));
}

}  // namespace
}  // namespace posviz
