// Figures readable without colour (issue 22, defect 6): line styles and markers cycle with the
// palette's colours and reach the display list (in the plot and in the legend's sample); the
// palettes hold no look-alike hues; lines that coincide stay visible. Expectations come from
// matplotlib's published dash patterns, Okabe & Ito's hex codes, CIELAB colour differences and
// Machado et al.'s (2009) colour-vision-deficiency matrices computed here.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/render/text.h"
#include "core/figure/theme.h"
#include "core/figures/coinciding_lines.h"
#include "core/figures/figures.h"
#include "core/layout/figure_layout.h"
#include "core/scene.h"

namespace posviz {
namespace {

TEST(LineStyles, EightSeriesDifferInDashOrMarkerAlone) {
    std::set<std::pair<LineDash, MarkerShape>> seen;
    for (int k = 0; k < 8; ++k) {
        LineSeries s;
        s.x.assign(120, 0.0);
        set_series_style(s, k);
        EXPECT_EQ(s.colour.palette_index, k);
        seen.insert({s.dash, s.marker});
        // Markers, where a series has them, stay few enough to read: about a dozen per line.
        if (s.marker != MarkerShape::None) {
            EXPECT_EQ(s.marker_every, 10);
        }
    }
    EXPECT_EQ(seen.size(), 8u);
    LineSeries first, fourth;
    set_series_style(first, 0);
    set_series_style(fourth, 3);
    EXPECT_EQ(first.dash, LineDash::Solid);
    EXPECT_EQ(first.marker, MarkerShape::None);
    EXPECT_EQ(fourth.dash, LineDash::Dotted);
}

// sRGB (0–255) to CIELAB (D65), by the sRGB and CIE 1976 definitions.
std::array<double, 3> linear_rgb(const Rgb& c) {
    auto lin = [](double v) {
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return {lin(c.r), lin(c.g), lin(c.b)};
}
std::array<double, 3> lab(std::array<double, 3> l) {
    const double x = (0.4124 * l[0] + 0.3576 * l[1] + 0.1805 * l[2]) / 0.95047;
    const double y = 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    const double z = (0.0193 * l[0] + 0.1192 * l[1] + 0.9505 * l[2]) / 1.08883;
    auto f = [](double t) {
        const double d = 6.0 / 29.0;
        return t > d * d * d ? std::cbrt(t) : t / (3 * d * d) + 4.0 / 29.0;
    };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}
using Matrix3 = std::array<std::array<double, 3>, 3>;
// Machado, Oliveira & Fernandes 2009, severity 1.0, on linear RGB.
const Matrix3 k_identity = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
const Matrix3 k_protanopia = {{{0.152286, 1.052583, -0.204868},
                               {0.114503, 0.786281, 0.099216},
                               {-0.003882, -0.048116, 1.051998}}};
const Matrix3 k_deuteranopia = {{{0.367322, 0.860646, -0.227968},
                                 {0.280085, 0.672501, 0.047413},
                                 {-0.011820, 0.042940, 0.968881}}};
const Matrix3 k_tritanopia = {{{1.255528, -0.076749, -0.178779},
                               {-0.078411, 0.930809, 0.147602},
                               {0.004733, 0.691367, 0.303900}}};
double difference(const Rgb& a, const Rgb& b, const Matrix3& seen_as) {
    auto as_seen = [&](const Rgb& c) {
        const std::array<double, 3> l = linear_rgb(c);
        std::array<double, 3> out{};
        for (int i = 0; i < 3; ++i)
            out[size_t(i)] =
                std::clamp(seen_as[size_t(i)][0] * l[0] + seen_as[size_t(i)][1] * l[1] +
                               seen_as[size_t(i)][2] * l[2],
                           0.0, 1.0);
        return lab(out);
    };
    const auto p = as_seen(a), q = as_seen(b);
    return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

Rgb hex(unsigned v) {
    return {((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0};
}

// The full Okabe–Ito set had blue beside sky blue (ΔE 26) and vermillion beside orange: the
// palettes now keep one of each pair, and every two hues differ by ΔE ≥ 30 to normal vision and
// by ≥ 15 to each of the three dichromacies.
TEST(LineStyles, PalettesHoldNoLookAlikeHues) {
    const std::vector<std::pair<unsigned, unsigned>> look_alike = {{0x0072b2, 0x56b4e9},
                                                                   {0xd55e00, 0xe69f00}};
    for (const char* name : {"light", "dark"}) {
        const std::vector<Rgb>& palette = find_theme(name).palette;
        ASSERT_GE(palette.size(), 4u) << name;
        for (const auto& [a, b] : look_alike) {
            const bool both = std::find(palette.begin(), palette.end(), hex(a)) != palette.end() &&
                              std::find(palette.begin(), palette.end(), hex(b)) != palette.end();
            EXPECT_FALSE(both) << name;
        }
        for (size_t i = 0; i < palette.size(); ++i)
            for (size_t j = i + 1; j < palette.size(); ++j) {
                EXPECT_GE(difference(palette[i], palette[j], k_identity), 30.0) << name << i << j;
                for (const Matrix3* m : {&k_protanopia, &k_deuteranopia, &k_tritanopia})
                    EXPECT_GE(difference(palette[i], palette[j], *m), 15.0) << name << i << j;
            }
    }
}

LaidOutFigure laid_out(const Figure& figure) {
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(surface);
    const CairoTextMeasure measure(cr);
    Canvas canvas;
    canvas.width = 72.0 * 9.0;
    canvas.height = 72.0 * 4.6;
    LaidOutFigure l = lay_out_figure(figure, canvas, measure);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return l;
}

// matplotlib's patterns (rcParams lines.dashed_pattern, dashdot_pattern, dotted_pattern) in line
// widths; the light theme's line scale is 1.
const std::vector<std::vector<double>> k_patterns = {
    {}, {3.7, 1.6}, {6.4, 1.6, 1.0, 1.6}, {1.0, 1.65}};

bool has_pattern(const PolylineItem& item, const std::vector<double>& pattern) {
    if (item.style.dashes.size() != pattern.size()) return false;
    for (size_t i = 0; i < pattern.size(); ++i)
        if (std::abs(item.style.dashes[i] - pattern[i] * item.style.width) > 1e-9) return false;
    return true;
}

// Nine curves of one plot: in the display list each dash pattern is stroked in the plot and in
// the legend's sample, the fifth to eighth series carry dots (a marker item) and the ninth
// squares (filled four-cornered polygons), in the plot and in the legend.
TEST(LineStyles, PatternsAndMarkersReachThePlotAndTheLegend) {
    Figure figure;
    Panel panel;
    panel.legend = LegendPosition::Outside;
    std::vector<double> x;
    for (int i = 0; i < 48; ++i) x.push_back(i);
    for (int k = 0; k < 9; ++k) {
        LineSeries s;
        s.label = "series " + std::to_string(k);
        s.x = x;
        for (double v : x) s.y.push_back(std::sin(0.1 * v + k));
        set_series_style(s, k);
        panel.lines.push_back(s);
    }
    figure.panels = {panel};
    const LaidOutFigure l = laid_out(figure);
    const Rgb blue = find_theme("light").palette[0];
    for (size_t k = 0; k < 4; ++k) {
        int strokes = 0;
        for (const DisplayItem& item : l.display.items)
            if (const auto* p = std::get_if<PolylineItem>(&item))
                strokes += !p->filled && p->paint.colour == find_theme("light").palette[k] &&
                           has_pattern(*p, k_patterns[k]);
        // Series k and k + 4 (and 8 for blue) share colour and pattern: plot and legend each.
        EXPECT_GE(strokes, 4) << "pattern " << k;
    }
    int dot_items = 0, square_items = 0;
    for (const DisplayItem& item : l.display.items) {
        dot_items += std::holds_alternative<MarkersItem>(item);
        if (const auto* p = std::get_if<PolylineItem>(&item))
            if (p->filled && p->paint.colour == blue && !p->lines.empty() &&
                p->lines[0].points.size() == 4)
                ++square_items;
    }
    EXPECT_EQ(dot_items, 8);  // series 4–7, each in the plot and in the legend
    EXPECT_EQ(square_items, 2);
}

Panel two_lines(std::vector<double> a, std::vector<double> b) {
    Panel p;
    p.lines.push_back({"none", {0, 1, 2, 3}, std::move(a), Colour::palette(0)});
    p.lines.push_back({"Llama 3", {0, 1, 2, 3}, std::move(b), Colour::palette(1)});
    return p;
}

TEST(CoincidingLines, TheLaterOfTwoEqualLinesIsDashedAndSaysWhichItEquals) {
    Panel equal = two_lines({1, 2, 3, 4}, {1, 2, 3, 4.0005});  // within 1/1000 of the span 3
    mark_coinciding_lines(equal, Text{"en"});
    EXPECT_EQ(equal.lines[0].label, "none");
    EXPECT_EQ(equal.lines[0].dash, LineDash::Solid);
    EXPECT_EQ(equal.lines[1].label, "Llama 3 (= none)");
    EXPECT_EQ(equal.lines[1].dash, LineDash::Dashed);

    Panel apart = two_lines({1, 2, 3, 4}, {1, 2, 3, 4.01});  // 1/300 of the span: visible
    mark_coinciding_lines(apart, Text{"en"});
    EXPECT_EQ(apart.lines[1].label, "Llama 3");
    EXPECT_EQ(apart.lines[1].dash, LineDash::Solid);

    // On a log axis the tolerance is of the log span: 1e-4 relative on a span of 10³ is equal.
    Panel log_equal = two_lines({1, 10, 100, 1000}, {1, 10, 100, 1000.1});
    log_equal.y.scale = AxisScale::Log;
    mark_coinciding_lines(log_equal, Text{"zh"});
    EXPECT_EQ(log_equal.lines[1].label, "Llama 3（= none）");
}

// The defect as filed: at L = its training length, dynamic NTK is unscaled (transformers scales
// only past max_position_embeddings), so `scalings` drew it exactly over "none"; and `turns` of an
// unscaled RoPE drew "scaled" over "unscaled".
TEST(CoincidingLines, ScalingsAndTurnsShowTheLinesTheyUsedToHide) {
    Scene s;
    s.figure = "scalings";
    s.encoding = "rope";
    s.seq_len = 128;
    s.dim = 64;
    const Figure scalings = build_figure(s, {"en", "", false});
    const Panel& p = scalings.panels[0];
    ASSERT_GE(p.lines.size(), 4u);
    EXPECT_EQ(p.lines[0].label, "none");
    EXPECT_EQ(p.lines[3].label, "dynamic NTK (= none)");
    EXPECT_NE(p.lines[3].dash, LineDash::Solid);

    s.figure = "turns";
    const Figure turns = build_figure(s, {"en", "", false});
    const std::string scaled = turns.panels[0].lines[1].label;
    EXPECT_NE(scaled.find("scaled (= in training"), std::string::npos) << scaled;
    EXPECT_NE(turns.panels[0].lines[1].dash, LineDash::Solid);
}

}  // namespace
}  // namespace posviz
