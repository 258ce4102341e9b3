// .npy reading and writing: round trips and hand-built headers (numpy/lib/format.py, version 1.0).
#include <gtest/gtest.h>

#include <fstream>

#include "core/formats/npy.h"
#include "expect_input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

std::string write_temp(const std::string& bytes) {
    const std::string path = testing::make_temp_dir() + "/a.npy";
    std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
    return path;
}

TEST(Npy, RoundTripFloat64) {
    Matrix m(3, 2);
    m << 1.5, -2.25, 3e-300, 1e300, 0.0, -0.0;
    const std::string bytes = encode_npy({3, 2}, m.data(), NpyDtype::Float64);
    // magic, version 1.0, header padded so that data starts at a multiple of 64.
    EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
    const size_t header_len =
        size_t((unsigned char)bytes[8]) | (size_t((unsigned char)bytes[9]) << 8);
    EXPECT_EQ((10 + header_len) % 64, 0u);
    EXPECT_EQ(bytes.size(), 10 + header_len + 6 * 8);
    EXPECT_NE(bytes.find("'descr': '<f8', 'fortran_order': False, 'shape': (3, 2), }"),
              std::string::npos);
    const Matrix back = read_npy_matrix(write_temp(bytes), "--x");
    EXPECT_EQ(back, m);
}

TEST(Npy, OneDimensionalShapeHasTrailingComma) {
    const double v[2] = {1, 2};
    EXPECT_NE(encode_npy({2}, v, NpyDtype::Float64).find("'shape': (2,)"), std::string::npos);
}

TEST(Npy, ReadsHalfFloatsAndInts) {
    // float16: 0x3C00 = 1.0, 0xC000 = -2.0, 0x3555 ≈ 0.333251953125 (1 + 341/1024) · 2^-2.
    std::string header = "{'descr': '<f2', 'fortran_order': False, 'shape': (1, 3), }";
    header.append(128 - 10 - header.size() - 1, ' ');  // pad so that the data starts at byte 128
    header += '\n';
    std::string bytes =
        std::string("\x93NUMPY\x01\x00", 8) + char(header.size()) + char(0) + header;
    for (uint16_t h : {0x3C00, 0xC000, 0x3555}) bytes += std::string{char(h & 0xff), char(h >> 8)};
    const Matrix m = read_npy_matrix(write_temp(bytes), "--x");
    EXPECT_EQ(m(0, 0), 1.0);
    EXPECT_EQ(m(0, 1), -2.0);
    EXPECT_EQ(m(0, 2), 0.333251953125);
}

TEST(Npy, RejectsFortranOrderWrongDimsAndNonFinite) {
    Matrix m = Matrix::Ones(2, 2);
    std::string fortran = encode_npy({2, 2}, m.data(), NpyDtype::Float64);
    fortran.replace(fortran.find("False"), 5, "True ");
    EXPECT_INPUT_ERROR(read_npy_matrix(write_temp(fortran), "--table"), "--table");
    const double v[4] = {1, 2, 3, 4};
    EXPECT_INPUT_ERROR(
        read_npy_matrix(write_temp(encode_npy({4}, v, NpyDtype::Float64)), "--table"), "--table");
    EXPECT_INPUT_ERROR(
        read_npy_matrix(write_temp(encode_npy({2, 2}, v, NpyDtype::Float64)), "--table", 3, 2),
        "--table");
    const double bad[2] = {1, std::nan("")};
    EXPECT_INPUT_ERROR(
        read_npy_matrix(write_temp(encode_npy({1, 2}, bad, NpyDtype::Float64)), "--q"), "--q");
}

TEST(Npy, AtomicWriteLeavesNothingOnFailure) {
    EXPECT_INPUT_ERROR(write_file_atomically("/nonexistent/x.npy", "abc"), "-o");
    const std::string dir = testing::make_temp_dir();
    write_file_atomically(dir + "/x.bin", "abc");
    EXPECT_EQ(testing::read_file(dir + "/x.bin"), "abc");
}

}  // namespace
}  // namespace posviz
