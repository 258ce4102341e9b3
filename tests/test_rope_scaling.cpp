// RoPE scalings against numbers derived independently of core/encodings/rope_scaling.cpp: by hand
// (closed forms noted next to each), or pasted from tests/reference/rope_scaling_reference.py, a
// NumPy float64 transliteration of transformers' modeling_rope_utils.py.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "core/encodings/rope_scaling.h"
#include "expect_input_error.h"

namespace posviz {
namespace {

void expect_all_near(const Vector& actual, const std::vector<double>& expected) {
    ASSERT_EQ(actual.size(), Eigen::Index(expected.size()));
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_NEAR(actual[i], expected[i], 1e-12 * std::abs(expected[i])) << "pair " << i;
}

RopeScaling make(RopeScalingType type, double factor) {
    RopeScaling s;
    s.type = type;
    s.factor = factor;
    return s;
}

TEST(RopeScaling, NoneIsRoformerFrequencies) {
    // base 10000, d = 8: theta_i = 10000^(-2i/8) = 1, 0.1, 0.01, 0.001.
    RopeFrequencies f = rope_frequencies(10000.0, 8, RopeScaling{}, 100);
    expect_all_near(f.inverse_frequencies, {1.0, 0.1, 0.01, 0.001});
    EXPECT_EQ(f.attention_factor, 1.0);
}

TEST(RopeScaling, LinearDividesEveryFrequency) {
    RopeFrequencies f = rope_frequencies(10000.0, 8, make(RopeScalingType::Linear, 4.0), 100);
    expect_all_near(f.inverse_frequencies, {0.25, 0.025, 0.0025, 0.00025});
    EXPECT_EQ(f.attention_factor, 1.0);
}

TEST(RopeScaling, StaticNtkRaisesTheBase) {
    // d = 4, factor 4: base' = 10000 · 4^(4/2) = 160000, theta_1 = 160000^(-1/2) = 1/400.
    RopeFrequencies f = rope_frequencies(10000.0, 4, make(RopeScalingType::Ntk, 4.0), 100);
    expect_all_near(f.inverse_frequencies, {1.0, 1.0 / 400.0});
}

TEST(RopeScaling, DynamicNtkUnchangedWithinMaxPositions) {
    RopeScaling s = make(RopeScalingType::Dynamic, 2.0);
    s.max_position_embeddings = 4096;
    expect_all_near(rope_frequencies(10000.0, 8, s, 4096).inverse_frequencies,
                    {1.0, 0.1, 0.01, 0.001});
    // seq_len 0 = transformers' seq_len=None at load: max_position_embeddings, so unchanged.
    expect_all_near(rope_frequencies(10000.0, 8, s, 0).inverse_frequencies,
                    {1.0, 0.1, 0.01, 0.001});
}

TEST(RopeScaling, DynamicNtkGrowsTheBaseWithLength) {
    RopeScaling s = make(RopeScalingType::Dynamic, 2.0);
    s.max_position_embeddings = 4096;
    // d = 4, seq 8192: base' = 10000 · (2·8192/4096 − 1)^(4/2) = 90000, theta_1 = 1/300.
    expect_all_near(rope_frequencies(10000.0, 4, s, 8192).inverse_frequencies, {1.0, 1.0 / 300.0});
    // d = 128 (reference script, indices 0, 1, 32, 63).
    Vector theta = rope_frequencies(10000.0, 128, s, 8192).inverse_frequencies;
    expect_all_near(Vector{{theta[0], theta[1], theta[32], theta[63]}},
                    {1.0, 0.8509942913412162, 0.005723381508381237, 3.849273282298194e-05});
}

TEST(RopeScaling, YarnTruncatedRamp) {
    RopeScaling s = make(RopeScalingType::Yarn, 4.0);
    s.max_position_embeddings = 4096;
    s.original_max_position_embeddings = 2048;
    RopeFrequencies f = rope_frequencies(10000.0, 64, s, 100);
    // Reference script, "yarn base 1e4 dim 64 factor 4 original 2048, truncate".
    expect_all_near(f.inverse_frequencies, {1.0,
                                            0.7498942093324559,
                                            0.5623413251903491,
                                            0.4216965034285823,
                                            0.31622776601683794,
                                            0.23713737056616555,
                                            0.17782794100389226,
                                            0.1333521432163324,
                                            0.1,
                                            0.0706631081870968,
                                            0.049745578766838564,
                                            0.03487105701428661,
                                            0.024325212770525993,
                                            0.016873235982592546,
                                            0.011627211527177573,
                                            0.00794983930712751,
                                            0.005384615384615384,
                                            0.0036052606217906536,
                                            0.002379136375805323,
                                            0.0015408141471428968,
                                            0.0009730085108210396,
                                            0.0005928434264154137,
                                            0.00044456985250973074,
                                            0.000333380358040831,
                                            0.00025,
                                            0.00018747355233311394,
                                            0.00014058533129758727,
                                            0.00010542412585714557,
                                            7.905694150420948e-05,
                                            5.9284342641541385e-05,
                                            4.445698525097307e-05,
                                            3.33380358040831e-05});
    // By hand: 0.1·ln 4 + 1 (YaRN eq. 22).
    EXPECT_NEAR(f.attention_factor, 0.1 * std::log(4.0) + 1.0, 1e-15);
}

TEST(RopeScaling, YarnDeepSeekMscaleWithoutTruncation) {
    RopeScaling s = make(RopeScalingType::Yarn, 40.0);
    s.max_position_embeddings = 163840;
    s.original_max_position_embeddings = 4096;
    s.mscale = 0.707;
    s.mscale_all_dim = 1.0;
    s.truncate = false;
    RopeFrequencies f = rope_frequencies(10000.0, 64, s, 100);
    expect_all_near(f.inverse_frequencies, {1.0,
                                            0.7498942093324559,
                                            0.5623413251903491,
                                            0.4216965034285823,
                                            0.31622776601683794,
                                            0.23713737056616555,
                                            0.17782794100389226,
                                            0.1333521432163324,
                                            0.1,
                                            0.07498942093324558,
                                            0.056234132519034905,
                                            0.04036758449441141,
                                            0.02771085847508042,
                                            0.01886006365286733,
                                            0.012703144164814531,
                                            0.008446235311291834,
                                            0.005524062977468265,
                                            0.003535258519761141,
                                            0.0021957308897397687,
                                            0.0013051097980435558,
                                            0.0007226383418941806,
                                            0.0003498874427053847,
                                            0.00011838773159168898,
                                            3.33380358040831e-05,
                                            2.5e-05,
                                            1.8747355233311396e-05,
                                            1.4058533129758728e-05,
                                            1.0542412585714557e-05,
                                            7.905694150420947e-06,
                                            5.9284342641541385e-06,
                                            4.445698525097307e-06,
                                            3.33380358040831e-06});
    // By hand: (0.1·0.707·ln 40 + 1) / (0.1·1.0·ln 40 + 1).
    double l = std::log(40.0);
    EXPECT_NEAR(f.attention_factor, (0.0707 * l + 1.0) / (0.1 * l + 1.0), 1e-15);
}

TEST(RopeScaling, YarnFallsBackToMaxPositionsAndHonoursExplicitAttention) {
    RopeScaling s = make(RopeScalingType::Yarn, 2.0);
    s.max_position_embeddings = 8192;
    RopeFrequencies f = rope_frequencies(500000.0, 16, s, 100);
    expect_all_near(f.inverse_frequencies,
                    {1.0, 0.19392274474868576, 0.03760603093086393, 0.0060772206143475905,
                     0.0009428090415820634, 0.00013712408783810365, 2.6591479484724945e-05,
                     5.15669268860623e-06});
    EXPECT_NEAR(f.attention_factor, 1.0693147180559945, 1e-15);
    s.attention_factor = 0.5;
    EXPECT_EQ(rope_frequencies(500000.0, 16, s, 100).attention_factor, 0.5);
}

TEST(RopeScaling, Llama3MatchesReferenceForLlama31) {
    RopeScaling s = make(RopeScalingType::Llama3, 8.0);
    s.low_freq_factor = 1.0;
    s.high_freq_factor = 4.0;
    s.original_max_position_embeddings = 8192;
    s.max_position_embeddings = 131072;
    RopeFrequencies f = rope_frequencies(500000.0, 128, s, 100);
    expect_all_near(f.inverse_frequencies, {1.0,
                                            0.8146172338565447,
                                            0.6636012376960885,
                                            0.540581004635767,
                                            0.44036660267178046,
                                            0.35873022375128993,
                                            0.2922278225730151,
                                            0.2380538204803507,
                                            0.19392274474868576,
                                            0.15797280990904317,
                                            0.12868737343265052,
                                            0.10483095217796996,
                                            0.08539710028576561,
                                            0.06956594961416032,
                                            0.056669621445291044,
                                            0.04616405026546052,
                                            0.03760603093086393,
                                            0.030634520893224042,
                                            0.024955408670558694,
                                            0.020329105980970156,
                                            0.016560440080994446,
                                            0.013490419890226748,
                                            0.010989528534539826,
                                            0.0089522593361944,
                                            0.0072926647372171085,
                                            0.005940730375674967,
                                            0.004839421345719893,
                                            0.003942276030116656,
                                            0.0032114459947525913,
                                            0.002166570763503359,
                                            0.0013718935677611381,
                                            0.0008567514129196321,
                                            0.0005248461609929547,
                                            0.00031269375038406517,
                                            0.00017850781276799638,
                                            9.556212353964683e-05,
                                            7.78465527393245e-05,
                                            6.341514345777615e-05,
                                            5.165906874818956e-05,
                                            4.208236768725526e-05,
                                            3.428102195952591e-05,
                                            2.7925911282444464e-05,
                                            2.2748928601828183e-05,
                                            1.8531669290821308e-05,
                                            1.509621717643313e-05,
                                            1.2297638677963614e-05,
                                            1.0017868402809974e-05,
                                            8.160728247435943e-06,
                                            6.647869871181236e-06,
                                            5.415469365499923e-06,
                                            4.411534674558404e-06,
                                            3.593712173650999e-06,
                                            2.9274998701761677e-06,
                                            2.3847918463583037e-06,
                                            1.942692537204043e-06,
                                            1.58255082089091e-06,
                                            1.2891731721515574e-06,
                                            1.0501826834601687e-06,
                                            8.55496912644366e-07,
                                            6.969025285511675e-07,
                                            5.677088100759837e-07,
                                            4.6246538050008837e-07,
                                            3.7673226901739635e-07,
                                            3.068925988914511e-07});
    // By hand, the two outer bands: pair 0 (wavelength 2π < 2048) unchanged; pair 63
    // (wavelength > 8192) divided by 8.
    EXPECT_EQ(f.inverse_frequencies[0], 1.0);
    EXPECT_NEAR(f.inverse_frequencies[63], std::pow(500000.0, -126.0 / 128.0) / 8.0, 1e-20);
    EXPECT_EQ(f.attention_factor, 1.0);
}

TEST(RopeScaling, LongRopeShortThenLongFactors) {
    RopeScaling s;
    s.type = RopeScalingType::LongRope;
    s.short_factor = {1.0, 2.0, 3.0, 4.0};
    s.long_factor = {5.0, 6.0, 7.0, 8.0};
    s.max_position_embeddings = 8192;
    s.original_max_position_embeddings = 2048;
    // d = 8: theta_i = 1 / (ext_i · 10000^(i/4)).
    RopeFrequencies at_2048 = rope_frequencies(10000.0, 8, s, 2048);
    expect_all_near(at_2048.inverse_frequencies, {1.0, 0.1 / 2.0, 0.01 / 3.0, 0.001 / 4.0});
    RopeFrequencies at_2049 = rope_frequencies(10000.0, 8, s, 2049);
    expect_all_near(at_2049.inverse_frequencies, {1.0 / 5.0, 0.1 / 6.0, 0.01 / 7.0, 0.001 / 8.0});
    // factor = 8192/2048 = 4: sqrt(1 + ln 4 / ln 2048) = sqrt(1 + 2/11).
    EXPECT_NEAR(at_2048.attention_factor, std::sqrt(1.0 + 2.0 / 11.0), 1e-15);
    EXPECT_EQ(at_2049.attention_factor, at_2048.attention_factor);
}

TEST(RopeScaling, LongRopeWithoutOriginalUsesFactor) {
    RopeScaling s;
    s.type = RopeScalingType::LongRope;
    s.short_factor = {1.0, 1.0};
    s.long_factor = {2.0, 2.0};
    s.max_position_embeddings = 4096;
    s.factor = 8.0;
    // original = max_position_embeddings = 4096 = 2^12; sqrt(1 + ln 8 / ln 4096) = sqrt(1.25).
    RopeFrequencies f = rope_frequencies(10000.0, 4, s, 5000);
    EXPECT_NEAR(f.attention_factor, std::sqrt(1.25), 1e-15);
    expect_all_near(f.inverse_frequencies, {0.5, 0.005});
}

TEST(RopeScaling, ParsesNamesAndAliases) {
    EXPECT_EQ(parse_rope_scaling_type("default"), RopeScalingType::None);
    EXPECT_EQ(parse_rope_scaling_type("none"), RopeScalingType::None);
    EXPECT_EQ(parse_rope_scaling_type("linear"), RopeScalingType::Linear);
    EXPECT_EQ(parse_rope_scaling_type("ntk"), RopeScalingType::Ntk);
    EXPECT_EQ(parse_rope_scaling_type("dynamic"), RopeScalingType::Dynamic);
    EXPECT_EQ(parse_rope_scaling_type("yarn"), RopeScalingType::Yarn);
    EXPECT_EQ(parse_rope_scaling_type("llama3"), RopeScalingType::Llama3);
    EXPECT_EQ(parse_rope_scaling_type("longrope"), RopeScalingType::LongRope);
    EXPECT_EQ(parse_rope_scaling_type("su"), RopeScalingType::LongRope);
    for (RopeScalingType t : {RopeScalingType::None, RopeScalingType::Linear, RopeScalingType::Ntk,
                              RopeScalingType::Dynamic, RopeScalingType::Yarn,
                              RopeScalingType::Llama3, RopeScalingType::LongRope})
        EXPECT_EQ(parse_rope_scaling_type(rope_scaling_name(t)), t);
}

TEST(RopeScaling, RejectsBadInput) {
    EXPECT_INPUT_ERROR(parse_rope_scaling_type("turbo"), "rope_scaling.rope_type");
    EXPECT_INPUT_ERROR(parse_rope_scaling_type("turbo", "--rope-scaling"), "--rope-scaling");
    for (double bad : {0.5, std::nan(""), std::numeric_limits<double>::infinity()})
        EXPECT_INPUT_ERROR(rope_frequencies(10000.0, 8, make(RopeScalingType::Linear, bad), 10),
                           "rope_scaling.factor");
    EXPECT_INPUT_ERROR(rope_frequencies(10000.0, 2, make(RopeScalingType::Ntk, 2.0), 10),
                       "rotary_dim");

    RopeScaling dynamic = make(RopeScalingType::Dynamic, 2.0);
    EXPECT_INPUT_ERROR(rope_frequencies(10000.0, 8, dynamic, 10), "max_position_embeddings");

    RopeScaling llama = make(RopeScalingType::Llama3, 8.0);
    EXPECT_INPUT_ERROR(rope_frequencies(10000.0, 8, llama, 10),
                       "rope_scaling.original_max_position_embeddings");
    llama.original_max_position_embeddings = 8192;
    llama.high_freq_factor = 0.5;  // < low_freq_factor: the bands would overlap
    EXPECT_INPUT_ERROR(rope_frequencies(10000.0, 8, llama, 10), "rope_scaling.high_freq_factor");
    // == low_freq_factor (Llama 4 Scout): no smooth band; long wavelengths divided, short kept.
    llama.high_freq_factor = 1.0;
    // Base 10^6, 8 dims: pair 2's wavelength 2π·10^3 < 8192 stays, pair 3's 2π·10^4.5 is / 8.
    const Vector equal_bands = rope_frequencies(1e6, 8, llama, 10).inverse_frequencies;
    EXPECT_DOUBLE_EQ(equal_bands[2], std::pow(1e6, -4.0 / 8));
    EXPECT_DOUBLE_EQ(equal_bands[3], std::pow(1e6, -6.0 / 8) / 8);

    RopeScaling yarn = make(RopeScalingType::Yarn, 4.0);
    EXPECT_INPUT_ERROR(rope_frequencies(10000.0, 8, yarn, 10),
                       "rope_scaling.original_max_position_embeddings");
    yarn.max_position_embeddings = 4096;
    yarn.beta_fast = 0.5;  // < beta_slow
    EXPECT_INPUT_ERROR(rope_frequencies(10000.0, 8, yarn, 10), "rope_scaling.beta_fast");
    yarn.beta_fast = 32.0;
    yarn.mscale = 1.0;
    yarn.mscale_all_dim = -20.0;  // get_mscale(4, -20) = 1 - 2·ln 4 < 0
    EXPECT_INPUT_ERROR(rope_frequencies(10000.0, 8, yarn, 10), "rope_scaling.mscale");
    yarn.attention_factor = -1.0;
    EXPECT_INPUT_ERROR(rope_frequencies(10000.0, 8, yarn, 10), "rope_scaling.attention_factor");

    RopeScaling longrope;
    longrope.type = RopeScalingType::LongRope;
    longrope.max_position_embeddings = 8192;
    longrope.original_max_position_embeddings = 2048;
    longrope.short_factor = {1.0, 1.0, 1.0};  // needs rotary_dim/2 = 4
    longrope.long_factor = {1.0, 1.0, 1.0, 1.0};
    EXPECT_INPUT_ERROR(rope_frequencies(10000.0, 8, longrope, 10), "rope_scaling.short_factor");
    longrope.short_factor = {1.0, 1.0, 1.0, 1.0};
    longrope.long_factor = {1.0, 0.0, 1.0, 1.0};
    EXPECT_INPUT_ERROR(rope_frequencies(10000.0, 8, longrope, 10), "rope_scaling.long_factor");
}

}  // namespace
}  // namespace posviz
