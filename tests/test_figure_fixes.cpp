// The figures of issue 13 §5, checked against numbers worked out here: xPos's decay curve (a
// second, plain implementation of RoFormer's bound with xPos's scale, and the bound holding for
// real xPos logits), Tensor2Tensor's frequencies for the halves layout, T5's staircase, bias
// --compare, the model's own scaling in `scalings`, and `extrapolation` (one panel per scaling
// since issue 22) with the training length marked and context-length ticks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <set>
#include <string>

#include "core/analyses/decay.h"
#include "core/encodings/xpos.h"
#include "core/figure_data.h"
#include "core/figures/figures.h"
#include "core/formats/hf_config/model_scene.h"
#include "core/random.h"
#include "core/scene.h"
#include "expect_input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

using testing::make_temp_dir;
using testing::read_file;
using testing::run_posviz;

// RoFormer's bound written out, with xPos's scale: (1/(D/2))·Σ_{j=1..D/2} |Σ_{k<j} a_k|,
// a_k = zeta_k^(r/B)·e^{i·r·theta_k}, theta_k = base^(-2k/D), zeta_k = (2k/D + gamma)/(1 + gamma)
// (torchscale XPOS: (arange(0, D, 2) + 0.4·D) / (1.4·D)). zeta_k = 1 gives RoPE's.
double plain_bound(int dim, double base, double gamma, double scale_base, int r, bool xpos) {
    double total = 0.0;
    for (int j = 1; j <= dim / 2; ++j) {
        double re = 0.0, im = 0.0;
        for (int k = 0; k < j; ++k) {
            const double theta = std::pow(base, -2.0 * k / dim);
            const double zeta = xpos ? (2.0 * k / dim + gamma) / (1.0 + gamma) : 1.0;
            const double magnitude = std::pow(zeta, r / scale_base);
            re += magnitude * std::cos(r * theta);
            im += magnitude * std::sin(r * theta);
        }
        total += std::hypot(re, im);
    }
    return total / (dim / 2);
}

Scene decay_scene(const std::string& encoding) {
    Scene s;
    s.figure = "decay";
    s.encoding = encoding;
    s.seq_len = 4096;
    s.dim = 32;
    return s;
}

TEST(FigureFixes, XposDecayIsRoformersBoundWithXposScale) {
    const Figure f = build_figure(decay_scene("xpos"), {});
    ASSERT_EQ(f.panels[0].lines.size(), 1u);
    const LineSeries& curve = f.panels[0].lines[0];
    ASSERT_EQ(curve.y.size(), 4096u);
    for (int r : {0, 1, 7, 100, 1000, 4095})
        EXPECT_NEAR(curve.y[size_t(r)], plain_bound(32, 10000.0, 0.4, 512.0, r, true), 1e-9) << r;
    // r = 0: every S_j has magnitude j, as for RoPE: (1/16)·(1 + … + 16) = 8.5.
    EXPECT_NEAR(curve.y[0], 8.5, 1e-12);
    // Far out xPos's scale has shrunk every term: zeta_0^(4095/512) = (0.4/1.4)^8 ≈ 4.4e-5, so
    // its curve lies well below RoPE's.
    const Figure rope = build_figure(decay_scene("rope"), {});
    EXPECT_NEAR(rope.panels[0].lines[0].y[4095], plain_bound(32, 10000.0, 0.4, 512.0, 4095, false),
                1e-9);
    EXPECT_LT(curve.y[4095], 0.5 * rope.panels[0].lines[0].y[4095]);
    // Its own title, not RoPE's.
    EXPECT_NE(f.title.find("xPos"), std::string::npos) << f.title;
    EXPECT_EQ(f.title.find("RoPE"), std::string::npos) << f.title;
    EXPECT_NE(f.subtitle.find("ζ"), std::string::npos) << f.subtitle;
    EXPECT_NE(rope.title.find("RoPE"), std::string::npos) << rope.title;
}

TEST(FigureFixes, XposDecayCurveBoundsRealXposLogits) {
    // The curve is a bound: for any q, k the xPos logit at distance r (before 1/√D) is at most
    // max_k |h_{k+1} − h_k| · (D/2) · curve(r), h_k = q_k·conj(k_k) per pair, h_{D/2} = 0.
    const int dim = 16, L = 600;
    XPosEncoding xpos;
    xpos.rope.dim = dim;
    xpos.scale_base = 64.0;  // a decay visible within L
    const Matrix q = random_normal_matrix(1, dim, 1.0, 5), k = random_normal_matrix(1, dim, 1.0, 6);
    const Matrix queries = xpos.rotate_queries(q.replicate(L, 1));
    const Matrix keys = xpos.rotate_keys(k.replicate(L, 1));
    std::vector<std::complex<double>> h(dim / 2 + 1, 0.0);
    for (int i = 0; i < dim / 2; ++i)
        h[size_t(i)] = std::complex<double>(q(0, 2 * i), q(0, 2 * i + 1)) *
                       std::conj(std::complex<double>(k(0, 2 * i), k(0, 2 * i + 1)));
    double max_step = 0.0;
    for (int i = 0; i < dim / 2; ++i) max_step = std::max(max_step, std::abs(h[i + 1] - h[i]));
    const Matrix curve = xpos_decay_bound(xpos.rope.frequencies(L).inverse_frequencies,
                                          xpos.pair_scales(), xpos.scale_base, L);
    for (int m = 0; m < L; m += 37)
        for (int n = 0; n <= m; n += 11) {
            const double logit = queries.row(m).dot(keys.row(n));
            EXPECT_LE(std::abs(logit), max_step * (dim / 2) * curve(m - n, 1) + 1e-9)
                << m << ", " << n;
        }
}

TEST(FigureFixes, XposDecayDataDiffersFromRopes) {
    // The data export follows the figure: `decay --encoding xpos` is xPos's curve.
    const std::string dir = make_temp_dir();
    for (const char* e : {"rope", "xpos"})
        ASSERT_EQ(run_posviz(std::string("export decay --seq-len 2048 --dim 32 --encoding ") + e +
                             " -o " + dir + "/" + e + ".csv")
                      .status,
                  0);
    const std::string rope = read_file(dir + "/rope.csv"), xpos = read_file(dir + "/xpos.csv");
    EXPECT_NE(rope, xpos);
    // Row r = 1000: "1000,<bound>".
    const size_t at = xpos.find("\n1000,");
    ASSERT_NE(at, std::string::npos);
    EXPECT_NEAR(std::stod(xpos.substr(at + 6)), plain_bound(32, 10000.0, 0.4, 512.0, 1000, true),
                1e-9);
}

TEST(FigureFixes, HalvesLayoutHasTensor2TensorFrequencies) {
    // get_timing_signal_1d, D = 8: 4 timescales from 1 to 10000, increment log(10000)/3, so
    // omega = exp(−i·log(10000)/3) = 1, 10000^(−1/3), 10000^(−2/3), 10^(−4).
    const Vector t2t = SinusoidalEncoding{8, 10000.0, SinusoidalLayout::Halves}.frequencies();
    ASSERT_EQ(t2t.size(), 4);
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(t2t[i], std::exp(-i * std::log(10000.0) / 3.0), 1e-15) << i;
    EXPECT_NEAR(t2t[3], 1e-4, 1e-18);
    // Vaswani's for the interleaved layout: 10000^(−2i/8) = 1, 0.1, 0.01, 0.001.
    const Vector vaswani =
        SinusoidalEncoding{8, 10000.0, SinusoidalLayout::Interleaved}.frequencies();
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(vaswani[i], std::pow(10.0, -i), 1e-15) << i;
    // The halves table: [sin | cos] at those frequencies; position 5, pair 1.
    const Matrix pe = SinusoidalEncoding{8, 10000.0, SinusoidalLayout::Halves}.table(6);
    EXPECT_NEAR(pe(5, 1), std::sin(5.0 * std::pow(10000.0, -1.0 / 3.0)), 1e-15);
    EXPECT_NEAR(pe(5, 5), std::cos(5.0 * std::pow(10000.0, -1.0 / 3.0)), 1e-15);
    // One pair (D = 2): a single timescale, omega_0 = 1 (T2T divides by max(1, n − 1)).
    EXPECT_EQ(SinusoidalEncoding({2, 10000.0, SinusoidalLayout::Halves}).frequencies()[0], 1.0);
    // The figures say which formula they use.
    Scene s;
    s.figure = "curves";
    s.encoding = "sinusoidal";
    s.sinusoidal_layout = "halves";
    EXPECT_NE(build_figure(s, {}).subtitle.find("base⁻ⁱᐟ⁽ᴰᐟ²⁻¹⁾"), std::string::npos);
}

Scene bias_scene(const std::string& encoding) {
    Scene s;
    s.figure = "bias";
    s.encoding = encoding;
    s.seq_len = 64;
    return s;
}

const LineSeries& bias_curve(const Figure& f) {
    return f.panels.back().lines.at(0);
}

// The turns figure marks the training length where it shows on its axis: the first pair that
// does not complete a turn in 512 positions, i.e. 512·θᵢ < 2π with θᵢ = 10000^(−2i/64).
TEST(FigureFixes, TurnsMarkTheFirstPairUnderOneTurnInTraining) {
    Scene s;
    s.figure = "turns";
    s.encoding = "rope";
    s.dim = 64;
    s.seq_len = 2048;
    s.rope_scaling.original_max_position_embeddings = 512;
    int first = -1;
    for (int i = 0; i < 32 && first < 0; ++i)
        if (512.0 * std::pow(10000.0, -2.0 * i / 64) < 2.0 * M_PI) first = i;
    ASSERT_GT(first, 0);
    const Figure f = build_figure(s, {});
    bool marked = false;
    for (const LineSeries& line : f.panels.at(0).lines)
        if (line.label.find("first pair under one turn in 512") != std::string::npos) {
            marked = true;
            EXPECT_EQ(line.x, (std::vector<double>{double(first), double(first)}));
        }
    EXPECT_TRUE(marked);
    EXPECT_NE(f.panels[0].lines[0].label.find("512"), std::string::npos);  // in training (512)
}

TEST(FigureFixes, T5BiasAgainstDistanceIsAStaircase) {
    EXPECT_TRUE(bias_curve(build_figure(bias_scene("t5"), {})).steps);
    EXPECT_FALSE(bias_curve(build_figure(bias_scene("alibi"), {})).steps);
    EXPECT_FALSE(bias_curve(build_figure(bias_scene("kerple"), {})).steps);
}

TEST(FigureFixes, BiasCompareDrawsEachListedEncoding) {
    Scene s = bias_scene("rope");  // --encoding stays at its default: --compare replaces it
    s.compare = {"alibi", "kerple"};
    const Figure f = build_figure(s, {});
    ASSERT_EQ(f.panels.size(), 3u);
    EXPECT_EQ(f.cols, 3);
    EXPECT_EQ(f.panels[0].title, "ALiBi");
    EXPECT_EQ(f.panels[1].title, "KERPLE");
    // ALiBi head 0 of 8: slope 2^(−8/8) = 1/2, b = −|m − n|/2; KERPLE log, r1 = r2 = 1:
    // b = −log(1 + |m − n|).
    const Matrix& alibi = f.panels[0].heatmap->values;
    const Matrix& kerple = f.panels[1].heatmap->values;
    for (int m : {0, 9, 63})
        for (int n : {0, 30, 63}) {
            EXPECT_NEAR(alibi(m, n), -0.5 * std::abs(m - n), 1e-12);
            EXPECT_NEAR(kerple(m, n), -std::log(1.0 + std::abs(m - n)), 1e-12);
        }
    const Panel& curves = f.panels[2];
    ASSERT_EQ(curves.lines.size(), 2u);
    EXPECT_EQ(curves.lines[0].label, "ALiBi");
    EXPECT_EQ(curves.lines[1].label, "KERPLE");
    // Distance −63 … 63; at m − n = 10: −5 and −log 11.
    EXPECT_NEAR(curves.lines[0].y[63 + 10], -5.0, 1e-12);
    EXPECT_NEAR(curves.lines[1].y[63 + 10], -std::log(11.0), 1e-12);
    s.compare = {"alibi", "rope"};
    EXPECT_INPUT_ERROR(build_figure(s, {}), "--compare");
}

TEST(FigureFixes, EveryCompareFigureTakesWhatItNamesOthersRefuse) {
    const std::string dir = make_temp_dir();
    // The README's example and the issue's: neither names --encoding.
    for (const std::string args :
         {"bias --compare alibi,kerple", "scores --compare rope,alibi,t5,sinusoidal --causal",
          "decay --compare xpos,rope", "wavelengths --encoding alibi --compare rope,xpos"}) {
        const auto r = run_posviz("export " + args + " --seq-len 32 --dim 16 -o " + dir + "/f.png");
        EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    }
    // A figure that draws one encoding says so instead of dropping the list.
    const auto pe =
        run_posviz("export pe --encoding sinusoidal --compare rope -o " + dir + "/p.png");
    EXPECT_EQ(pe.status, 2);
    EXPECT_NE(pe.err.find("--compare"), std::string::npos) << pe.err;
    EXPECT_FALSE(testing::file_exists(dir + "/p.png"));
    // So does a data export, which holds one encoding's numbers.
    const auto data = run_posviz("export bias --compare alibi,kerple -o " + dir + "/b.npy");
    EXPECT_EQ(data.status, 2);
    EXPECT_NE(data.err.find("--compare"), std::string::npos) << data.err;
    EXPECT_FALSE(testing::file_exists(dir + "/b.npy"));
}

// The scene --model-config gives (the command line's own rule,
// core/formats/hf_config/model_scene.h).
Scene config_scene(const std::string& figure, const std::string& config, int seq_len) {
    Scene s;
    s.figure = figure;
    ModelChoice choice;
    choice.config_path = std::string(POSVIZ_TEST_DATA_DIR) + "/hf-configs/" + config;
    apply_model_to_scene(choice, s);
    s.seq_len = seq_len;
    return s;
}

TEST(FigureFixes, ScalingsIncludeTheModelsOwnMethod) {
    // Phi-3.5-mini: longrope, rotary dim 96, original 4096 → 131072.
    Scene s = config_scene("scalings", "phi-3.5-mini-instruct.json", 32768);
    const Figure f = build_figure(s, {});
    std::vector<std::string> labels;
    for (const LineSeries& l : f.panels[0].lines) labels.push_back(l.label);
    const auto model = std::find(labels.begin(), labels.end(), "LongRoPE (model)");
    ASSERT_NE(model, labels.end());
    // Its wavelengths are longrope's: 2π·base^(2i/d)·long_factor[i] past the original length.
    const LineSeries& longrope = f.panels[0].lines[size_t(model - labels.begin())];
    const Scene& sc = s;
    for (int i : {0, 20, 47}) {
        const double expected =
            2.0 * M_PI * std::pow(sc.base, 2.0 * i / 96.0) * sc.rope_scaling.long_factor[size_t(i)];
        EXPECT_NEAR(longrope.y[size_t(i)], expected, 1e-9 * expected) << i;
    }
    // The six defaults are still there, once each.
    for (const char* label : {"none", "linear (PI)", "NTK-aware", "dynamic NTK", "YaRN", "Llama 3"})
        EXPECT_EQ(std::count(labels.begin(), labels.end(), label), 1) << label;
    // Llama 3.1's own llama3 scaling takes the place of the default llama3 line.
    const Figure llama = build_figure(config_scene("scalings", "llama-3.1-8b.json", 32768), {});
    std::set<std::string> llama_labels;
    for (const LineSeries& l : llama.panels[0].lines) llama_labels.insert(l.label);
    EXPECT_EQ(llama_labels.count("Llama 3 (model)"), 1u);
    EXPECT_EQ(llama_labels.count("Llama 3"), 0u);
    // The data export names the column the same way.
    Scene data = s;
    const DataTable table = compute_figure_data(data);
    EXPECT_EQ(table.columns.back(), "longrope_model");
    EXPECT_EQ(table.columns.size(), 8u);
}

TEST(FigureFixes, ExtrapolationIsOnePanelPerScalingOverTheUnscaledCurve) {
    // Llama 2 trained at 4096; at L = 65536 each scaling gets a panel of its own (defect 7: six
    // overlapping curves did not show which scaling does what): the unscaled curve for reference,
    // the scaling's, the largest unscaled |logit| within training and the training length as a
    // vertical line; the x ticks context lengths: 0, 8k, 16k, … 64k (step 1024·8).
    Scene s = config_scene("extrapolation", "llama-2-7b.json", 65536);
    s.content = "ones";
    const Figure f = build_figure(s, {});
    ASSERT_EQ(f.panels.size(), 5u);  // linear, NTK, dynamic, YaRN, Llama 3 (none is the reference)
    EXPECT_EQ(f.panels[0].title, "linear (PI)");
    EXPECT_EQ(f.panels[4].title, "Llama 3");
    for (const Panel& p : f.panels) {
        ASSERT_EQ(p.lines.size(), 4u) << p.title;
        EXPECT_EQ(p.lines[0].label, "none");
        EXPECT_EQ(p.lines[0].x.size(), 64u);  // windows of 1024 distances
        EXPECT_EQ(p.lines[1].x.size(), 64u);
        // The r = 0 logit of all-ones q, k unscaled: (2·Σ_i cos 0)/√D = D/√D = √128; the largest
        // in training is that same first point (the cosines' sum is largest at r = 0).
        EXPECT_NEAR(p.lines[0].y[0], std::sqrt(128.0), 1e-9);
        EXPECT_NEAR(p.lines[2].y[0], std::sqrt(128.0), 1e-9);
        const LineSeries& marker = p.lines[3];
        EXPECT_EQ(marker.x, (std::vector<double>{4096.0, 4096.0}));
        EXPECT_NE(marker.label.find("4096"), std::string::npos) << marker.label;
        EXPECT_EQ(p.y.max, f.panels[0].y.max);  // one y scale for all panels
    }
    const Panel& p = f.panels[0];
    ASSERT_EQ(p.x.tick_labels.size(), 9u);
    EXPECT_EQ(p.x.tick_labels[1], "8k");
    EXPECT_EQ(p.x.tick_labels[4], "32k");
    EXPECT_EQ(p.x.tick_labels.back(), "64k");
    EXPECT_EQ(p.x.ticks[4], 32768.0);
    EXPECT_EQ(p.x.ticks.back(), 65536.0);
    for (const std::string& label : p.x.tick_labels)
        EXPECT_EQ(label.find('e'), std::string::npos) << label;
}

}  // namespace
}  // namespace posviz
