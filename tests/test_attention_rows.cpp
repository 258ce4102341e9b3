// Logits a block of rows at a time (core/attention_rows.h) against the whole matrix of
// attention_logits, and the long-sequence reduction streamed through them against the dense
// matrix reduced by tests/map_expectations.h's loop.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/analyses/block_reduction.h"
#include "core/attention_rows.h"
#include "core/random.h"
#include "expect_input_error.h"
#include "map_expectations.h"

namespace posviz {
namespace {

struct NamedEncoding {
    std::string name;
    Encoding encoding;
};

std::vector<NamedEncoding> streamed_encodings(int seq_len, int dim) {
    RopeEncoding rope;
    rope.dim = dim;
    RopeEncoding partial = rope;
    partial.style = RopeStyle::Half;
    partial.rotary_fraction = 0.5;
    XPosEncoding xpos;
    xpos.rope = rope;
    return {
        {"nope", NoPE{}},
        {"sinusoidal", SinusoidalEncoding{dim}},
        {"learned", LearnedEncoding::seeded(seq_len, dim, 3)},
        {"t5", T5Bias::seeded(32, 128, false, 5)},
        {"rope", rope},
        {"rope half partial", partial},
        {"alibi", AlibiBias{8, 1, false}},
        {"alibi causal", AlibiBias{12, 5, true}},
        {"kerple", KerpleBias{KerpleKind::Log, 1.5, 0.7}},
        {"xpos", xpos},
    };
}

TEST(AttentionRows, BlocksOfRowsAreTheRowsOfTheWholeMatrix) {
    const int seq_len = 61, dim = 16;
    const Matrix queries = random_normal_matrix(seq_len, dim, 1.0, 51);
    const Matrix keys = random_normal_matrix(seq_len, dim, 1.0, 52);
    for (const NamedEncoding& e : streamed_encodings(seq_len, dim))
        for (bool causal : {false, true}) {
            const Matrix whole = attention_logits(e.encoding, queries, keys, causal);
            const std::optional<AttentionRows> rows =
                AttentionRows::prepare(e.encoding, queries, keys, causal);
            ASSERT_TRUE(rows) << e.name;
            for (auto [first, count] : {std::pair{0L, 1L}, {0L, 61L}, {17L, 9L}, {60L, 1L}}) {
                const std::string what =
                    e.name + (causal ? " causal" : "") + " rows " + std::to_string(first);
                expect_logits_near(rows->rows(first, count), whole.middleRows(first, count), what,
                                   1e-12);
            }
        }
}

TEST(AttentionRows, EncodingsThatNeedTheWholeMatrixAreLeftToIt) {
    const Matrix content = random_normal_matrix(10, 8, 1.0, 53);
    EXPECT_FALSE(AttentionRows::prepare(ShawRelative::seeded(10, 8, 4), content, content, false));
    EXPECT_FALSE(AttentionRows::prepare(FireBias::seeded(16, 7), content, content, false));
    EXPECT_FALSE(AttentionRows::prepare(TransformerXL::seeded(8, 6), content, content, false));
    // What attention_logits rejects, this rejects too.
    RopeEncoding wide;
    wide.dim = 16;
    EXPECT_INPUT_ERROR(AttentionRows::prepare(wide, content, content, false), "--dim");
}

TEST(BlockReduction, StreamedRowsEqualTheDenseRouteForLogitsAndProbabilities) {
    const int seq_len = 97, dim = 8;
    const Matrix queries = random_normal_matrix(seq_len, dim, 2.0, 54);
    const Matrix keys = random_normal_matrix(seq_len, dim, 2.0, 55);
    for (const NamedEncoding& e : streamed_encodings(seq_len, dim))
        for (bool causal : {false, true})
            for (bool softmax : {false, true}) {
                Matrix dense = attention_logits(e.encoding, queries, keys, causal);
                if (softmax) dense = softmax_rows(dense);
                const AttentionRows rows =
                    *AttentionRows::prepare(e.encoding, queries, keys, causal);
                for (int resolution : {1, 10, 32, 97}) {
                    const std::string what = e.name + (causal ? " causal" : "") +
                                             (softmax ? " softmax" : "") +
                                             " R=" + std::to_string(resolution);
                    expect_logits_near(block_max_abs_of_rows(rows, resolution, softmax),
                                       reduce_max_abs(dense, resolution), what, 1e-12);
                }
            }
}

}  // namespace
}  // namespace posviz
