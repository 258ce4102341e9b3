// The command line, through the real binary: data exports, list/help/version, and every bad-input
// case of the foundation issue (exit status 2, a message naming the option, no file left behind).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "core/formats/npy.h"
#include "run_posviz.h"

namespace posviz {
namespace {

using testing::file_exists;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_posviz;

bool directory_is_empty(const std::string& dir) {
    return std::filesystem::is_empty(std::filesystem::path(dir));
}

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), std::streamsize(bytes.size()));
}

std::string npy_of(const Matrix& m) {
    return encode_npy({m.rows(), m.cols()}, m.data(), NpyDtype::Float64);
}

// A bad-input run: exit 2, the option named on stderr, and the output directory still empty.
void expect_rejected(const std::string& args, const std::string& option_in_message) {
    const std::string dir = make_temp_dir();
    const auto r = run_posviz(args + " -o " + dir + "/out.npy");
    EXPECT_EQ(r.status, 2) << args << "\nstderr: " << r.err;
    EXPECT_NE(r.err.find(option_in_message), std::string::npos) << args << "\nstderr: " << r.err;
    EXPECT_TRUE(directory_is_empty(dir)) << args;
}

TEST(Cli, ExportsSinusoidalPeMatchingTheFormula) {
    const std::string dir = make_temp_dir();
    const auto r =
        run_posviz("export pe --encoding sinusoidal --seq-len 16 --dim 8 -o " + dir + "/pe.npy");
    ASSERT_EQ(r.status, 0) << r.err;
    const NpyArray a = read_npy(dir + "/pe.npy");
    ASSERT_EQ(a.shape, (std::vector<int64_t>{16, 8}));
    // PE(pos, 2i) = sin(pos / 10000^(2i/8)), PE(pos, 2i+1) = cos(...), Vaswani et al. §3.5.
    for (int pos = 0; pos < 16; ++pos)
        for (int i = 0; i < 4; ++i) {
            const double angle = pos / std::pow(10000.0, 2.0 * i / 8.0);
            EXPECT_NEAR(a.data[pos * 8 + 2 * i], std::sin(angle), 1e-12);
            EXPECT_NEAR(a.data[pos * 8 + 2 * i + 1], std::cos(angle), 1e-12);
        }
}

TEST(Cli, WavelengthsTableHasPairIndexThetaAndWavelength) {
    const std::string dir = make_temp_dir();
    const auto r = run_posviz("export wavelengths --encoding rope --dim 512 -o " + dir + "/w.csv");
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string csv = read_file(dir + "/w.csv");
    EXPECT_EQ(csv.substr(0, csv.find('\n')), "i,theta,wavelength");
    const auto r2 = run_posviz("export wavelengths --encoding rope --dim 512 -o " + dir + "/w.npy");
    ASSERT_EQ(r2.status, 0) << r2.err;
    const NpyArray a = read_npy(dir + "/w.npy");
    ASSERT_EQ(a.shape, (std::vector<int64_t>{256, 3}));
    // Seed 001's example, corrected: theta_1 = 10000^(-2/512) = 0.964662, theta_255 =
    // 10000^(-510/512) = 1.03663e-4 (the seed's 1.58e-5 is an arithmetic slip).
    EXPECT_NEAR(a.data[1 * 3 + 1], 0.964662, 5e-7);
    EXPECT_NEAR(a.data[255 * 3 + 1], 1.03663e-4, 5e-9);
    EXPECT_NEAR(a.data[255 * 3 + 2], 2 * std::numbers::pi / 1.03663e-4, 0.5);
}

TEST(Cli, CausalSoftmaxScoresAreRowStochasticWithExactZeros) {
    const std::string dir = make_temp_dir();
    const auto r =
        run_posviz("export scores --encoding alibi --seq-len 12 --dim 8 --softmax --causal -o " +
                   dir + "/p.npy");
    ASSERT_EQ(r.status, 0) << r.err;
    const NpyArray a = read_npy(dir + "/p.npy");
    ASSERT_EQ(a.shape, (std::vector<int64_t>{12, 12}));
    for (int m = 0; m < 12; ++m) {
        double sum = 0.0;
        for (int n = 0; n < 12; ++n) {
            if (n > m) {
                EXPECT_EQ(a.data[m * 12 + n], 0.0);
            }
            sum += a.data[m * 12 + n];
        }
        EXPECT_NEAR(sum, 1.0, 1e-12);
    }
}

TEST(Cli, MaskedLogitsAreMinusInfinityInNpyAndCsv) {
    const std::string dir = make_temp_dir();
    ASSERT_EQ(run_posviz("export scores --seq-len 4 --dim 4 --causal -o " + dir + "/s.npy").status,
              0);
    const NpyArray a = read_npy(dir + "/s.npy");
    EXPECT_TRUE(std::isinf(a.data[0 * 4 + 1]) && a.data[1] < 0);
    EXPECT_TRUE(std::isfinite(a.data[1 * 4 + 1]));
    ASSERT_EQ(run_posviz("export scores --seq-len 4 --dim 4 --causal -o " + dir + "/s.csv").status,
              0);
    const std::string csv = read_file(dir + "/s.csv");
    EXPECT_EQ(csv.substr(0, csv.find('\n')), "m,n0,n1,n2,n3");  // rows: query position m
    EXPECT_NE(csv.find("-inf"), std::string::npos);
}

TEST(Cli, Float32OutputHasHalfTheDataBytes) {
    const std::string dir = make_temp_dir();
    ASSERT_EQ(run_posviz("export pe --encoding sinusoidal --seq-len 10 --dim 4 --dtype f32 -o " +
                         dir + "/a.npy")
                  .status,
              0);
    const std::string bytes = read_file(dir + "/a.npy");
    EXPECT_NE(bytes.find("'<f4'"), std::string::npos);
    EXPECT_EQ(bytes.size() % 64, (10u * 4u * 4u) % 64);
    EXPECT_NEAR(read_npy(dir + "/a.npy").data[1], 1.0, 1e-7);  // cos(0)
}

TEST(Cli, TermsIsFourByLByL) {
    const std::string dir = make_temp_dir();
    ASSERT_EQ(
        run_posviz("export terms --encoding xl --seq-len 5 --dim 4 -o " + dir + "/t.npy").status,
        0);
    EXPECT_EQ(read_npy(dir + "/t.npy").shape, (std::vector<int64_t>{4, 5, 5}));
}

TEST(Cli, BucketsAndDecayExport) {
    const std::string dir = make_temp_dir();
    ASSERT_EQ(run_posviz("export buckets --encoding t5 --seq-len 40 -o " + dir + "/b.npy").status,
              0);
    const NpyArray b = read_npy(dir + "/b.npy");
    // Causal T5 buckets: relative position n - m = -1 -> bucket 1 (exact range), n > m -> 0.
    EXPECT_EQ(b.data[1 * 40 + 0], 1.0);
    EXPECT_EQ(b.data[0 * 40 + 1], 0.0);
    ASSERT_EQ(run_posviz("export decay --seq-len 64 -o " + dir + "/d.npy").status, 0);
    const NpyArray d = read_npy(dir + "/d.npy");
    ASSERT_EQ(d.shape, (std::vector<int64_t>{64, 2}));
    // At r = 0 every e^{i·0} = 1, so |S_j| = j and the bound is (1/32)·Σ_{j=1..32} j = 16.5.
    EXPECT_NEAR(d.data[1], 16.5, 1e-12);
}

TEST(Cli, ListHelpAndVersion) {
    const auto list = run_posviz("list");
    EXPECT_EQ(list.status, 0);
    for (const char* word : {"scores", "wavelengths", "alibi", "xpos", "--seq-len", "[128]"})
        EXPECT_NE(list.out.find(word), std::string::npos) << word;
    EXPECT_EQ(run_posviz("--help").status, 0);
    const auto version = run_posviz("--version");
    EXPECT_EQ(version.status, 0);
    EXPECT_NE(version.out.find("posviz"), std::string::npos);
}

TEST(CliBadInput, OddDimensionsForRotaryAndSinusoidal) {
    expect_rejected("export scores --encoding rope --dim 7", "--dim");
    expect_rejected("export scores --encoding xpos --dim 9", "--dim");
    expect_rejected("export pe --encoding sinusoidal --dim 5", "--dim");
}

TEST(CliBadInput, NonPositiveSizes) {
    expect_rejected("export scores --dim 0", "--dim");
    expect_rejected("export scores --dim -4", "--dim");
    expect_rejected("export scores --seq-len 0", "--seq-len");
    expect_rejected("export scores --seq-len -3", "--seq-len");
}

TEST(CliBadInput, RotaryFractionOutsideUnitInterval) {
    expect_rejected("export scores --rotary-fraction 0", "--rotary-fraction");
    expect_rejected("export scores --rotary-fraction 1.5", "--rotary-fraction");
    expect_rejected("export scores --rotary-fraction -0.5", "--rotary-fraction");
}

TEST(CliBadInput, NonFiniteNumbers) {
    expect_rejected("export wavelengths --base nan", "--base");
    expect_rejected("export wavelengths --base inf", "--base");
    expect_rejected("export scores --encoding kerple --kerple-r1 nan", "--kerple-r1");
}

TEST(CliBadInput, UnknownEncodingFigureOrFormat) {
    expect_rejected("export scores --encoding bogus", "--encoding");
    expect_rejected("export nosuchfigure", "FIGURE");
    const std::string dir = make_temp_dir();
    const auto r = run_posviz("export scores -o " + dir + "/out.xyz");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("-o"), std::string::npos) << r.err;
    EXPECT_TRUE(directory_is_empty(dir));
}

TEST(CliBadInput, FigureEncodingMismatch) {
    expect_rejected("export buckets --encoding rope", "--encoding");
    expect_rejected("export pe --encoding rope", "--encoding");
    expect_rejected("export bias --encoding sinusoidal", "--encoding");
}

TEST(CliBadInput, NpyFilesOfTheWrongShapeDtypeByteOrderOrTruncated) {
    const std::string dir = make_temp_dir();
    const std::string keys = dir + "/keys.npy";
    write_bytes(keys, npy_of(Matrix::Ones(8, 4)));
    // Wrong shape: (8, 5) for L = 8, D = 4.
    write_bytes(dir + "/shape.npy", npy_of(Matrix::Ones(8, 5)));
    expect_rejected(
        "export scores --seq-len 8 --dim 4 --queries " + dir + "/shape.npy --keys " + keys,
        "--queries");
    // Big-endian and complex dtypes: the header's descr is rewritten in place (same length).
    std::string big = npy_of(Matrix::Ones(8, 4));
    big.replace(big.find("'<f8'"), 5, "'>f8'");
    write_bytes(dir + "/big.npy", big);
    expect_rejected(
        "export scores --seq-len 8 --dim 4 --queries " + dir + "/big.npy --keys " + keys,
        "--queries");
    std::string complex = npy_of(Matrix::Ones(8, 4));
    complex.replace(complex.find("'<f8'"), 5, "'<c8'");
    write_bytes(dir + "/complex.npy", complex);
    expect_rejected(
        "export scores --seq-len 8 --dim 4 --queries " + dir + "/complex.npy --keys " + keys,
        "--queries");
    // Truncated: the data stops halfway.
    std::string cut = npy_of(Matrix::Ones(8, 4));
    write_bytes(dir + "/cut.npy", cut.substr(0, cut.size() - 100));
    expect_rejected(
        "export scores --seq-len 8 --dim 4 --queries " + dir + "/cut.npy --keys " + keys,
        "--queries");
    // Not an .npy at all.
    write_bytes(dir + "/text.npy", "hello");
    expect_rejected(
        "export scores --seq-len 8 --dim 4 --queries " + keys + " --keys " + dir + "/text.npy",
        "--keys");
}

TEST(CliBadInput, LearnedTableShorterThanSequence) {
    const std::string dir = make_temp_dir();
    write_bytes(dir + "/table.npy", npy_of(Matrix::Ones(16, 8)));
    expect_rejected(
        "export pe --encoding learned --dim 8 --seq-len 17 --table " + dir + "/table.npy",
        "--seq-len");
    const auto ok = run_posviz("export pe --encoding learned --dim 8 --seq-len 16 --table " + dir +
                               "/table.npy -o " + dir + "/pe.npy");
    EXPECT_EQ(ok.status, 0) << ok.err;
}

TEST(CliBadInput, OutputDirectoryMissingOrUnwritable) {
    const auto missing = run_posviz("export scores -o /nonexistent/dir/out.npy");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("-o"), std::string::npos) << missing.err;
    const std::string dir = make_temp_dir();
    const auto is_dir = run_posviz("export scores -o " + dir);
    EXPECT_EQ(is_dir.status, 2) << is_dir.err;
}

TEST(CliBadInput, DenseOutputOverTheMemoryCap) {
    // 2^16 squared float64 values are 32 GiB, over the default 2 GiB cap: refused before computing.
    expect_rejected("export scores --seq-len 65536", "--seq-len");
    expect_rejected("export scores --seq-len 64 --max-bytes 1000", "--max-bytes");
}

TEST(CliBadInput, UnknownOptionIsAParseErrorWithStatus2) {
    const auto r = run_posviz("export scores --no-such-option 3 -o /tmp/x.npy");
    EXPECT_EQ(r.status, 2);
}

}  // namespace
}  // namespace posviz
