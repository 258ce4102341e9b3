// The scale-factors figure (issue 22): θ′ᵢ/θᵢ per RoPE pair under each scaling, checked against a
// second implementation written here from the formulas of transformers' modeling_rope_utils.py
// (_compute_llama3_parameters, _compute_yarn_parameters with find_correction_range and
// linear_ramp_factor), and its picture: one line per method, the config's own one marked.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/figure_data.h"
#include "core/figures/figures.h"
#include "core/scene.h"

namespace posviz {
namespace {

constexpr double k_base = 10000.0;
constexpr int k_dim = 64, k_train = 8192, k_length = 32768;
constexpr double k_factor = 4.0;  // k_length / k_train

Scene extended_scene() {
    Scene s;
    s.figure = "scale-factors";
    s.encoding = "rope";
    s.dim = k_dim;
    s.base = k_base;
    s.seq_len = k_length;
    s.rope_scaling.original_max_position_embeddings = k_train;
    return s;
}

std::vector<double> column(const DataTable& t, const std::string& name) {
    const auto it = std::find(t.columns.begin(), t.columns.end(), name);
    EXPECT_NE(it, t.columns.end()) << name;
    std::vector<double> out;
    if (it == t.columns.end()) return out;
    for (Eigen::Index r = 0; r < t.values.rows(); ++r)
        out.push_back(t.values(r, it - t.columns.begin()));
    return out;
}

double theta(int i) {
    return std::pow(k_base, -2.0 * i / k_dim);
}

// Llama 3.1's rule with low_freq_factor 1, high_freq_factor 4, old context k_train.
double llama3_ratio(int i) {
    const double low_wavelen = k_train / 1.0, high_wavelen = k_train / 4.0;
    const double wavelen = 2.0 * M_PI / theta(i);
    if (wavelen < high_wavelen) return 1.0;
    if (wavelen > low_wavelen) return 1.0 / k_factor;
    const double smooth = (k_train / wavelen - 1.0) / (4.0 - 1.0);
    return (1.0 - smooth) / k_factor + smooth;
}

// YaRN with beta_fast 32, beta_slow 1, truncate.
double yarn_ratio(int i) {
    auto correction_dim = [](double rotations) {
        return k_dim * std::log(k_train / (rotations * 2.0 * M_PI)) / (2.0 * std::log(k_base));
    };
    const double low = std::max(std::floor(correction_dim(32.0)), 0.0);
    const double high = std::min(std::ceil(correction_dim(1.0)), k_dim - 1.0);
    const double ramp = std::clamp((i - low) / (high - low), 0.0, 1.0);
    const double extrapolation = 1.0 - ramp;
    return (1.0 / k_factor) * (1.0 - extrapolation) + extrapolation;
}

TEST(ScaleFactors, Llama3AndYarnMatchTransformersFormulas) {
    const DataTable t = compute_figure_data(extended_scene());
    ASSERT_EQ(t.values.rows(), k_dim / 2);
    EXPECT_EQ(t.columns.front(), "i");
    const std::vector<double> llama3 = column(t, "llama3"), yarn = column(t, "yarn");
    const std::vector<double> none = column(t, "none"), linear = column(t, "linear");
    int fast = 0, ramp = 0, slow = 0;
    for (int i = 0; i < k_dim / 2; ++i) {
        EXPECT_DOUBLE_EQ(t.values(i, 0), i);
        EXPECT_NEAR(llama3[size_t(i)], llama3_ratio(i), 1e-12) << i;
        EXPECT_NEAR(yarn[size_t(i)], yarn_ratio(i), 1e-12) << i;
        EXPECT_NEAR(none[size_t(i)], 1.0, 1e-15);
        EXPECT_NEAR(linear[size_t(i)], 1.0 / k_factor, 1e-15);
        const double r = llama3[size_t(i)];
        fast += r == 1.0;
        slow += std::abs(r - 1.0 / k_factor) < 1e-15;
        ramp += r > 1.0 / k_factor + 1e-9 && r < 1.0 - 1e-9;
    }
    // The three bands: unchanged, the smooth ramp, slowed by the whole factor.
    EXPECT_GT(fast, 0);
    EXPECT_GT(ramp, 0);
    EXPECT_GT(slow, 0);
}

TEST(ScaleFactors, TheFigureDrawsEachMethodAndMarksTheConfigsOwn) {
    Scene s = extended_scene();
    s.rope_scaling.type = RopeScalingType::Yarn;
    s.rope_scaling.factor = k_factor;
    const Figure f = build_figure(s, {"en", "", false});
    ASSERT_EQ(f.panels.size(), 1u);
    const Panel& p = f.panels[0];
    std::vector<std::string> labels;
    for (const LineSeries& l : p.lines) labels.push_back(l.label);
    ASSERT_EQ(labels.size(), 6u);
    EXPECT_EQ(labels[4], "YaRN (model)");
    EXPECT_EQ(p.lines[4].colour.kind, Colour::Kind::Foreground);
    EXPECT_GT(p.lines[4].width, p.lines[0].width);
    // The y axis reads in powers of two down to the factor: 1, 1/2, 1/4.
    EXPECT_EQ(p.y.tick_labels.front(), "1");
    EXPECT_NE(std::find(p.y.tick_labels.begin(), p.y.tick_labels.end(), "1/4"),
              p.y.tick_labels.end());
    const std::vector<std::string> names = figure_names();
    EXPECT_NE(std::find(names.begin(), names.end(), "scale-factors"), names.end());
}

}  // namespace
}  // namespace posviz
