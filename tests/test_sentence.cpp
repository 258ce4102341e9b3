// Sentence content (issue 11 item 6): tokens, their vectors, L from the sentence, and order
// blindness shown on words.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/analyses/permutation.h"
#include "core/figure/ticks.h"
#include "core/figures/figures.h"
#include "core/formats/npy.h"
#include "core/formats/scene_json.h"
#include "core/limits.h"
#include "core/scene.h"
#include "core/sentence.h"
#include "expect_input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

using Tokens = std::vector<std::string>;

TEST(Sentence, WordsSplitOnSpacesAndEveryCjkCharacterIsAToken) {
    EXPECT_EQ(sentence_tokens("dog bites man", "s"), (Tokens{"dog", "bites", "man"}));
    EXPECT_EQ(sentence_tokens("  the\tcat\n sat  ", "s"), (Tokens{"the", "cat", "sat"}));
    EXPECT_EQ(sentence_tokens("我爱 NLP模型", "s"), (Tokens{"我", "爱", "NLP", "模", "型"}));
    // U+3000 (ideographic space) separates; full-width punctuation is a token of its own.
    EXPECT_EQ(sentence_tokens("a\u3000b", "s"), (Tokens{"a", "b"}));
    EXPECT_EQ(sentence_tokens("Hello，世界！", "s"), (Tokens{"Hello", "，", "世", "界", "！"}));
    // Kana are one token a character; Hangul keeps its words (Korean is written with spaces).
    EXPECT_EQ(sentence_tokens("ねこ", "s"), (Tokens{"ね", "こ"}));
    EXPECT_EQ(sentence_tokens("안녕 하세요", "s"), (Tokens{"안녕", "하세요"}));
    // Punctuation stays with its word outside CJK text; case is kept.
    EXPECT_EQ(sentence_tokens("The end.", "s"), (Tokens{"The", "end."}));
}

TEST(Sentence, BadTextIsAnInputErrorNamingTheSource) {
    EXPECT_INPUT_ERROR(sentence_tokens("", "--sentence"), "--sentence");
    EXPECT_INPUT_ERROR(sentence_tokens(" \t\u3000 ", "--sentence"), "--sentence");
    EXPECT_INPUT_ERROR(sentence_tokens("ok \xff", "--sentence"), "--sentence");
    EXPECT_INPUT_ERROR(sentence_tokens("\xC0\xAF", "--sentence"), "--sentence");  // overlong '/'
    EXPECT_INPUT_ERROR(sentence_tokens("\xED\xA0\x80", "--sentence"), "--sentence");  // surrogate
    EXPECT_INPUT_ERROR(sentence_tokens("\xE4\xBD", "--sentence"), "--sentence");      // cut short
    try {
        sentence_tokens("ab \xff", "--sentence");
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("0xFF at offset 3"), std::string::npos) << e.what();
    }
    // A million tokens are refused after the first kMaxSentenceTokens, without building them all.
    std::string huge;
    for (int i = 0; i < 1000000; ++i) huge += "w ";
    try {
        sentence_tokens(huge, "--sentence");
        ADD_FAILURE() << "a million tokens were taken";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(std::to_string(limits::kMaxSentenceTokens)),
                  std::string::npos)
            << e.what();
    }
}

TEST(Sentence, TokenHashIsFnv1a64) {
    // Published FNV-1a 64-bit test vectors (Fowler, Noll, Vo).
    EXPECT_EQ(token_hash(""), 0xcbf29ce484222325ULL);
    EXPECT_EQ(token_hash("a"), 0xaf63dc4c8601ec8cULL);
    EXPECT_EQ(token_hash("foobar"), 0x85944171f73967e8ULL);
}

TEST(Sentence, TheSameWordAlwaysGetsTheSameVector) {
    Scene a;
    a.content = "sentence";
    a.sentence = "the dog bites the man";
    a.dim = 8;
    fit_length_to_sentence(a);
    ASSERT_EQ(a.seq_len, 5);
    const Content ca = make_content(a);
    ASSERT_EQ(ca.queries.rows(), 5);
    EXPECT_EQ(ca.queries.row(0), ca.queries.row(3));  // "the" twice
    EXPECT_EQ(ca.keys.row(0), ca.keys.row(3));
    EXPECT_NE(ca.queries.row(0), ca.queries.row(1));
    EXPECT_NE(ca.queries.row(1), ca.keys.row(1));  // q and k of a word differ, as W_q x and W_k x

    Scene b = a;  // another sentence and another seed: "dog" keeps its vector
    b.sentence = "dog";
    b.seed = 99;
    fit_length_to_sentence(b);
    const Content cb = make_content(b);
    EXPECT_EQ(cb.queries.row(0), ca.queries.row(1));
    EXPECT_EQ(cb.keys.row(0), ca.keys.row(1));
    // Standard normal entries, like random content: over many words the mean is near 0 and the
    // variance near 1.
    std::string many;
    for (int i = 0; i < 400; ++i) many.append("w").append(std::to_string(i)).append(" ");
    const Matrix v = token_vectors(sentence_tokens(many, "s"), 16, TokenRole::Query);
    const double mean = v.mean();
    const double variance = (v.array() - mean).square().mean();
    EXPECT_NEAR(mean, 0.0, 0.05);
    EXPECT_NEAR(variance, 1.0, 0.08);
}

TEST(Sentence, LengthComesFromTheSentenceAndMustAgree) {
    Scene s;
    s.content = "sentence";
    s.sentence = "狗咬人";
    fit_length_to_sentence(s);
    EXPECT_EQ(s.seq_len, 3);
    validate_scene(s);
    s.seq_len = 4;
    EXPECT_INPUT_ERROR(validate_scene(s), "--seq-len");
    EXPECT_INPUT_ERROR(validate_scene(s, "p.json: scene"), "p.json: scene.seq_len");
    s.sentence = "";
    EXPECT_INPUT_ERROR(validate_scene(s), "--sentence");

    // In JSON, a sentence sets L unless seq_len is written.
    const Scene read = scene_from_text(R"({"content": "sentence", "sentence": "a b c d"})");
    EXPECT_EQ(read.seq_len, 4);
    const Scene written =
        scene_from_text(R"({"content": "sentence", "sentence": "a b", "seq_len": 7})");
    EXPECT_EQ(written.seq_len, 7);
    EXPECT_INPUT_ERROR(validate_scene(written, "scene"), "scene.seq_len");
    EXPECT_INPUT_ERROR(scene_from_text(R"({"content": "sentence", "sentence": " "})"),
                       "scene.sentence");
}

TEST(Sentence, PermutationFigureReversesTheSentenceAndLabelsTokens) {
    Scene s;
    s.figure = "permutation";
    s.encoding = "sinusoidal";
    s.dim = 16;
    s.content = "sentence";
    s.sentence = "dog bites man";
    fit_length_to_sentence(s);
    const Figure f = build_figure(s, FigureOptions{});
    ASSERT_EQ(f.panels.size(), 6u);
    EXPECT_NE(f.panels[0].title.find("“dog bites man”"), std::string::npos) << f.panels[0].title;
    EXPECT_NE(f.panels[1].title.find("“man bites dog”"), std::string::npos) << f.panels[1].title;
    EXPECT_EQ(f.panels[0].x.tick_labels, (Tokens{"dog", "bites", "man"}));
    EXPECT_EQ(f.panels[1].y.tick_labels, (Tokens{"man", "bites", "dog"}));

    // The numbers behind the point: without a PE, attention("man bites dog") is attention("dog
    // bites man") with rows and columns reversed; with sinusoidal PE it is not.
    const Matrix x = make_content(s).queries;
    const PermutationStudy blind = permutation_study(NoPE{}, x, std::vector<int>{2, 1, 0});
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            EXPECT_NEAR(blind.attention_px(r, c), blind.attention_x(2 - r, 2 - c), 1e-12);
    const PermutationStudy seeing =
        permutation_study(make_encoding(s), x, std::vector<int>{2, 1, 0});
    double largest = 0.0;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            largest = std::max(
                largest, std::abs(seeing.attention_px(r, c) - seeing.attention_x(2 - r, 2 - c)));
    EXPECT_GT(largest, 1e-3);
}

TEST(Sentence, ThroughTheBinaryRepeatedWordsAreIndistinguishableWithoutPe) {
    const std::string dir = testing::make_temp_dir();
    const std::string common =
        "export scores --content sentence --sentence 'the cat saw the dog' --dim 16 ";
    ASSERT_EQ(testing::run_posviz(common + "--encoding nope -o " + dir + "/nope.npy").status, 0);
    ASSERT_EQ(testing::run_posviz(common + "--encoding sinusoidal -o " + dir + "/pe.npy").status,
              0);
    const Matrix nope = read_npy_matrix(dir + "/nope.npy", "nope");
    const Matrix pe = read_npy_matrix(dir + "/pe.npy", "pe");
    ASSERT_EQ(nope.rows(), 5);
    ASSERT_EQ(nope.cols(), 5);
    // "the" at positions 0 and 3: identical rows and columns without a PE, different with one.
    EXPECT_NEAR((nope.row(0) - nope.row(3)).cwiseAbs().maxCoeff(), 0.0, 1e-12);
    EXPECT_NEAR((nope.col(0) - nope.col(3)).cwiseAbs().maxCoeff(), 0.0, 1e-12);
    EXPECT_GT((pe.row(0) - pe.row(3)).cwiseAbs().maxCoeff(), 1e-3);

    const auto mismatch = testing::run_posviz(common + "--seq-len 4 -o " + dir + "/x.npy");
    EXPECT_EQ(mismatch.status, 2);
    EXPECT_NE(mismatch.err.find("--seq-len"), std::string::npos) << mismatch.err;
    const auto missing =
        testing::run_posviz("export scores --content sentence -o " + dir + "/y.npy");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("--sentence"), std::string::npos) << missing.err;
    EXPECT_FALSE(testing::file_exists(dir + "/x.npy"));
    EXPECT_FALSE(testing::file_exists(dir + "/y.npy"));
}

TEST(Sentence, TickLabelsThinToEveryKthThatFits) {
    Ticks t;
    for (int i = 0; i < 64; ++i) {
        t.values.push_back(i);
        t.labels.push_back(std::string("w").append(std::to_string(i)));
    }
    // 64 labels of extent 10 in 200: every 4th (16 × 10 = 160 fits; every 3rd, 22 × 10, does not).
    const Ticks thin = thin_to_fit(t, 200.0, 10.0);
    ASSERT_EQ(thin.values.size(), 16u);
    EXPECT_EQ(thin.values.front(), 0.0);
    EXPECT_EQ(thin.values[1], 4.0);
    EXPECT_EQ(thin.labels[15], "w60");
    EXPECT_EQ(thin_to_fit(t, 1000.0, 10.0).values.size(), 64u);
}

}  // namespace
}  // namespace posviz
