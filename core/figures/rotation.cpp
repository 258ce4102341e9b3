// RoPE in pictures. Each pair of dims (x₂ᵢ, x₂ᵢ₊₁) of a query is a 2-D vector that RoPE turns by
// θᵢ per position: the static figure draws it at positions m = 0 … M as arrows on the unit circle
// (one panel per pair named by --dims), with θᵢ worked out in the title. The animation frames
// show the query at m and the key at n (n = 0 in exports; the GUI moves both) and qₘ·kₙ against
// m − n beside them: it depends on m − n only, through the angle between the two arrows.
#include <algorithm>
#include <cmath>

#include "core/figures/builders.h"
#include "core/figures/panels.h"
#include "core/figures/rotation_frame.h"
#include "core/input_error.h"

namespace posviz {

namespace {

struct Rotation {
    RopeEncoding rope;
    Vector theta;            // θᵢ (after any scaling)
    std::vector<int> pairs;  // the pairs to draw, from --dims
    Vector query, key;       // content row 0: the same token's q and k at every position
};

Rotation rotation_setup(const Scene& scene) {
    const Encoding encoding = make_encoding(scene);
    Rotation r;
    if (const auto* rope = std::get_if<RopeEncoding>(&encoding))
        r.rope = *rope;
    else if (const auto* xpos = std::get_if<XPosEncoding>(&encoding))
        r.rope = xpos->rope;
    else
        throw InputError("--encoding", scene.encoding, "rope or xpos for the rotation figure");
    r.theta = r.rope.frequencies(scene.seq_len).inverse_frequencies;
    const int rotary = r.rope.rotary_dim();
    for (int d : scene.dims) {
        if (d < 0 || d >= rotary)
            throw InputError("--dims", std::to_string(d),
                             "dims in 0.." + std::to_string(rotary - 1) + " (the rotated ones)");
        const int pair = r.rope.style == RopeStyle::Interleaved ? d / 2 : d % (rotary / 2);
        if (std::find(r.pairs.begin(), r.pairs.end(), pair) == r.pairs.end())
            r.pairs.push_back(pair);
    }
    if (r.pairs.empty() || r.pairs.size() > 4)
        throw InputError("--dims", std::to_string(scene.dims.size()) + " dims",
                         "1 to 4 dims (one panel per pair) for the rotation figure");
    const Content content = make_content(scene);
    r.query = content.queries.row(0).transpose();
    r.key = content.keys.row(0).transpose();
    return r;
}

// Angle of pair i of vector v (0 for a zero pair, which has no direction).
double pair_angle(const Rotation& r, const Vector& v, int i) {
    const double a = v(r.rope.pair_first_dim(i)), b = v(r.rope.pair_second_dim(i));
    return a == 0.0 && b == 0.0 ? 0.0 : std::atan2(b, a);
}

// "θ₃ = 0.422", with the scaling where one changed it: short enough for a panel of a paper
// column (the worked "10000⁻⁶ᐟ⁶⁴ = 0.422" was cut there); the formula is the subtitle's.
std::string theta_value(const Rotation& r, int i) {
    const std::string value =
        std::string("θ") + subscript(i) + " = " + format_number(r.theta(i), 3);
    if (r.rope.scaling.type != RopeScalingType::None)
        return value + " (" + rope_scaling_name(r.rope.scaling.type) + ")";
    return value;
}

// "θᵢ = 10000⁻²ⁱᐟ⁶⁴" (Su et al. 2021, RoFormer eq. 15); empty for a scaled RoPE, whose θᵢ follow
// no one formula.
std::string theta_formula(const Scene& scene, const Rotation& r) {
    if (r.rope.scaling.type != RopeScalingType::None) return "";
    return "θᵢ = " + format_number(scene.base, 6) +
           superscript_text("−2i/" + std::to_string(r.rope.rotary_dim()));
}

// "dims (6, 7)": with θ₃ under it, which names the pair, the title fits a panel of a paper
// column.
std::string dims_of_pair(const Rotation& r, int i, const Text& t) {
    return t("dims (", "维度 (") + std::to_string(r.rope.pair_first_dim(i)) + ", " +
           std::to_string(r.rope.pair_second_dim(i)) + ")";
}

// The unit circle with axes through the origin, labelled with the pair's dims.
Panel circle_panel(const Rotation& r, int i) {
    Panel p;
    p.equal_aspect = true;
    p.x.label = std::string("x") + subscript(r.rope.pair_first_dim(i));
    p.y.label = std::string("x") + subscript(r.rope.pair_second_dim(i));
    for (Axis* axis : {&p.x, &p.y}) {
        // The margin beyond the circle holds the arrows' labels (panel_drawing.cpp).
        axis->min = -1.5;
        axis->max = 1.5;
        axis->ticks = {-1.0, 0.0, 1.0};
    }
    p.circles.push_back({0.0, 0.0, 1.0, Colour::muted(), 1.0, false});
    p.legend = LegendPosition::None;
    return p;
}

Arrow unit_arrow(double angle, Colour colour, std::string label) {
    Arrow a;
    a.x1 = std::cos(angle);
    a.y1 = std::sin(angle);
    a.colour = colour;
    a.width = 1.6;
    a.label = std::move(label);
    return a;
}

// Where θᵢ names the arc between the arrows at m = 0 and m = 1: 1 rad clockwise of the arrow
// at 0 at radius 0.65 (0.55 from that arrow: clear of it on a paper column's 13-pt circles), where
// no arrow lies while the arrows leave 2 rad of the turn free; else, as no side is free, in the
// wedge between the arrows at 0 and 1 where it is at least 1 rad wide, and outside the circle on
// that wedge's bisector where it is narrower (pair 1's 0.75 rad on a column's circles is narrower
// than the label; past the arrows' heads, between the step numbers 0 and 1, nothing is drawn).
// Never on a box: a box hid the first arrows, and all of them where θᵢ is small (pair 12 of 64
// showed an empty circle).
Annotation theta_note(const Rotation& r, int i, double start, int last) {
    constexpr double k_beside = 1.0, k_widest_wedge = 1.0;
    const bool beside = last * r.theta(i) <= 2.0 * M_PI - 2.0 * k_beside;
    const double angle = beside ? start - k_beside : start + 0.5 * r.theta(i);
    const double radius = beside ? 0.65 : r.theta(i) >= k_widest_wedge ? 0.7 : 1.3;
    return {std::string("θ") + subscript(i),
            radius * std::cos(angle),
            radius * std::sin(angle),
            AnnotationPlace::Data,
            Anchor::Centre,
            Colour::palette(1),
            false};
}

}  // namespace

Figure rotation_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    const Rotation r = rotation_setup(scene);
    const int last = std::min(scene.seq_len - 1, 8);
    Figure figure;
    for (int i : r.pairs) {
        Panel p = circle_panel(r, i);
        p.title = dims_of_pair(r, i, t) + "\n" + theta_value(r, i);
        const double start = pair_angle(r, r.query, i);
        for (int m = 0; m <= last; ++m)
            p.arrows.push_back(unit_arrow(start + m * r.theta(i),
                                          m == 0 ? Colour::foreground() : Colour::palette(0),
                                          std::to_string(m)));
        // The step between consecutive positions: the angle θᵢ itself.
        if (last >= 1) {
            p.arcs.push_back({0.0, 0.0, 0.32, start, start + r.theta(i), Colour::palette(1), 1.4});
            p.annotations.push_back(theta_note(r, i, start, last));
        }
        figure.panels.push_back(std::move(p));
    }
    figure.title = t("RoPE turns each pair of dims by m·θᵢ", "RoPE：每个维度对旋转 m·θᵢ");
    figure.subtitle =
        join_parts({scene_sizes(scene), scene_content(scene, t), theta_formula(scene, r),
                    t("q's pair at m = 0 … ", "查询向量的维度对，m = 0 … ") + std::to_string(last) +
                        t(", unit length", "，已归一化")});
    figure.cols = int(figure.panels.size());
    figure.width_in = 0.4 + 3.6 * figure.cols;
    figure.height_in = 4.6;
    return figure;
}

Figure build_rotation_frame(const Scene& scene, const FigureOptions& options, int m, int frames) {
    return build_rotation_frame(scene, options, RotationFrame{m, 0, frames});
}

double rotated_dot(const Scene& scene, int m, int n) {
    const Rotation r = rotation_setup(scene);
    const int longest = std::max(m, n) + 1;
    Matrix q = Matrix::Zero(longest, r.query.size()), k = Matrix::Zero(longest, r.key.size());
    q.row(m) = r.query.transpose();
    k.row(n) = r.key.transpose();
    return r.rope.rotate(q, scene.seq_len).row(m).dot(r.rope.rotate(k, scene.seq_len).row(n));
}

Figure build_rotation_frame(const Scene& scene, const FigureOptions& options,
                            const RotationFrame& frame) {
    const Text t{options.lang};
    validate_scene(scene);
    const Rotation r = rotation_setup(scene);
    const int frames = std::max(frame.frames, 2);
    const int m = std::clamp(frame.m, 0, frames - 1), n = std::clamp(frame.n, 0, frames - 1);
    Figure figure;
    for (int i : r.pairs) {
        Panel p = circle_panel(r, i);
        const double q_angle = pair_angle(r, r.query, i) + m * r.theta(i);
        const double k_angle = pair_angle(r, r.key, i) + n * r.theta(i);
        p.title = dims_of_pair(r, i, t) + "\n" + "(m − n)·θ" + subscript(i) + " = " +
                  std::to_string(m - n) + " × " + format_number(r.theta(i), 3) + " = " +
                  format_number((m - n) * r.theta(i), 3) + " rad";
        // The angle between qₘ and kₙ decides this pair's share of the dot product.
        const double between = std::remainder(q_angle - k_angle, 2 * M_PI);
        p.arcs.push_back({0.0, 0.0, 0.3, k_angle, k_angle + between, Colour::muted(), 1.2});
        // Built with append: GCC 12 warns falsely (-Wrestrict) on "k" + subscript(n).
        p.arrows.push_back(
            unit_arrow(k_angle, Colour::palette(1), std::string("k").append(subscript(n))));
        p.arrows.push_back(
            unit_arrow(q_angle, Colour::palette(0), std::string("q").append(subscript(m))));
        figure.panels.push_back(std::move(p));
    }

    // qₘ·kₙ against m − n: the query turned to d with the key at 0 for d ≥ 0, the key turned to
    // −d with the query at 0 below — one curve, since only m − n matters.
    const Matrix queries = r.query.transpose().replicate(frames, 1);
    const Matrix keys = r.key.transpose().replicate(frames, 1);
    const Matrix rotated_queries = r.rope.rotate(queries, scene.seq_len);
    const Matrix rotated_keys = r.rope.rotate(keys, scene.seq_len);
    const Vector ahead = rotated_queries * rotated_keys.row(0).transpose();  // d = 0 … F − 1
    const Vector behind = rotated_keys * rotated_queries.row(0).transpose();  // d = 0 … −(F − 1)
    std::vector<double> offsets, dots;
    for (int d = -(frames - 1); d < frames; ++d) {
        offsets.push_back(d);
        dots.push_back(d >= 0 ? ahead(d) : behind(-d));
    }
    Panel dot = plot_panel(t("qₘ·kₙ depends on m − n only", "qₘ·kₙ 只取决于 m − n"),
                           t("m − n", "m − n"), "qₘ·kₙ");
    LineSeries curve = line("", offsets, dots, 0);
    curve.width = 1.2;
    const size_t at = size_t(m - n + frames - 1);
    LineSeries now = line("", {offsets[at]}, {dots[at]}, 1);
    now.marker = MarkerShape::Dot;
    now.width = 2.5;
    dot.lines = {curve, now};
    dot.legend = LegendPosition::None;
    figure.panels.push_back(std::move(dot));

    figure.title = t("RoPE: m = ", "RoPE：m = ") + std::to_string(m) +
                   ", n = " + std::to_string(n) + t(": qₘ·kₙ = ", "：qₘ·kₙ = ") +
                   format_number(dots[at], 4);
    figure.subtitle = join_parts({scene_sizes(scene), scene_content(scene, t),
                                  t("R(mθ)q·R(nθ)k = q·R((n − m)θ)k; pairs scaled to unit length",
                                    "R(mθ)q·R(nθ)k = q·R((n − m)θ)k；维度对已归一化")});
    figure.cols = int(figure.panels.size());
    figure.width_in = 0.4 + 3.4 * figure.cols;
    figure.height_in = 4.4;
    return figure;
}

}  // namespace posviz
