// The figure builders: what each figure holds, checked against values worked out here from the
// papers' formulas (not read back from the figure code), and the errors for misuse.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/figures/figure_text.h"
#include "core/figures/figures.h"
#include "core/figures/scores_backend.h"
#include "core/scene.h"
#include "expect_input_error.h"
#include "map_expectations.h"

namespace posviz {
namespace {

Scene scene_for(const std::string& figure, const std::string& encoding) {
    Scene s;
    s.figure = figure;
    s.encoding = encoding;
    s.seq_len = 32;
    s.dim = 16;
    return s;
}

bool has_cjk(const std::string& s) {
    // UTF-8 lead bytes 0xE4..0xE9 start the CJK Unified Ideographs block (U+4E00..U+9FFF).
    for (unsigned char c : s)
        if (c >= 0xe4 && c <= 0xe9) return true;
    return false;
}

TEST(FigureBuilders, EveryFigureBuildsInBothLanguages) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"wavelengths", "rope"},  {"curves", "sinusoidal"},
        {"pe", "sinusoidal"},     {"similarity", "sinusoidal"},
        {"scores", "rope"},       {"terms", "xl"},
        {"bias", "alibi"},        {"buckets", "t5"},
        {"decay", "rope"},        {"rotation", "rope"},
        {"permutation", "rope"},  {"turns", "rope"},
        {"scalings", "rope"},     {"extrapolation", "rope"},
        {"pca", "sinusoidal"},    {"base-bound", "rope"},
        {"scale-factors", "rope"}};
    EXPECT_EQ(figure_names().size(), cases.size());
    for (const auto& [figure, encoding] : cases) {
        const Scene s = scene_for(figure, encoding);
        const Figure en = build_figure(s, {"en", "", false});
        const Figure zh = build_figure(s, {"zh", "", false});
        EXPECT_FALSE(en.title.empty()) << figure;
        EXPECT_FALSE(has_cjk(en.title)) << figure << ": " << en.title;
        EXPECT_TRUE(has_cjk(zh.title)) << figure << ": " << zh.title;
        ASSERT_FALSE(en.panels.empty()) << figure;
        EXPECT_EQ(en.panels.size(), zh.panels.size()) << figure;
        EXPECT_LE(int(en.panels.size()), en.rows * en.cols) << figure;
        // The panels' words are translated too (some labels are pure formulas, so not all).
        std::string zh_words;
        for (const Panel& p : zh.panels) zh_words += p.title + p.x.label + p.y.label;
        EXPECT_TRUE(has_cjk(zh_words + zh.subtitle)) << figure;
    }
}

// "Sinusoidal" and "Learned" describe an encoding rather than name it: Chinese figures say 正弦
// and 可学习, joined to the Chinese after them without a space; names stay names.
TEST(FigureBuilders, DescriptiveEncodingNamesAreChineseInChinese) {
    const Text zh{"zh"}, en{"en"};
    EXPECT_EQ(encoding_title("sinusoidal", zh), "正弦");
    EXPECT_EQ(encoding_title("learned", zh), "可学习");
    EXPECT_EQ(encoding_title("rope", zh), "RoPE");
    EXPECT_EQ(encoding_title("sinusoidal", en), "Sinusoidal");
    EXPECT_EQ(name_then("正弦", " 位置编码矩阵"), "正弦位置编码矩阵");
    EXPECT_EQ(name_then("RoPE", " 位置编码矩阵"), "RoPE 位置编码矩阵");
    EXPECT_EQ(name_then("Sinusoidal", " positional encoding matrix"),
              "Sinusoidal positional encoding matrix");
    EXPECT_EQ(build_figure(scene_for("pe", "sinusoidal"), {"zh", "", false}).title,
              "正弦位置编码矩阵");
    EXPECT_EQ(build_figure(scene_for("curves", "learned"), {"zh", "", false}).title,
              "可学习位置编码：各维度随位置的变化");
    const Figure permutation =
        build_figure(scene_for("permutation", "sinusoidal"), {"zh", "", false});
    EXPECT_EQ(permutation.panels.back().title.find("Sinusoidal"), std::string::npos);
}

TEST(FigureBuilders, WavelengthsFollowTheBaseFormula) {
    Scene s = scene_for("wavelengths", "rope");
    const Figure f = build_figure(s, {});
    const LineSeries& wavelength = f.panels[0].lines[0];
    ASSERT_EQ(wavelength.y.size(), 8u);  // D/2 pairs
    // λᵢ = 2π / 10000^(−2i/16): 2π for i = 0, 2π·10000^(14/16) for i = 7.
    EXPECT_NEAR(wavelength.y[0], 2 * M_PI, 1e-12);
    EXPECT_NEAR(wavelength.y[7], 2 * M_PI * std::pow(10000.0, 14.0 / 16.0), 1e-6);
    EXPECT_EQ(f.panels[0].y.scale, AxisScale::Log);
}

TEST(FigureBuilders, WavelengthsCompareBasesOverlayOneCurveEach) {
    Scene s = scene_for("wavelengths", "rope");
    s.compare = {"10000", "500000"};
    const Figure f = build_figure(s, {});
    // Two curves and the context-length line.
    ASSERT_EQ(f.panels[0].lines.size(), 3u);
    EXPECT_EQ(f.panels[0].lines[1].label, "base = 500000");
    EXPECT_NEAR(f.panels[0].lines[1].y[7], 2 * M_PI * std::pow(500000.0, 14.0 / 16.0), 1e-3);
    s.compare = {"alibi"};
    EXPECT_INPUT_ERROR(build_figure(s, {}), "--compare");
}

TEST(FigureBuilders, CurvesAreTheSinusoidsOfTheirDims) {
    Scene s = scene_for("curves", "sinusoidal");
    s.dims = {2, 5};
    const Figure f = build_figure(s, {});
    ASSERT_EQ(f.panels[0].lines.size(), 2u);
    // Interleaved: dim 2 = sin(pos·ω₁), dim 5 = cos(pos·ω₂), ωᵢ = 10000^(−2i/16).
    const double w1 = std::pow(10000.0, -2.0 / 16.0), w2 = std::pow(10000.0, -4.0 / 16.0);
    EXPECT_NEAR(f.panels[0].lines[0].y[7], std::sin(7 * w1), 1e-12);
    EXPECT_NEAR(f.panels[0].lines[1].y[9], std::cos(9 * w2), 1e-12);
    EXPECT_NE(f.panels[0].lines[0].label.find("sin"), std::string::npos);
    EXPECT_NE(f.panels[0].lines[1].label.find("cos"), std::string::npos);
}

TEST(FigureBuilders, ScoresCompareSharesSymmetricLimitsAndMasksCausally) {
    Scene s = scene_for("scores", "rope");
    s.compare = {"nope", "alibi"};
    s.causal = true;
    // ALiBi adds −slope·|m − n| with slope 2^(−8/8) = 0.5 for head 0 of 8: its most negative logit
    // (m = 31, n = 0) is about −15.5, more than 4 times any content logit here, so by default each
    // panel keeps its own symmetric scale; --scale shared puts both on ±(the larger).
    const Figure apart = build_figure(s, {});
    ASSERT_EQ(apart.panels.size(), 2u);
    EXPECT_FALSE(apart.colorbar);
    std::vector<double> largest;
    for (const Panel& p : apart.panels) {
        largest.push_back(0.0);
        for (double v : p.heatmap->values.reshaped())
            if (std::isfinite(v)) largest.back() = std::max(largest.back(), std::abs(v));
        EXPECT_TRUE(p.heatmap->colorbar);
        EXPECT_EQ(p.heatmap->colormap, "RdBu_r");
        EXPECT_DOUBLE_EQ(heatmap_range(*p.heatmap).min, -largest.back());
        EXPECT_TRUE(std::isinf(p.heatmap->values(0, 1)));  // n > m is masked
    }
    EXPECT_GT(largest[1], 14.0);
    EXPECT_GT(largest[1], 4.0 * largest[0]);
    FigureOptions shared;
    shared.scale = ColourScale::Shared;
    const Figure f = build_figure(s, shared);
    ASSERT_TRUE(f.colorbar);
    for (const Panel& p : f.panels) {
        EXPECT_EQ(p.heatmap->limits, ColourLimits::Fixed);
        EXPECT_DOUBLE_EQ(p.heatmap->vmin, -largest[1]);
        EXPECT_DOUBLE_EQ(p.heatmap->vmax, largest[1]);
        EXPECT_FALSE(p.heatmap->colorbar);
    }
    EXPECT_FALSE(f.colorbar->masked_label.empty());
    s.compare = {"10000"};
    EXPECT_INPUT_ERROR(build_figure(s, {}), "--compare");
}

// --difference: the third panel is panel A − panel B cell by cell. NoPE and ALiBi see the same
// content, so NoPE − ALiBi is minus ALiBi's bias: +slope·(m − n) with slope 2^(−8/8) = 0.5 for
// head 0 of 8, on its own diverging scale centred at 0 even when A and B share theirs.
TEST(FigureBuilders, ScoresDifferenceIsAMinusBOnItsOwnScale) {
    Scene s = scene_for("scores", "rope");
    s.compare = {"nope", "alibi"};
    s.causal = true;
    FigureOptions options;
    options.difference = true;
    options.scale = ColourScale::Shared;
    const Figure f = build_figure(s, options);
    ASSERT_EQ(f.panels.size(), 3u);
    const Matrix& a = f.panels[0].heatmap->values;
    const Matrix& b = f.panels[1].heatmap->values;
    const Heatmap& d = *f.panels[2].heatmap;
    ASSERT_EQ(d.values.rows(), 32);
    ASSERT_EQ(d.values.cols(), 32);
    for (int m = 0; m < 32; ++m)
        for (int n = 0; n < 32; ++n) {
            if (n > m) {
                EXPECT_TRUE(std::isnan(d.values(m, n))) << m << "," << n;  // masked in both
                continue;
            }
            EXPECT_DOUBLE_EQ(d.values(m, n), a(m, n) - b(m, n));
            EXPECT_NEAR(d.values(m, n), 0.5 * (m - n), 1e-12) << m << "," << n;
        }
    EXPECT_EQ(d.colormap, "RdBu_r");
    EXPECT_TRUE(d.colorbar);
    EXPECT_DOUBLE_EQ(heatmap_range(d).min, -15.5);  // 0.5 · 31, at m = 31, n = 0
    EXPECT_DOUBLE_EQ(heatmap_range(d).max, 15.5);
    EXPECT_NE(f.panels[2].title.find("−"), std::string::npos);
    ASSERT_TRUE(f.colorbar);  // A and B share a bar; the difference keeps its own
    EXPECT_FALSE(f.panels[0].heatmap->colorbar);

    s.compare = {"nope", "alibi", "rope"};
    EXPECT_INPUT_ERROR(build_figure(s, options), "--difference");
    s.compare.clear();
    EXPECT_INPUT_ERROR(build_figure(s, options), "--difference");
    EXPECT_INPUT_ERROR(build_figure(scene_for("bias", "alibi"), options), "--difference");
}

TEST(FigureBuilders, SoftmaxScoresUseASequentialMapFromZero) {
    Scene s = scene_for("scores", "rope");
    s.softmax = true;
    const Figure f = build_figure(s, {});
    EXPECT_EQ(f.panels[0].heatmap->colormap, "viridis");
    EXPECT_EQ(f.panels[0].heatmap->limits, ColourLimits::Fixed);
    EXPECT_DOUBLE_EQ(f.panels[0].heatmap->vmin, 0.0);
    // Every row of probabilities sums to 1.
    EXPECT_NEAR(f.panels[0].heatmap->values.row(5).sum(), 1.0, 1e-12);
}

TEST(FigureBuilders, AdditiveTermsAddUpToTheLogits) {
    Scene s = scene_for("terms", "sinusoidal");
    const Figure terms = build_figure(s, {});
    s.figure = "scores";
    const Figure scores = build_figure(s, {});
    ASSERT_EQ(terms.panels.size(), 4u);
    Matrix sum = Matrix::Zero(32, 32);
    for (const Panel& p : terms.panels) sum += p.heatmap->values;
    EXPECT_LT((sum - scores.panels[0].heatmap->values).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(FigureBuilders, BucketsCurveStartsAtBucketZeroAndSaturates) {
    Scene s = scene_for("buckets", "t5");
    s.seq_len = 200;
    s.bidirectional = false;
    const Figure f = build_figure(s, {});
    const LineSeries& curve = f.panels[1].lines[0];
    // Unidirectional, 32 buckets, max_distance 128: distance 0 → bucket 0, distances 0..15 exact,
    // and every distance >= 128 in the last bucket, 31.
    const size_t zero = 199;  // x runs from −199 to 199
    EXPECT_DOUBLE_EQ(curve.x[zero], 0.0);
    EXPECT_DOUBLE_EQ(curve.y[zero], 0.0);
    EXPECT_DOUBLE_EQ(curve.y[zero + 15], 15.0);
    EXPECT_DOUBLE_EQ(curve.y[zero + 128], 31.0);
    EXPECT_DOUBLE_EQ(curve.y[zero + 199], 31.0);
    EXPECT_TRUE(curve.steps);
}

TEST(FigureBuilders, RotationShowsTheWorkedFrequency) {
    Scene s = scene_for("rotation", "rope");
    s.dim = 64;
    s.dims = {6};
    const Figure f = build_figure(s, {});
    ASSERT_EQ(f.panels.size(), 1u);
    // Pair 3 (dims 6, 7): θ₃ = 10000^(−6/64) = 0.42170 rad per position; the formula θᵢ =
    // 10000^(−2i/64) once in the subtitle, each panel's value in its title.
    EXPECT_EQ(f.panels[0].title, "dims (6, 7)\nθ₃ = 0.422");
    EXPECT_NE(f.subtitle.find("θᵢ = 10000⁻²ⁱᐟ⁶⁴"), std::string::npos) << f.subtitle;
    // Arrows for m = 0..8, each turned θ₃ further than the last, all of unit length.
    ASSERT_EQ(f.panels[0].arrows.size(), 9u);
    const double theta = std::pow(10000.0, -6.0 / 64.0);
    const Arrow& a0 = f.panels[0].arrows[0];
    const Arrow& a5 = f.panels[0].arrows[5];
    EXPECT_NEAR(std::hypot(a5.x1, a5.y1), 1.0, 1e-12);
    EXPECT_NEAR(
        std::remainder(std::atan2(a5.y1, a5.x1) - std::atan2(a0.y1, a0.x1) - 5 * theta, 2 * M_PI),
        0.0, 1e-12);
}

TEST(FigureBuilders, RotationFramesAdvanceThePosition) {
    Scene s = scene_for("rotation", "rope");
    s.content = "ones";
    const Figure frame = build_rotation_frame(s, {}, 4, 10);
    EXPECT_NE(frame.title.find("m = 4"), std::string::npos);
    // The last panel draws q_m·k_n against m − n = −9 … 9 (the key at n = 0 here); with all-ones
    // content and no rotation at m − n = 0 it is D = 16.
    const Panel& dot = frame.panels.back();
    ASSERT_EQ(dot.lines[0].x.size(), 19u);
    EXPECT_EQ(dot.lines[0].x[0], -9.0);
    EXPECT_NEAR(dot.lines[0].y[9], 16.0, 1e-9);
    // ... and at m − n = ±3, Σᵢ 2·cos(3·θᵢ) over the 8 pairs.
    double expected = 0.0;
    for (int i = 0; i < 8; ++i) expected += 2.0 * std::cos(3 * std::pow(10000.0, -2.0 * i / 16.0));
    EXPECT_NEAR(dot.lines[0].y[12], expected, 1e-9);
    EXPECT_NEAR(dot.lines[0].y[6], expected, 1e-9);
    ASSERT_EQ(dot.lines[1].x.size(), 1u);  // the mark at m − n = 4
    EXPECT_EQ(dot.lines[1].x[0], 4.0);
}

TEST(FigureBuilders, PermutationDifferenceIsZeroWithoutPositions) {
    Scene s = scene_for("permutation", "rope");
    s.seq_len = 8;
    const Figure f = build_figure(s, {});
    ASSERT_EQ(f.panels.size(), 6u);
    EXPECT_LT(f.panels[2].heatmap->values.cwiseAbs().maxCoeff(), 1e-12);  // no PE
    EXPECT_GT(f.panels[5].heatmap->values.cwiseAbs().maxCoeff(), 1e-6);   // RoPE
}

TEST(FigureBuilders, ColormapOptionReplacesEveryHeatmapsMap) {
    Scene s = scene_for("terms", "xl");
    const Figure f = build_figure(s, {"en", "magma", false});
    for (const Panel& p : f.panels) EXPECT_EQ(p.heatmap->colormap, "magma");
}

TEST(FigureBuilders, MisuseIsAnInputErrorNamingTheOption) {
    EXPECT_INPUT_ERROR(build_figure(scene_for("nonsense", "rope"), {}), "FIGURE");
    EXPECT_INPUT_ERROR(build_figure(scene_for("bias", "rope"), {}), "--encoding");
    EXPECT_INPUT_ERROR(build_figure(scene_for("buckets", "alibi"), {}), "--encoding");
    EXPECT_INPUT_ERROR(build_figure(scene_for("terms", "rope"), {}), "--encoding");
    EXPECT_INPUT_ERROR(build_figure(scene_for("rotation", "alibi"), {}), "--encoding");
    EXPECT_INPUT_ERROR(build_figure(scene_for("pe", "rope"), {}), "--encoding");
    EXPECT_INPUT_ERROR(build_figure(scene_for("pe", "sinusoidal"), {"fr", "", false}), "--lang");
    EXPECT_INPUT_ERROR(build_figure(scene_for("pe", "sinusoidal"), {"en", "jet", false}),
                       "--colormap");
    Scene s = scene_for("rotation", "rope");
    s.dims = {16};  // D = 16: dims are 0..15
    EXPECT_INPUT_ERROR(build_figure(s, {}), "--dims");
    s = scene_for("scores", "rope");
    s.seq_len = 5000;
    s.resolution = 8192;  // not reduced: a dense picture stops at L = 4096
    EXPECT_INPUT_ERROR(build_figure(s, {}), "--seq-len");
    s.resolution = 8;
    EXPECT_INPUT_ERROR(build_figure(s, {}), "--resolution");
}

// L > resolution: each texel is the largest |logit| of its block, computed here from the dense
// logits with the blocks floor(i·L/R) .. floor((i+1)·L/R) written out by hand.
TEST(FigureBuilders, LongScoresAreReducedToTheResolution) {
    Scene s = scene_for("scores", "rope");
    s.seq_len = 50;
    s.dim = 8;
    s.resolution = 16;
    s.causal = true;
    const Figure f = build_figure(s, {});
    const Heatmap& h = *f.panels.at(0).heatmap;
    ASSERT_EQ(h.values.rows(), 16);
    ASSERT_EQ(h.values.cols(), 16);
    EXPECT_DOUBLE_EQ(h.x1, 49.5);  // the texels span all 50 positions
    const Content c = make_content(s);
    const Matrix dense = attention_logits(make_encoding(s), c.queries, c.keys, true);
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
            double largest = -INFINITY;
            for (int m = i * 50 / 16; m < (i + 1) * 50 / 16; ++m)
                for (int n = j * 50 / 16; n < (j + 1) * 50 / 16; ++n)
                    if (n <= m) largest = std::max(largest, std::abs(dense(m, n)));
            if (std::isinf(largest))  // a block above the diagonal: all masked
                EXPECT_EQ(h.values(i, j), largest) << i << ", " << j;
            else
                EXPECT_NEAR(h.values(i, j), largest, 1e-12) << i << ", " << j;
        }
    EXPECT_EQ(heatmap_range(h).min, 0.0);  // magnitudes: a sequential scale from 0
}

// Position-independent content under a relative encoding needs no L×L matrix: the reduced picture
// is made from the 2L-1 offsets even when the dense matrix would exceed --max-bytes.
TEST(FigureBuilders, ReducedToeplitzScoresNeedNoDenseMatrix) {
    Scene s = scene_for("scores", "alibi");
    s.content = "ones";
    s.seq_len = 20000;
    s.resolution = 64;
    s.max_bytes = 1 << 25;  // the O(L·D) working set (15 MB) fits, the dense 3.2 GB would not
    const Figure f = build_figure(s, {});
    const Heatmap& h = *f.panels.at(0).heatmap;
    ASSERT_EQ(h.values.rows(), 64);
    // Ones content, D = 16: q·k/√D = 16/4 = 4. ALiBi head 0 of 8 has slope 2^(-8/8) = 1/2, so the
    // logit at distance d is 4 - d/2. Texel (0, 0) covers positions [0, floor(20000/64)) =
    // [0, 312): distances up to 311, where |4 - 311/2| = 151.5 is the largest.
    EXPECT_NEAR(h.values(0, 0), 151.5, 1e-9);
    // Shaw's logits of position-dependent content come only as the whole matrix.
    s.encoding = "shaw";
    s.content = "random";
    EXPECT_INPUT_ERROR(build_figure(s, {}), "--seq-len");
}

// Other content streams through the logits a block of rows at a time: no L×L matrix either. The
// dense matrix computed here (3000² doubles, beyond the figure's --max-bytes) is the reference.
TEST(FigureBuilders, ReducedScoresOfAnyContentStreamThroughRowBlocks) {
    Scene s = scene_for("scores", "rope");
    s.seq_len = 3000;
    s.dim = 16;
    s.resolution = 40;
    s.max_bytes = 1 << 22;  // the O(L·D) working set (2.3 MB) fits, the dense 72 MB would not
    for (bool softmax : {false, true}) {
        s.softmax = softmax;
        const Figure f = build_figure(s, {});
        const Content c = make_content(s);
        Matrix dense = attention_logits(make_encoding(s), c.queries, c.keys, false);
        if (softmax) dense = softmax_rows(dense);
        expect_logits_near(f.panels.at(0).heatmap->values, reduce_max_abs(dense, 40),
                           softmax ? "probabilities" : "logits", 1e-12);
    }
}

// A backend that keeps its maps "on a device": fixed summaries, so the figure's colour scale can
// be checked against them; the host methods leave everything to the CPU.
class FakeDeviceMatrix : public DeviceMatrix {
  public:
    FakeDeviceMatrix(int size, double largest, bool masked)
        : size_(size), largest_(largest), masked_(masked) {}
    int rows() const override { return size_; }
    int cols() const override { return size_; }
    double largest_abs_finite() const override { return largest_; }
    bool any_masked() const override { return masked_; }
    double at(int row, int col) const override { return row - col; }

  private:
    int size_;
    double largest_;
    bool masked_;
};

class FakeDeviceBackend : public ScoresBackend {
  public:
    std::optional<Matrix> dense_scores(const Encoding&, const Content&, bool, bool) override {
        return std::nullopt;
    }
    std::optional<Matrix> max_abs_scores(const Encoding&, const Content&, bool, bool,
                                         int) override {
        return std::nullopt;
    }
    std::shared_ptr<const DeviceMatrix> device_scores(const Encoding& encoding, const Content&,
                                                      bool causal, bool, int resolution) override {
        const bool alibi = encoding_name(encoding) == "alibi";
        return std::make_shared<FakeDeviceMatrix>(resolution, alibi ? 7.0 : 3.0, causal);
    }
};

TEST(FigureBuilders, DeviceScoresStayOnTheBackendsDevice) {
    Scene s = scene_for("scores", "rope");
    s.seq_len = 40;
    s.resolution = 40;
    s.causal = true;
    s.compare = {"rope", "alibi"};
    FakeDeviceBackend backend;
    FigureOptions options;
    options.scores_backend = &backend;
    options.device_heatmaps = true;
    const Figure f = build_figure(s, options);
    ASSERT_EQ(f.panels.size(), 2u);
    for (const Panel& p : f.panels) {
        const Heatmap& h = *p.heatmap;
        ASSERT_TRUE(h.device);
        EXPECT_EQ(h.values.size(), 0);  // nothing on the host
        EXPECT_EQ(heatmap_rows(h), 40);
        EXPECT_EQ(heatmap_value(h, 5, 2), 3.0);
        EXPECT_DOUBLE_EQ(h.x1, 39.5);
        // One scale over both panels: the larger summary, symmetric for logits.
        EXPECT_EQ(h.vmin, -7.0);
        EXPECT_EQ(h.vmax, 7.0);
    }
    ASSERT_TRUE(f.colorbar);
    EXPECT_FALSE(f.colorbar->masked_label.empty());  // the device said: masked cells
    // Exports ask for host matrices: the same backend then leaves them to the CPU.
    options.device_heatmaps = false;
    const Figure host = build_figure(s, options);
    EXPECT_FALSE(host.panels[0].heatmap->device);
    EXPECT_EQ(host.panels[0].heatmap->values.rows(), 40);
}

}  // namespace
}  // namespace posviz
