// The Toeplitz shortcut (core/toeplitz.h) against the full computation. Position-independent
// content (one query vector q at every position, one key vector k) under each relative encoding:
// offset_logits and attention_logits are compared with the dense L×L logits of
// dense_reference.h, built without the shortcut.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "core/attention.h"
#include "core/random.h"
#include "core/toeplitz.h"
#include "dense_reference.h"
#include "expect_input_error.h"
#include "naive_reference.h"

namespace posviz {
namespace {

constexpr int kLen = 23;
constexpr int kDim = 8;

struct NamedEncoding {
    std::string name;
    Encoding encoding;
};

RopeEncoding rope(RopeStyle style = RopeStyle::Interleaved) {
    RopeEncoding r;
    r.dim = kDim;
    r.style = style;
    return r;
}

std::vector<NamedEncoding> relative_encodings() {
    RopeEncoding partial = rope(RopeStyle::Half);
    partial.rotary_fraction = 0.5;
    RopeEncoding linear = rope();
    linear.scaling.type = RopeScalingType::Linear;
    linear.scaling.factor = 4.0;
    RopeEncoding yarn = rope(RopeStyle::Half);
    yarn.scaling.type = RopeScalingType::Yarn;
    yarn.scaling.factor = 4.0;
    yarn.scaling.original_max_position_embeddings = 8;
    // Dynamic NTK picks its base by the sequence length: L = 23 > 16 grows it.
    RopeEncoding dynamic = rope();
    dynamic.scaling.type = RopeScalingType::Dynamic;
    dynamic.scaling.factor = 2.0;
    dynamic.scaling.max_position_embeddings = 16;
    XPosEncoding xpos;
    xpos.rope = rope();
    xpos.scale_base = 16.0;  // a visible decay within L
    TransformerXL xl_w_r = TransformerXL::seeded(kDim, 8);
    xl_w_r.w_r = random_normal_matrix(kDim, kDim, 1.0, 9);
    return {
        {"nope", NoPE{}},
        {"rope interleaved", rope()},
        {"rope half", rope(RopeStyle::Half)},
        {"rope partial", partial},
        {"rope linear", linear},
        {"rope yarn", yarn},
        {"rope dynamic", dynamic},
        {"xpos", xpos},
        {"alibi symmetric", AlibiBias{8, 2, false}},
        {"alibi causal", AlibiBias{6, 0, true}},
        {"kerple log", KerpleBias{KerpleKind::Log, 1.5, 0.7}},
        {"kerple power", KerpleBias{KerpleKind::Power, 0.3, 1.4}},
        {"t5 bidirectional", T5Bias::seeded(8, 12, true, 5)},
        {"t5 causal", T5Bias::seeded(8, 12, false, 5)},
        {"shaw", ShawRelative::seeded(kLen, kDim, 6)},
        {"shaw clip 3", ShawRelative::seeded(kLen, kDim, 6, 3)},
        {"xl", TransformerXL::seeded(kDim, 7)},
        {"xl with W_R", xl_w_r},
    };
}

void expect_near(double got, double want, const std::string& what) {
    if (std::isinf(want))
        EXPECT_EQ(got, want) << what;
    else
        EXPECT_NEAR(got, want, 1e-12 * (1.0 + std::abs(want))) << what;
}

struct PositionIndependent {
    Vector q = random_normal_matrix(1, kDim, 1.0, 101).row(0).transpose();
    Vector k = random_normal_matrix(1, kDim, 1.0, 202).row(0).transpose();
    Matrix queries = q.transpose().replicate(kLen, 1);
    Matrix keys = k.transpose().replicate(kLen, 1);
};

TEST(Toeplitz, OffsetLogitsAreTheDenseLogitsPerOffset) {
    PositionIndependent c;
    for (const auto& [name, encoding] : relative_encodings()) {
        const std::optional<Vector> of_offsets = offset_logits(encoding, c.q, c.k, kLen);
        ASSERT_TRUE(of_offsets.has_value()) << name;
        ASSERT_EQ(of_offsets->size(), 2 * kLen - 1) << name;
        const Matrix reference = dense::logits(encoding, c.queries, c.keys);
        for (int m = 0; m < kLen; ++m)
            for (int n = 0; n < kLen; ++n)
                expect_near((*of_offsets)[n - m + kLen - 1], reference(m, n),
                            name + " [" + std::to_string(m) + ", " + std::to_string(n) + "]");
    }
}

TEST(Toeplitz, AttentionLogitsOfPositionIndependentContentAreTheDenseLogits) {
    PositionIndependent c;
    for (const auto& [name, encoding] : relative_encodings()) {
        const Matrix reference = dense::logits(encoding, c.queries, c.keys);
        for (bool causal : {false, true}) {
            const Matrix logits = attention_logits(encoding, c.queries, c.keys, causal);
            Matrix want = reference;
            if (causal) apply_causal_mask(want);
            for (int m = 0; m < kLen; ++m)
                for (int n = 0; n < kLen; ++n)
                    expect_near(logits(m, n), want(m, n),
                                name + (causal ? " causal [" : " [") + std::to_string(m) + ", " +
                                    std::to_string(n) + "]");
        }
    }
}

TEST(Toeplitz, ContentOnesTakesTheShortcutAtLengthOne) {
    const Vector ones = Vector::Ones(kDim);
    for (const auto& [name, encoding] : relative_encodings()) {
        if (std::holds_alternative<ShawRelative>(encoding))
            continue;  // its table is sized for kLen
        const Matrix logits =
            attention_logits(encoding, Matrix::Ones(1, kDim), Matrix::Ones(1, kDim), false);
        ASSERT_EQ(logits.rows(), 1) << name;
        expect_near(logits(0, 0), (*offset_logits(encoding, ones, ones, 1))[0], name);
        expect_near(logits(0, 0),
                    dense::logits(encoding, Matrix::Ones(1, kDim), Matrix::Ones(1, kDim))(0, 0),
                    name);
    }
}

TEST(Toeplitz, AbsoluteEncodingsAndFireHaveNoOffsetLogits) {
    PositionIndependent c;
    EXPECT_FALSE(offset_logits(SinusoidalEncoding{kDim}, c.q, c.k, kLen).has_value());
    EXPECT_FALSE(offset_logits(LearnedEncoding::seeded(kLen, kDim, 3), c.q, c.k, kLen).has_value());
    EXPECT_FALSE(offset_logits(FireBias::seeded(4, 9), c.q, c.k, kLen).has_value());
    // attention_logits still gives FIRE's logits, whose rows past the threshold differ.
    FireBias fire = FireBias::seeded(4, 9);
    fire.threshold = 1.0;
    const Matrix logits = attention_logits(fire, c.queries, c.keys, false);
    const Matrix reference = dense::dot_logits(c.queries, c.keys) + fire.bias(kLen);
    for (int m = 0; m < kLen; ++m)
        for (int n = 0; n < kLen; ++n)
            expect_near(logits(m, n), reference(m, n),
                        "fire [" + std::to_string(m) + ", " + std::to_string(n) + "]");
}

TEST(Toeplitz, ContentThatVariesWithPositionTakesTheFullPath) {
    PositionIndependent c;
    Matrix queries = c.queries;
    queries(5, 2) += 0.5;  // one position differs: the logits are no longer Toeplitz
    Matrix keys = c.keys;
    keys(kLen - 1, 0) -= 0.25;
    EXPECT_FALSE(rows_identical(queries));
    for (const auto& [name, encoding] : relative_encodings()) {
        const Matrix reference = dense::logits(encoding, queries, c.keys);
        const Matrix logits = attention_logits(encoding, queries, c.keys, false);
        for (int m = 0; m < kLen; ++m)
            for (int n = 0; n < kLen; ++n)
                expect_near(logits(m, n), reference(m, n),
                            name + " [" + std::to_string(m) + ", " + std::to_string(n) + "]");
        const Matrix varied_keys = attention_logits(encoding, c.queries, keys, false);
        expect_near(varied_keys(3, kLen - 1), dense::logits(encoding, c.queries, keys)(3, kLen - 1),
                    name + " with a varied key");
    }
}

TEST(Toeplitz, RowsIdentical) {
    EXPECT_TRUE(rows_identical(Matrix::Ones(4, 3)));
    EXPECT_TRUE(rows_identical(Matrix::Zero(1, 3)));
    Matrix x = Matrix::Ones(4, 3);
    x(3, 2) = 1.0 + 1e-15;
    EXPECT_FALSE(rows_identical(x));
}

TEST(Toeplitz, TheShortcutRejectsWhatTheFullPathRejects) {
    PositionIndependent c;
    RopeEncoding wide = rope();
    wide.dim = 2 * kDim;
    EXPECT_INPUT_ERROR(attention_logits(wide, c.queries, c.keys, false), "--dim");
    EXPECT_INPUT_ERROR(
        attention_logits(ShawRelative::seeded(kLen - 1, kDim, 1), c.queries, c.keys, false),
        "--rel-table");
    EXPECT_INPUT_ERROR(attention_logits(AlibiBias{4, 4, false}, c.queries, c.keys, false),
                       "--head");
    EXPECT_INPUT_ERROR(offset_logits(NoPE{}, c.q, Vector::Ones(kDim + 1), kLen), "--keys");
}

}  // namespace
}  // namespace posviz
