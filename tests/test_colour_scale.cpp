// Heatmap colours (core/figure/colour_norm.h, core/figures/colour_scale.h): norms against values
// worked out by hand, the choice of colormap from the data's signs, shared or per-panel scales by
// the k_shared_scale_ratio rule on maps of known ranges, and bad options refused by the binary.
#include <gtest/gtest.h>

#include <cmath>

#include "core/figure/colormap.h"
#include "core/figures/colour_scale.h"
#include "core/input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

TEST(ColourNorm, PositionsUnderEachNorm) {
    const Range unit{0.0, 1.0};
    EXPECT_DOUBLE_EQ(colour_position({}, {-2.0, 2.0}, 1.0), 0.75);
    EXPECT_DOUBLE_EQ(colour_position({}, unit, 7.0), 1.0);  // clamped
    // Log over [10⁻³, 10]: 10⁻¹ is two of four decades up.
    EXPECT_NEAR(colour_position({NormKind::Log, 1.0}, {1e-3, 10.0}, 0.1), 0.5, 1e-15);
    // A log scale from 0 covers 10⁻⁴·max … max: 2·10⁻³ over [0, 2] is one decade up of four.
    EXPECT_NEAR(colour_position({NormKind::Log, 1.0}, {0.0, 2.0}, 2e-3), 0.25, 1e-15);
    EXPECT_EQ(norm_range({NormKind::Log, 1.0}, {0.0, 2.0}).min, 2e-4);
    EXPECT_EQ(colour_position({NormKind::Log, 1.0}, unit, -1.0), 0.0);
    // Power γ = 0.5: √0.25 = 0.5; γ = 2: 0.5² = 0.25.
    EXPECT_DOUBLE_EQ(colour_position({NormKind::Power, 0.5}, unit, 0.25), 0.5);
    EXPECT_DOUBLE_EQ(colour_position({NormKind::Power, 2.0}, {1.0, 3.0}, 2.0), 0.25);
}

TEST(ColourNorm, ParsesItsWordsAndRefusesOthers) {
    EXPECT_EQ(parse_colour_norm("log", "--norm").kind, NormKind::Log);
    EXPECT_EQ(parse_colour_norm("power:0.5", "--norm"), (ColourNorm{NormKind::Power, 0.5}));
    for (const char* bad : {"power:-1", "power:0", "power:", "power:nan", "power:1x", "lg"}) {
        try {
            parse_colour_norm(bad, "--norm");
            ADD_FAILURE() << bad << " accepted";
        } catch (const InputError& e) {
            EXPECT_EQ(e.option, "--norm");
            EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
        }
    }
}

Figure two_maps(double a, double b) {
    Figure figure;
    for (double largest : {a, b}) {
        Matrix values(2, 2);
        values << -largest, 0.0, 0.5 * largest, largest;
        Panel panel;
        panel.heatmap = matrix_heatmap(values, "viridis", ColourLimits::Data);
        figure.panels.push_back(panel);
    }
    return figure;
}

TEST(ColourScale, SignedDataGetsADivergingMapCentredOnZero) {
    Figure figure = two_maps(1.0, 1.0);
    Matrix one_signed(1, 3);
    one_signed << -0.86, -0.8, -0.77;  // FIRE's bias: all negative
    Panel panel;
    panel.heatmap = matrix_heatmap(one_signed, "RdBu_r", ColourLimits::Symmetric);
    figure.panels.push_back(panel);
    apply_colour_options(figure, FigureOptions{}, false);
    EXPECT_EQ(figure.panels[0].heatmap->colormap, "RdBu_r");
    EXPECT_EQ(heatmap_range(*figure.panels[0].heatmap).min, -1.0);
    EXPECT_EQ(figure.panels[2].heatmap->colormap, "viridis");
    EXPECT_EQ(heatmap_range(*figure.panels[2].heatmap).min, -0.86);
    EXPECT_EQ(heatmap_range(*figure.panels[2].heatmap).max, -0.77);
    // --colormap wins.
    FigureOptions magma;
    magma.colormap = "magma";
    Figure again = two_maps(1.0, 1.0);
    apply_colour_options(again, magma, false);
    EXPECT_EQ(again.panels[1].heatmap->colormap, "magma");
}

TEST(ColourScale, ComparedMapsShareAScaleOnlyWhenTheirRangesAreClose) {
    // 3 ≤ 4 times: one scale over [−3, 3], one colour bar, none on the panels.
    Figure close = two_maps(1.0, 3.0);
    apply_colour_options(close, FigureOptions{}, true);
    ASSERT_TRUE(close.colorbar.has_value());
    EXPECT_EQ(close.colorbar->range.min, -3.0);
    EXPECT_EQ(close.colorbar->range.max, 3.0);
    for (const Panel& p : close.panels) {
        EXPECT_FALSE(p.heatmap->colorbar);
        EXPECT_EQ(heatmap_range(*p.heatmap).min, -3.0);
    }
    EXPECT_NE(close.subtitle.find("shared colour scale"), std::string::npos);
    // 5 > 4 times: each its own.
    Figure far = two_maps(1.0, 5.0);
    apply_colour_options(far, FigureOptions{}, true);
    EXPECT_FALSE(far.colorbar.has_value());
    EXPECT_EQ(heatmap_range(*far.panels[0].heatmap).max, 1.0);
    EXPECT_EQ(heatmap_range(*far.panels[1].heatmap).max, 5.0);
    EXPECT_TRUE(far.panels[0].heatmap->colorbar);
    EXPECT_NE(far.subtitle.find("its own colour scale"), std::string::npos);
    // The option decides when given.
    FigureOptions shared;
    shared.scale = ColourScale::Shared;
    Figure forced = two_maps(1.0, 5.0);
    apply_colour_options(forced, shared, true);
    ASSERT_TRUE(forced.colorbar.has_value());
    EXPECT_EQ(forced.colorbar->range.max, 5.0);
    FigureOptions per_panel;
    per_panel.scale = ColourScale::PerPanel;
    Figure apart = two_maps(1.0, 1.0);
    apply_colour_options(apart, per_panel, true);
    EXPECT_FALSE(apart.colorbar.has_value());
    // Figures that do not compare (the four logit terms) keep a scale each, unremarked.
    Figure terms = two_maps(1.0, 1.0);
    apply_colour_options(terms, FigureOptions{}, false);
    EXPECT_FALSE(terms.colorbar.has_value());
    EXPECT_TRUE(terms.subtitle.empty());
}

TEST(ColourScale, GivenLimitsAndNormReachEveryMap) {
    FigureOptions options;
    options.vmin = -0.5;
    options.norm = ColourNorm{NormKind::Power, 0.5};
    Figure figure = two_maps(1.0, 2.0);
    apply_colour_options(figure, options, false);
    for (const Panel& p : figure.panels) {
        EXPECT_EQ(heatmap_range(*p.heatmap).min, -0.5);
        EXPECT_EQ(p.heatmap->norm, (ColourNorm{NormKind::Power, 0.5}));
    }
    EXPECT_EQ(heatmap_range(*figure.panels[1].heatmap).max, 2.0);  // its own, symmetric
    // A --vmin above a map's own top cannot make a range.
    FigureOptions high;
    high.vmin = 1.5;
    Figure low = two_maps(1.0, 1.0);
    EXPECT_THROW(apply_colour_options(low, high, false), InputError);
}

TEST(ColourScale, SoftmaxMapsOfManyKeysTakeALogScale) {
    Scene scene;
    scene.figure = "scores";
    scene.softmax = true;
    scene.seq_len = 64;
    EXPECT_EQ(build_figure(scene, FigureOptions{}).panels[0].heatmap->norm.kind, NormKind::Log);
    scene.seq_len = 16;
    EXPECT_EQ(build_figure(scene, FigureOptions{}).panels[0].heatmap->norm.kind, NormKind::Linear);
}

TEST(ColourScale, BadColourOptionsExitTwoLeavingNoFile) {
    const std::string out = testing::make_temp_dir() + "/s.png";
    struct Bad {
        std::string args, option, value;
    };
    for (const Bad& bad : std::vector<Bad>{
             {"--vmin 2 --vmax 1", "--vmin", "2"},
             {"--vmin nan", "--vmin", "NaN"},
             {"--norm power:-1", "--norm", "power:-1"},
             {"--norm log --vmin 0", "--vmin", "0"},
             {"--scale sometimes", "--scale", "sometimes"},
             {"--compare rope,alibi,t5 --difference", "--difference", "3 encodings"}}) {
        const auto r = testing::run_posviz("export scores " + bad.args + " -o " + out);
        EXPECT_EQ(r.status, 2) << bad.args << "\n" << r.err;
        EXPECT_NE(r.err.find(bad.option + ": got " + bad.value), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("expected"), std::string::npos) << r.err;
        EXPECT_FALSE(testing::file_exists(out)) << bad.args;
    }
    const auto good = testing::run_posviz(
        "export scores --compare rope,alibi --scale shared "
        "--vmin -8 --vmax 8 --norm power:0.5 -o " +
        out);
    EXPECT_EQ(good.status, 0) << good.err;
    EXPECT_TRUE(testing::file_exists(out));
    const std::string diff = testing::make_temp_dir() + "/d.png";
    const auto difference =
        testing::run_posviz("export scores --compare rope,alibi --difference -o " + diff);
    EXPECT_EQ(difference.status, 0) << difference.err;
    EXPECT_TRUE(testing::file_exists(diff));
}

}  // namespace
}  // namespace posviz
