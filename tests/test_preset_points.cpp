// Each shipped preset states one point in its caption; these tests check the number behind it, on
// the figures the GUI draws for it (view_figures on the preset's scene, built as a view's job
// builds them: build_view_figure), against what the test derives on its own.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "app/storyline/preset.h"
#include "app/storyline/view_figures.h"

namespace posviz::storyline {
namespace {

Preset shipped(const std::string& name) {
    return read_preset(resolve_preset(name, presets_dir()));
}

// The figures a view of the preset shows, in its slots' order.
std::vector<Figure> view_figures_of(const Preset& preset, ViewId view) {
    const ViewSettings& settings = settings_of(preset.views, view);
    EXPECT_TRUE(settings.open) << view_info(view).key << " is not open";
    std::vector<Figure> figures;
    for (const ViewFigure& f : view_figures(view, preset.scene, settings, "en")) {
        try {
            figures.push_back(build_view_figure(f.request));
        } catch (const std::exception& e) {
            ADD_FAILURE() << view_info(view).key << ": " << e.what();
        }
    }
    return figures;
}

const Matrix& values_of(const Panel& panel) {
    EXPECT_TRUE(panel.heatmap);
    return panel.heatmap->values;
}

// The largest difference between two entries of one diagonal (n − m fixed): 0 for a matrix that
// depends on m − n only.
double diagonal_spread(const Matrix& m) {
    double spread = 0.0;
    for (Eigen::Index offset = -(m.rows() - 1); offset < m.cols(); ++offset) {
        double lo = INFINITY, hi = -INFINITY;
        for (Eigen::Index r = std::max<Eigen::Index>(0, -offset);
             r < m.rows() && r + offset < m.cols(); ++r) {
            const double v = m(r, r + offset);
            if (!std::isfinite(v)) continue;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        if (hi >= lo) spread = std::max(spread, hi - lo);
    }
    return spread;
}

double largest_abs(const Matrix& m) {
    double a = 0.0;
    for (Eigen::Index i = 0; i < m.size(); ++i)
        if (std::isfinite(m.data()[i])) a = std::max(a, std::abs(m.data()[i]));
    return a;
}

// Order blindness: without a PE, attention("man bites dog") is attention("dog bites man")
// reordered; with the sinusoidal PE it is not.
TEST(PresetPoints, OrderBlindnessOnlyWithoutAPositionEncoding) {
    const Preset p = shipped("order-blindness");
    ASSERT_EQ(p.scene.content, "sentence");
    const std::vector<Figure> f = view_figures_of(p, ViewId::Permutation);
    ASSERT_EQ(f.size(), 1u);
    ASSERT_EQ(f[0].panels.size(), 6u);  // rows: no PE, PE; columns: X, PX, difference
    EXPECT_LT(largest_abs(values_of(f[0].panels[2])), 1e-6);
    EXPECT_GT(largest_abs(values_of(f[0].panels[5])), 0.05);
    // The reversed sentence's map, reversed back, is the original's (no PE).
    const Matrix& x = values_of(f[0].panels[0]);
    const Matrix& px = values_of(f[0].panels[1]);
    EXPECT_LT((px.reverse() - x).cwiseAbs().maxCoeff(), 1e-6);
}

// Sinusoidal waves: wavelengths 2π·base^(2i/D), a constant ratio from one pair to the next.
TEST(PresetPoints, SinusoidalWavelengthsGrowGeometrically) {
    const Preset p = shipped("sinusoidal-waves");
    const std::vector<Figure> f = view_figures_of(p, ViewId::Wavelengths);
    ASSERT_EQ(f.size(), 2u);  // the curves and the wavelengths
    const LineSeries& lambda = f[1].panels[0].lines[0];
    ASSERT_EQ(lambda.y.size(), size_t(p.scene.dim / 2));
    EXPECT_NEAR(lambda.y.front(), 2.0 * std::numbers::pi, 1e-5);
    const double ratio = std::pow(p.scene.base, 2.0 / p.scene.dim);
    for (size_t i = 1; i < lambda.y.size(); ++i)
        EXPECT_NEAR(lambda.y[i] / lambda.y[i - 1], ratio, 1e-5) << "pair " << i;
    EXPECT_LT(lambda.y.back(), p.scene.base * 2.0 * std::numbers::pi);
    EXPECT_GT(lambda.y.back(), 0.5 * p.scene.base * 2.0 * std::numbers::pi);
}

// Sinusoidal matrix: PE(i)·PE(j) = Σₖ cos(ωₖ(i − j)), one value per diagonal, largest at i = j.
TEST(PresetPoints, SinusoidalSimilarityDependsOnDistanceOnly) {
    const Preset p = shipped("sinusoidal-matrix");
    const std::vector<Figure> f = view_figures_of(p, ViewId::Matrices);
    ASSERT_EQ(f.size(), 2u);
    const Matrix& s = values_of(f[1].panels[0]);
    ASSERT_EQ(s.rows(), p.scene.seq_len);
    EXPECT_LT(diagonal_spread(s), 1e-9 * largest_abs(s));
    for (int distance = 0; distance < p.scene.seq_len; distance += 7) {
        double expected = 0.0;
        for (int k = 0; k < p.scene.dim / 2; ++k)
            expected += std::cos(std::pow(p.scene.base, -2.0 * k / p.scene.dim) * distance);
        EXPECT_NEAR(s(distance, 0), expected, 1e-9) << "distance " << distance;
    }
    for (int j = 1; j < 4; ++j) EXPECT_LT(s(50, 50 + j), s(50, 50 + j - 1));  // neighbours alike
}

// Absolute terms: p·p depends on m − n only; the content and cross terms do not, and the cross
// terms are as large as it.
TEST(PresetPoints, OnlyThePositionTermIsRelative) {
    const Preset p = shipped("absolute-terms");
    const std::vector<Figure> f = view_figures_of(p, ViewId::Terms);
    ASSERT_EQ(f.size(), 1u);
    ASSERT_EQ(f[0].panels.size(), 4u);  // x·x, x·p, p·x, p·p
    const Matrix& pp = values_of(f[0].panels[3]);
    EXPECT_LT(diagonal_spread(pp), 1e-9 * largest_abs(pp));
    for (int k = 0; k < 3; ++k) {
        const Matrix& term = values_of(f[0].panels[size_t(k)]);
        EXPECT_GT(diagonal_spread(term), 0.5 * largest_abs(term)) << "term " << k;
    }
    EXPECT_GT(largest_abs(values_of(f[0].panels[1])), 0.3 * largest_abs(pp));
}

// Learned: a table of max_len rows below L; the positions past it have no encoding (masked), and
// seeded rows are alike only to themselves.
TEST(PresetPoints, LearnedTableEndsAtMaxLen) {
    const Preset p = shipped("learned");
    const int max_len = p.scene.max_len;
    ASSERT_GT(max_len, 0);
    ASSERT_GT(p.scene.seq_len, max_len);
    const std::vector<Figure> f = view_figures_of(p, ViewId::Matrices);
    ASSERT_EQ(f.size(), 2u);
    const Matrix& pe = values_of(f[0].panels[0]);
    ASSERT_EQ(pe.rows(), p.scene.seq_len);
    EXPECT_TRUE(pe.topRows(max_len).allFinite());
    EXPECT_TRUE(pe.bottomRows(p.scene.seq_len - max_len).array().isNaN().all());
    EXPECT_NE(f[0].panels[0].heatmap->masked_label.find(std::to_string(max_len)),
              std::string::npos);
    const Matrix& s = values_of(f[1].panels[0]);
    EXPECT_TRUE(s.topLeftCorner(max_len, max_len).allFinite());
    EXPECT_TRUE(s.rightCols(p.scene.seq_len - max_len).array().isNaN().all());
    // N(0, 0.02²) rows: |row|² ≈ D·0.02², other rows' products ≈ 0.02²·√D.
    const double diagonal = s.topLeftCorner(max_len, max_len).diagonal().minCoeff();
    EXPECT_GT(diagonal, 0.5 * p.scene.dim * 0.02 * 0.02);
    Matrix off = s.topLeftCorner(max_len, max_len);
    off.diagonal().setZero();
    const double off_rms = std::sqrt(off.squaredNorm() / double(max_len * (max_len - 1)));
    EXPECT_LT(off_rms, 0.25 * diagonal);
    // The rows plot stops there too, its axis going on to L − 1 past the marked max_len.
    const Panel& rows = f[1].panels[1];
    EXPECT_TRUE(std::isnan(rows.lines[0].y[size_t(max_len)]));
    EXPECT_EQ(rows.lines.back().label, "max_len = " + std::to_string(max_len));
    EXPECT_EQ(rows.x.max, p.scene.seq_len - 1);
}

// Relative: on position-free content every map is constant along its diagonals; random content
// beside it is not.
TEST(PresetPoints, RelativeMapsAreConstantAlongDiagonals) {
    const Preset p = shipped("relative");
    EXPECT_EQ(p.scene.content, "ones");
    EXPECT_EQ(settings_of(p.views, ViewId::Attention).beside_content, "random");
    const std::vector<Figure> f = view_figures_of(p, ViewId::Attention);
    ASSERT_EQ(f.size(), 2u);
    ASSERT_EQ(f[0].panels.size(), 3u);
    ASSERT_EQ(f[1].panels.size(), 3u);
    for (size_t k = 0; k < 3; ++k) {
        const Matrix& ones = values_of(f[0].panels[k]);
        EXPECT_LT(diagonal_spread(ones), 1e-12) << f[0].panels[k].title;
        const Vector last_row = ones.row(ones.rows() - 1).transpose();  // keys at every distance
        EXPECT_GT(last_row.maxCoeff() - last_row.minCoeff(), 1e-3) << "a map that is not flat";
        const Matrix& random = values_of(f[1].panels[k]);
        EXPECT_GT(diagonal_spread(random), 0.2 * largest_abs(random)) << f[1].panels[k].title;
    }
}

// RoPE rotation: qₘ·kₙ beside the circles, against d = m − n, is
// Σᵢ |qᵢ||kᵢ| cos(d·θᵢ + φ(qᵢ) − φ(kᵢ)),
// and the slide opens a second view so that the window is used.
TEST(PresetPoints, RopeRotationTracesTheDotProduct) {
    const Preset p = shipped("rope-rotation");
    const std::vector<Figure> f = view_figures_of(p, ViewId::Rotation);
    ASSERT_EQ(f.size(), 1u);
    const LineSeries& curve = f[0].panels.back().lines[0];
    const Content content = make_content(p.scene);
    const Vector q = content.queries.row(0), k = content.keys.row(0);
    const int last = int(curve.y.size() - 1) / 2;  // d runs from −last to last
    for (int d = -last; d <= last; d += 5) {
        double expected = 0.0;
        for (int i = 0; i < p.scene.dim / 2; ++i) {
            const double theta = std::pow(p.scene.base, -2.0 * i / p.scene.dim);
            const double qa = std::atan2(q(2 * i + 1), q(2 * i));
            const double ka = std::atan2(k(2 * i + 1), k(2 * i));
            expected += std::hypot(q(2 * i), q(2 * i + 1)) * std::hypot(k(2 * i), k(2 * i + 1)) *
                        std::cos(double(d) * theta + qa - ka);
        }
        EXPECT_NEAR(curve.y[size_t(d + last)], expected, 1e-9 * std::abs(expected) + 1e-9)
            << "m − n = " << d;
    }
    int open = 0;
    for (const ViewSettings& v : p.views) open += v.open;
    EXPECT_GE(open, 2);
}

// RoPE relative: on position-free content RoPE's map depends on m − n only; the added
// sinusoidal PE's does not.
TEST(PresetPoints, RopeIsRelativeWhereSinusoidalIsNot) {
    const Preset p = shipped("rope-relative");
    EXPECT_EQ(p.scene.content, "ones");
    const std::vector<Figure> f = view_figures_of(p, ViewId::Attention);
    ASSERT_EQ(f.size(), 1u);
    ASSERT_EQ(f[0].panels.size(), 2u);
    const Matrix& sinusoidal = values_of(f[0].panels[0]);
    const Matrix& rope = values_of(f[0].panels[1]);
    EXPECT_LT(diagonal_spread(rope), 1e-12);
    EXPECT_GT(diagonal_spread(sinusoidal), 0.1 * largest_abs(sinusoidal));
    // The sinusoidal map's larger values would wash RoPE's out on one scale: each has its own.
    EXPECT_FALSE(f[0].colorbar);
    EXPECT_GT(largest_abs(sinusoidal), 1.5 * largest_abs(rope));
    EXPECT_NEAR(heatmap_range(*f[0].panels[1].heatmap).max, rope.maxCoeff(), 1e-9);
    // q·k of all-ones rows is D/√D = √D at distance 0, and RoPE's fade: the far corner is lower.
    EXPECT_NEAR(rope(40, 40), std::sqrt(double(p.scene.dim)), 1e-9);
    EXPECT_LT(std::abs(rope(p.scene.seq_len - 1, 0)), 0.5 * rope(0, 0));
}

// ALiBi and beyond: the three biases' ranges differ more than k_shared_scale_ratio times, so each
// matrix has its own colour scale (and the subtitle says so); on the curves ALiBi's head 0 is the
// straight −(1/2)·(m − n) (slope 2^(−8/H), H = 8) and KERPLE's the bent −log(1 + (m − n)).
TEST(PresetPoints, AlibiKerpleFireEachOnTheirOwnScale) {
    const Preset p = shipped("alibi-and-beyond");
    ASSERT_EQ(p.scene.heads, 8);
    ASSERT_EQ(p.scene.head, 0);
    const std::vector<Figure> f = view_figures_of(p, ViewId::Bias);
    ASSERT_EQ(f.size(), 1u);
    const Figure& figure = f[0];
    ASSERT_EQ(figure.panels.size(), 4u);  // three matrices and the curves
    EXPECT_FALSE(figure.colorbar);
    EXPECT_NE(figure.subtitle.find("each panel its own colour scale"), std::string::npos);
    std::vector<double> largest;
    for (size_t k = 0; k < 3; ++k) {
        const Panel& panel = figure.panels[k];
        EXPECT_TRUE(panel.heatmap->colorbar) << panel.title;
        const Range r = heatmap_range(*panel.heatmap);
        EXPECT_NEAR(std::max(std::abs(r.min), std::abs(r.max)), largest_abs(values_of(panel)),
                    1e-9 * largest_abs(values_of(panel)))
            << panel.title << ": its scale is set by its own values";
        largest.push_back(largest_abs(values_of(panel)));
    }
    EXPECT_GT(largest[0], 4.0 * std::max(largest[1], largest[2]));
    const std::vector<LineSeries>& curves = figure.panels[3].lines;
    ASSERT_EQ(curves.size(), 3u);
    int checked = 0;
    for (size_t i = 0; i < curves[0].x.size(); ++i) {
        const double r = curves[0].x[i];
        if (r < 0) continue;  // keys after the query: masked
        EXPECT_NEAR(curves[0].y[i], -0.5 * r, 1e-9);
        EXPECT_NEAR(curves[1].y[i], -std::log1p(r), 1e-9);
        ++checked;
    }
    EXPECT_EQ(checked, p.scene.seq_len);
}

// Long context: trained at 2048, shown at 8192 or more; past the training length the scalings'
// largest logits differ (the unscaled RoPE's is not theirs), and the training length is marked.
TEST(PresetPoints, LongContextGoesPastTheTrainingLength) {
    const Preset p = shipped("long-context");
    const int trained = p.scene.rope_scaling.original_max_position_embeddings;
    EXPECT_EQ(trained, 2048);
    EXPECT_GE(p.scene.seq_len, 8192);
    const std::vector<Figure> f = view_figures_of(p, ViewId::Figure);
    ASSERT_EQ(f.size(), 1u);
    // One panel per scaling (issue 22, defect 7), each over the unscaled curve and with the
    // largest unscaled |logit| in training as a level line.
    std::vector<LineSeries> lines;
    for (const Panel& panel : f[0].panels)
        for (const LineSeries& s : panel.lines)
            if (s.label.find("largest in training") == std::string::npos) lines.push_back(s);
    auto largest_past = [&](const LineSeries& s) {
        double top = 0.0;
        for (size_t i = 0; i < s.x.size(); ++i)
            if (s.x[i] > trained) top = std::max(top, s.y[i]);
        return top;
    };
    const LineSeries* none = nullptr;
    std::vector<const LineSeries*> scaled;
    bool marked = false;
    for (const LineSeries& s : lines) {
        if (s.label.find("training length") != std::string::npos) {
            marked = s.x.front() == trained;
        } else if (s.label == "none") {
            none = &s;
        } else {
            scaled.push_back(&s);
        }
    }
    EXPECT_TRUE(marked);
    ASSERT_TRUE(none);
    ASSERT_GE(scaled.size(), 3u);
    for (const LineSeries* s : scaled)
        EXPECT_GT(std::abs(largest_past(*none) - largest_past(*s)), 0.2 * largest_past(*none))
            << s->label;
}

}  // namespace
}  // namespace posviz::storyline
