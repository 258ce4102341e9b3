// The Toeplitz shortcut (core/toeplitz.h) against the full computation. Position-independent
// content (one query vector q at every position, one key vector k) under each relative encoding:
// offset_logits and attention_logits are compared with dense L×L logits built without the
// shortcut — the encodings' own L×L methods (rotate, ShawRelative::logits, TransformerXL::logits)
// followed by per-(m, n) dot products, and per-(m, n) formulas of the papers for the biases.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "core/attention.h"
#include "core/random.h"
#include "core/toeplitz.h"
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

// [m, n] = queries.row(m) · keys.row(n) / sqrt(D), one (m, n) at a time.
Matrix dense_dot(const Matrix& queries, const Matrix& keys) {
    const double scale = 1.0 / std::sqrt(double(queries.cols()));
    return naive::matrix_of(int(queries.rows()), int(keys.rows()),
                            [&](int m, int n) { return naive::dot(queries, m, keys, n) * scale; });
}

// The logits without the shortcut, for content whose rows may well be identical.
Matrix dense_logits(const Encoding& encoding, const Matrix& queries, const Matrix& keys) {
    const int seq_len = int(queries.rows());
    const Matrix content = dense_dot(queries, keys);
    auto plus_bias = [&](auto bias) {
        return naive::matrix_of(seq_len, seq_len,
                                [&](int m, int n) { return content(m, n) + bias(m, n); });
    };
    if (std::holds_alternative<NoPE>(encoding)) return content;
    if (const auto* e = std::get_if<RopeEncoding>(&encoding))
        return dense_dot(e->rotate(queries), e->rotate(keys));
    if (const auto* e = std::get_if<XPosEncoding>(&encoding))
        return dense_dot(e->rotate_queries(queries), e->rotate_keys(keys));
    if (const auto* e = std::get_if<ShawRelative>(&encoding)) return e->logits(queries, keys);
    if (const auto* e = std::get_if<TransformerXL>(&encoding)) return e->logits(queries, keys);
    // Press et al. 2022 §3: -slope·|m - n|, -inf for n > m when causal.
    if (const auto* e = std::get_if<AlibiBias>(&encoding))
        return plus_bias([&](int m, int n) {
            return e->causal && n > m ? naive::kNegInf : -e->slope() * std::abs(m - n);
        });
    // Chi et al. 2022 §4.
    if (const auto* e = std::get_if<KerpleBias>(&encoding))
        return plus_bias([&](int m, int n) {
            const double d = std::abs(m - n);
            return e->kind == KerpleKind::Log ? -e->r1 * std::log(1.0 + e->r2 * d)
                                              : -e->r1 * std::pow(d, e->r2);
        });
    if (const auto* e = std::get_if<T5Bias>(&encoding))
        return plus_bias([&](int m, int n) {
            return e->bucket_bias[t5_relative_position_bucket(n - m, e->bidirectional,
                                                              e->num_buckets, e->max_distance)];
        });
    ADD_FAILURE() << "no dense reference for " << encoding_name(encoding);
    return Matrix();
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
        const Matrix dense = dense_logits(encoding, c.queries, c.keys);
        for (int m = 0; m < kLen; ++m)
            for (int n = 0; n < kLen; ++n)
                expect_near((*of_offsets)[n - m + kLen - 1], dense(m, n),
                            name + " [" + std::to_string(m) + ", " + std::to_string(n) + "]");
    }
}

TEST(Toeplitz, AttentionLogitsOfPositionIndependentContentAreTheDenseLogits) {
    PositionIndependent c;
    for (const auto& [name, encoding] : relative_encodings()) {
        Matrix dense = dense_logits(encoding, c.queries, c.keys);
        for (bool causal : {false, true}) {
            const Matrix logits = attention_logits(encoding, c.queries, c.keys, causal);
            Matrix want = dense;
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
                    dense_logits(encoding, Matrix::Ones(1, kDim), Matrix::Ones(1, kDim))(0, 0),
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
    const Matrix dense = dense_dot(c.queries, c.keys) + fire.bias(kLen);
    for (int m = 0; m < kLen; ++m)
        for (int n = 0; n < kLen; ++n)
            expect_near(logits(m, n), dense(m, n),
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
        const Matrix dense = dense_logits(encoding, queries, c.keys);
        const Matrix logits = attention_logits(encoding, queries, c.keys, false);
        for (int m = 0; m < kLen; ++m)
            for (int n = 0; n < kLen; ++n)
                expect_near(logits(m, n), dense(m, n),
                            name + " [" + std::to_string(m) + ", " + std::to_string(n) + "]");
        const Matrix varied_keys = attention_logits(encoding, c.queries, keys, false);
        expect_near(varied_keys(3, kLen - 1), dense_logits(encoding, c.queries, keys)(3, kLen - 1),
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
