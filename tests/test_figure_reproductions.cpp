// Figures of the literature reproduced, each number derived here from the paper's formula:
// the Annotated Transformer's PE plot (Rush 2018: d_model 20, positions 0–99, dims 4–7), the
// ALiBi paper's per-head bias matrices (Press et al. 2022: 8 heads, slopes 2⁻¹ … 2⁻⁸) through
// --all-heads, RoFormer's long-term decay curve (Su et al. 2021, Fig. 2: D = 128, base 10000),
// d2l.ai's PE curves and heatmap, and Tensor2Tensor's concatenated halves.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <sstream>
#include <string>
#include <vector>

#include "core/figures/figures.h"
#include "core/scene.h"
#include "run_posviz.h"

namespace posviz {
namespace {

using testing::file_exists;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_posviz;

// The rows of a CSV file after its header, as numbers.
std::vector<std::vector<double>> csv_rows(const std::string& text) {
    std::vector<std::vector<double>> rows;
    std::istringstream lines(text);
    std::string line;
    std::getline(lines, line);  // header
    while (std::getline(lines, line)) {
        std::vector<double> row;
        std::istringstream cells(line);
        std::string cell;
        while (std::getline(cells, cell, ',')) row.push_back(std::stod(cell));
        rows.push_back(row);
    }
    return rows;
}

// Annotated Transformer: PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(…), so dims 4
// and 5 (i = 2) have period 2π·10000^(4/20) = 2π·10^0.8 ≈ 39.64 and dims 6 and 7 (i = 3)
// 2π·10^1.2 ≈ 99.58: in 100 positions the first pair turns about 2.5 times, the second once.
TEST(FigureReproductions, AnnotatedTransformerPePlot) {
    const double period_4 = 2.0 * M_PI * std::pow(10000.0, 4.0 / 20.0);
    const double period_6 = 2.0 * M_PI * std::pow(10000.0, 6.0 / 20.0);
    EXPECT_NEAR(period_4, 39.6, 0.05);
    EXPECT_NEAR(period_6, 99.6, 0.05);

    const std::string dir = make_temp_dir();
    const auto r = run_posviz(
        "export curves --encoding sinusoidal --dim 20 --seq-len 100 --dims "
        "4,5,6,7 -o " +
        dir + "/pe.csv");
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<std::vector<double>> rows = csv_rows(read_file(dir + "/pe.csv"));
    ASSERT_EQ(rows.size(), 100u);
    for (int pos = 0; pos < 100; ++pos) {
        const std::vector<double>& row = rows[size_t(pos)];
        ASSERT_EQ(row.size(), 5u);  // position, dims 4..7
        EXPECT_EQ(row[0], pos);
        EXPECT_NEAR(row[1], std::sin(2.0 * M_PI * pos / period_4), 1e-12);
        EXPECT_NEAR(row[2], std::cos(2.0 * M_PI * pos / period_4), 1e-12);
        EXPECT_NEAR(row[3], std::sin(2.0 * M_PI * pos / period_6), 1e-12);
        EXPECT_NEAR(row[4], std::cos(2.0 * M_PI * pos / period_6), 1e-12);
    }
    // Read off the curve as the plot shows it: dim 4's upward zero crossings are one period apart.
    std::vector<double> crossings;
    for (size_t p = 1; p < rows.size(); ++p)
        if (rows[p - 1][1] < 0.0 && rows[p][1] >= 0.0)
            crossings.push_back(double(p - 1) + rows[p - 1][1] / (rows[p - 1][1] - rows[p][1]));
    ASSERT_EQ(crossings.size(), 2u);  // ~39.6 and ~79.3
    EXPECT_NEAR(crossings[0], period_4, 0.05);
    EXPECT_NEAR(crossings[1] - crossings[0], period_4, 0.05);

    // The picture's legend names the periods, and so does the one-panel-per-dim version.
    Scene scene;
    scene.figure = "curves";
    scene.encoding = "sinusoidal";
    scene.dim = 20;
    scene.seq_len = 100;
    scene.dims = {4, 5, 6, 7};
    const Figure overlaid = build_figure(scene, {"en", "", false});
    ASSERT_EQ(overlaid.panels.size(), 1u);
    ASSERT_EQ(overlaid.panels[0].lines.size(), 4u);
    EXPECT_NE(overlaid.panels[0].lines[0].label.find("λ = 39.6"), std::string::npos);
    EXPECT_NE(overlaid.panels[0].lines[3].label.find("λ = 99.6"), std::string::npos);
    FigureOptions split{"en", "", false};
    split.split = true;
    const Figure panels = build_figure(scene, split);
    ASSERT_EQ(panels.panels.size(), 4u);
    for (size_t k = 0; k < 4; ++k) {
        EXPECT_EQ(panels.panels[k].title, overlaid.panels[0].lines[k].label);
        EXPECT_EQ(panels.panels[k].lines[0].y, overlaid.panels[0].lines[k].y);
    }
    EXPECT_EQ(run_posviz("export curves --encoding sinusoidal --dim 20 --seq-len 100 --dims "
                         "4,5,6,7 --split --panel-labels --size column -o " +
                         dir + "/pe.png")
                  .status,
              0);
    EXPECT_TRUE(file_exists(dir + "/pe.png"));
}

// ALiBi (Press et al. 2022, §3): with 8 heads the slopes are the geometric sequence 1/2, 1/4, …,
// 1/256, and head h adds −slope·|m − n| to the logit of query m and key n.
TEST(FigureReproductions, AlibiEightHeads) {
    Scene scene;
    scene.figure = "bias";
    scene.encoding = "alibi";
    scene.heads = 8;
    scene.seq_len = 12;
    FigureOptions options{"en", "", false};
    options.all_heads = true;
    const Figure figure = build_figure(scene, options);
    ASSERT_EQ(figure.panels.size(), 8u);
    const char* const exponents[] = {"⁻¹", "⁻²", "⁻³", "⁻⁴", "⁻⁵", "⁻⁶", "⁻⁷", "⁻⁸"};
    for (int h = 0; h < 8; ++h) {
        const Panel& panel = figure.panels[size_t(h)];
        ASSERT_TRUE(panel.heatmap.has_value());
        const double slope = 1.0 / double(2 << h);  // 1/2, 1/4, … 1/256
        EXPECT_NE(panel.title.find(std::string("2") + exponents[h]), std::string::npos)
            << panel.title;
        for (int m = 0; m < 12; ++m)
            for (int n = 0; n < 12; ++n)
                EXPECT_DOUBLE_EQ(panel.heatmap->values(m, n), -slope * std::abs(m - n));
    }

    const std::string dir = make_temp_dir();
    EXPECT_EQ(run_posviz("export bias --encoding alibi --heads 8 --all-heads --seq-len 12 -o " +
                         dir + "/alibi.png")
                  .status,
              0);
    EXPECT_TRUE(file_exists(dir + "/alibi.png"));
    // Another encoding has no heads to show; a data file would drop them.
    const auto rope = run_posviz("export bias --encoding kerple --all-heads -o " + dir + "/k.png");
    EXPECT_EQ(rope.status, 2);
    EXPECT_NE(rope.err.find("--all-heads"), std::string::npos) << rope.err;
    const auto data = run_posviz("export bias --encoding alibi --all-heads -o " + dir + "/a.csv");
    EXPECT_EQ(data.status, 2);
    EXPECT_FALSE(file_exists(dir + "/k.png"));
    EXPECT_FALSE(file_exists(dir + "/a.csv"));
}

// RoFormer §3.4.3: (1/(D/2))·Σⱼ₌₁^(D/2) |Sⱼ| with Sⱼ = Σₖ₌₀^(j−1) e^(i·r·θₖ), θₖ = 10000^(−2k/D),
// computed here term by term in complex arithmetic. At r = 0 every |Sⱼ| = j, so the bound is
// (D/2 + 1)/2 = 32.5 for D = 128, and it falls with the distance as Fig. 2 shows.
TEST(FigureReproductions, RoformerDecayCurve) {
    const int D = 128, L = 256;
    auto bound = [&](int r) {
        std::complex<double> partial = 0.0;
        double sum = 0.0;
        for (int k = 0; k < D / 2; ++k) {
            const double theta = std::pow(10000.0, -2.0 * k / D);
            partial += std::polar(1.0, r * theta);
            sum += std::abs(partial);
        }
        return sum / (D / 2);
    };
    EXPECT_NEAR(bound(0), 32.5, 1e-12);

    const std::string dir = make_temp_dir();
    const auto result =
        run_posviz("export decay --encoding rope --dim 128 --base 10000 --seq-len " +
                   std::to_string(L) + " -o " + dir + "/decay.csv");
    ASSERT_EQ(result.status, 0) << result.err;
    const std::vector<std::vector<double>> rows = csv_rows(read_file(dir + "/decay.csv"));
    ASSERT_EQ(rows.size(), size_t(L));
    for (int r = 0; r < L; ++r) {
        ASSERT_GE(rows[size_t(r)].size(), 2u);
        EXPECT_EQ(rows[size_t(r)][0], r);
        EXPECT_NEAR(rows[size_t(r)][1], bound(r), 1e-9) << "r = " << r;
    }
    // Decays: the curve's upper envelope over the last 50 distances is well below its start.
    double late = 0.0;
    for (int r = L - 50; r < L; ++r) late = std::max(late, rows[size_t(r)][1]);
    EXPECT_LT(late, 0.5 * bound(0));
}

Scene sinusoidal_scene(const std::string& figure, int seq_len, int dim) {
    Scene s;
    s.figure = figure;
    s.encoding = "sinusoidal";
    s.seq_len = seq_len;
    s.dim = dim;
    return s;
}

// d2l.ai §11.6: P[:, 6:10] of the 60 × 32 PE drawn with fmts '-', 'm--', 'g-.', 'r:', and the
// whole matrix with cmap='Blues' in imshow's square cells. Column j is sin or cos of
// pos / 10000^(2⌊j/2⌋/32).
TEST(FigureReproductions, D2lCurvesWithTheirLineStylesAndTheBluesHeatmap) {
    Scene s = sinusoidal_scene("curves", 60, 32);
    s.dims = {6, 7, 8, 9};
    const Figure curves = build_figure(s, {"en", "", false});
    const std::vector<LineSeries>& lines = curves.panels[0].lines;
    ASSERT_EQ(lines.size(), 4u);
    const LineDash d2l[] = {LineDash::Solid, LineDash::Dashed, LineDash::DashDot, LineDash::Dotted};
    for (size_t k = 0; k < 4; ++k) {
        EXPECT_EQ(lines[k].dash, d2l[k]) << k;
        const int j = 6 + int(k);
        for (int pos : {0, 13, 59}) {
            const double angle = pos / std::pow(10000.0, 2.0 * (j / 2) / 32.0);
            EXPECT_NEAR(lines[k].y[size_t(pos)], j % 2 == 0 ? std::sin(angle) : std::cos(angle),
                        1e-12);
        }
    }

    const Figure heatmap = build_figure(sinusoidal_scene("pe", 60, 32), {"en", "Blues", false});
    const Panel& p = heatmap.panels[0];
    ASSERT_TRUE(p.heatmap.has_value());
    EXPECT_EQ(p.heatmap->colormap, "Blues");
    EXPECT_TRUE(p.equal_aspect);  // square cells: the map is 32 wide for 60 high
    EXPECT_EQ(p.heatmap->values.rows(), 60);
    EXPECT_EQ(p.heatmap->values.cols(), 32);
}

// Tensor2Tensor's get_timing_signal_1d: timescales 10000^(i/(D/2 − 1)), i < D/2, the sines of
// every timescale, then the cosines (tf.concat([sin, cos], axis=1)); the figure marks the two
// halves with a line at D/2 and "sin" | "cos" over them.
TEST(FigureReproductions, Tensor2TensorHalvesAreMarked) {
    Scene s = sinusoidal_scene("pe", 20, 512);
    s.sinusoidal_layout = "halves";
    const Figure f = build_figure(s, {"en", "", false});
    const Panel& p = f.panels[0];
    const Matrix& pe = p.heatmap->values;
    for (int pos : {1, 7, 19})
        for (int i : {0, 3, 100, 255}) {
            const double inv_timescale = std::exp(-i * std::log(10000.0) / (256 - 1));
            EXPECT_NEAR(pe(pos, i), std::sin(pos * inv_timescale), 1e-12);
            EXPECT_NEAR(pe(pos, 256 + i), std::cos(pos * inv_timescale), 1e-12);
        }
    ASSERT_EQ(p.lines.size(), 1u);
    EXPECT_EQ(p.lines[0].x, (std::vector<double>{255.5, 255.5}));
    ASSERT_EQ(p.annotations.size(), 2u);
    EXPECT_EQ(p.annotations[0].text, "sin");
    EXPECT_LT(p.annotations[0].x, 0.5);
    EXPECT_EQ(p.annotations[1].text, "cos");
    EXPECT_GT(p.annotations[1].x, 0.5);
    // The interleaved layout has no halves to mark.
    EXPECT_TRUE(build_figure(sinusoidal_scene("pe", 20, 512), {}).panels[0].annotations.empty());
}

}  // namespace
}  // namespace posviz
