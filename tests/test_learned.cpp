// Learned absolute table: seeded N(0, 0.02^2) stand-in and the hard wall at max_len.
#include <gtest/gtest.h>

#include <cmath>

#include "core/encodings/learned.h"
#include "core/random.h"
#include "expect_input_error.h"

namespace posviz {
namespace {

TEST(Learned, SeededTableIsGpt2InitFromTheSeed) {
    LearnedEncoding enc = LearnedEncoding::seeded(300, 64, 17);
    ASSERT_EQ(enc.table.rows(), 300);
    ASSERT_EQ(enc.table.cols(), 64);
    // The same stream as the shared sampler, at GPT-2's std 0.02.
    EXPECT_LT((enc.table - random_normal_matrix(300, 64, 1.0, 17) * 0.02).cwiseAbs().maxCoeff(),
              1e-17);
    double std = std::sqrt(enc.table.array().square().mean());
    EXPECT_NEAR(std, 0.02, 0.0005);  // 19200 samples: relative error of the std ~ 0.5%
}

TEST(Learned, PositionsAreTheFirstRows) {
    LearnedEncoding enc = LearnedEncoding::seeded(10, 4, 1);
    Matrix p = enc.positions(10);
    EXPECT_EQ(p, enc.table);
    EXPECT_EQ(enc.positions(3), enc.table.topRows(3));
}

TEST(Learned, NoRowsBeyondTheTable) {
    LearnedEncoding enc = LearnedEncoding::seeded(10, 4, 1);
    EXPECT_INPUT_ERROR(enc.positions(11), "--seq-len");
    EXPECT_INPUT_ERROR(enc.positions(0), "--seq-len");
    try {
        enc.positions(11);
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("at most max_len = 10"), std::string::npos)
            << e.what();
    }
    EXPECT_INPUT_ERROR(LearnedEncoding::seeded(0, 4, 1), "--seq-len");
    EXPECT_INPUT_ERROR(LearnedEncoding::seeded(4, 0, 1), "--dim");
}

}  // namespace
}  // namespace posviz
