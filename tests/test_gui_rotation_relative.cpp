// The rotation view's relative property: the key at n beside the query at m, qₘ·kₙ against
// m − n, and "m and n together" keeping m − n. Expectations are worked by hand (a pair turned by
// 1 rad a position: θ₀ = base⁰ = 1 at D = 2) or from the 2-D rotation written out here.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/gui/files/scene_files.h"
#include "app/gui/storyline_names.h"
#include "app/storyline/view_figures.h"
#include "core/figures/rotation_frame.h"
#include "core/formats/npy.h"

namespace posviz::gui {
namespace {

// A scene whose content row 0 is q = (q0, q1), k = (k0, k1), at D = 2 (θ₀ = 1 rad).
Scene pair_scene(double q0, double q1, double k0, double k1) {
    const auto dir = std::filesystem::temp_directory_path() / "posviz_test_rotation_relative";
    std::filesystem::create_directories(dir);
    // Every row the same token: L = 16 rows, as the content files set L.
    std::vector<double> q, k;
    for (int row = 0; row < 16; ++row) {
        q.insert(q.end(), {q0, q1});
        k.insert(k.end(), {k0, k1});
    }
    const std::string qp = (dir / "q.npy").string(), kp = (dir / "k.npy").string();
    write_file_atomically(qp, encode_npy({16, 2}, q.data(), NpyDtype::Float64));
    write_file_atomically(kp, encode_npy({16, 2}, k.data(), NpyDtype::Float64));
    Scene s;
    s.encoding = "rope";
    use_content_files(s, qp, kp);
    s.dims = {0};
    return s;
}

TEST(RotationRelative, HandWorkedRotation) {
    // R(1 rad)·(2, 3) = (2 cos 1 − 3 sin 1, 2 sin 1 + 3 cos 1) = (−1.443808, 3.303849):
    // read off with keys (1, 0) and (0, 1) at n = 0.
    EXPECT_NEAR(rotated_dot(pair_scene(2, 3, 1, 0), 1, 0), -1.443808, 1e-6);
    EXPECT_NEAR(rotated_dot(pair_scene(2, 3, 0, 1), 1, 0), 3.303849, 1e-6);
}

TEST(RotationRelative, OnlyMMinusNMatters) {
    const double q0 = 0.3, q1 = -1.2, k0 = 0.7, k1 = 0.4;
    const Scene s = pair_scene(q0, q1, k0, k1);
    for (int m = 0; m < 6; ++m)
        for (int n = 0; n < 6; ++n) {
            // q·R(φ)k with φ = (n − m)·1 rad, the rotation written out.
            const double phi = n - m;
            const double expected =
                (q0 * k0 + q1 * k1) * std::cos(phi) + (q1 * k0 - q0 * k1) * std::sin(phi);
            EXPECT_NEAR(rotated_dot(s, m, n), expected, 1e-12) << m << ", " << n;
        }
    // The frame marks qₘ·kₙ at m − n: the same mark for (5, 2) and (6, 3).
    const Figure a = build_rotation_frame(s, {}, RotationFrame{5, 2, 8});
    const Figure b = build_rotation_frame(s, {}, RotationFrame{6, 3, 8});
    const LineSeries& mark_a = a.panels.back().lines.back();
    const LineSeries& mark_b = b.panels.back().lines.back();
    ASSERT_EQ(mark_a.x.size(), 1u);
    EXPECT_EQ(mark_a.x[0], 3.0);
    EXPECT_EQ(mark_b.x[0], 3.0);
    EXPECT_NEAR(mark_a.y[0],
                (q0 * k0 + q1 * k1) * std::cos(-3.0) + (q1 * k0 - q0 * k1) * std::sin(-3.0), 1e-12);
    EXPECT_NEAR(mark_a.y[0], mark_b.y[0], 1e-12);
    EXPECT_NE(a.title.find("m = 5, n = 2"), std::string::npos) << a.title;
    // The curve runs over m − n from −7 to 7.
    EXPECT_EQ(a.panels.back().lines.front().x.front(), -7.0);
    EXPECT_EQ(a.panels.back().lines.front().x.back(), 7.0);
}

TEST(RotationRelative, TogetherKeepsMMinusN) {
    ViewSettings v;
    v.position = 5;
    v.key_position = 2;
    step_rotation(v, 1, 8);
    EXPECT_EQ(v.position, 6);
    EXPECT_EQ(v.key_position, 2);  // alone, m moves
    v.together = true;
    step_rotation(v, 1, 8);
    EXPECT_EQ(v.position, 7);
    EXPECT_EQ(v.key_position, 3);
    // Past the end, both start again where they fit: m − n = 4 from m = 4, n = 0.
    step_rotation(v, 1, 8);
    EXPECT_EQ(v.position, 4);
    EXPECT_EQ(v.key_position, 0);
    step_rotation(v, -1, 8);
    EXPECT_EQ(v.position, 7);
    EXPECT_EQ(v.key_position, 3);
    // A key ahead of the query (m − n < 0) as well.
    v.position = 0;
    v.key_position = 3;
    for (int i = 0; i < 20; ++i) {
        step_rotation(v, 1, 8);
        EXPECT_EQ(v.position - v.key_position, -3);
        EXPECT_GE(v.position, 0);
        EXPECT_LT(v.key_position, 8);
    }
}

TEST(RotationRelative, SettingsRoundTrip) {
    ViewSet views;
    ViewSettings& r = settings_of(views, ViewId::Rotation);
    r.open = true;
    r.key_position = 3;
    r.together = true;
    const ViewSet back = views_from_json(views_to_json(views), "preset.views");
    EXPECT_EQ(settings_of(back, ViewId::Rotation).key_position, 3);
    EXPECT_TRUE(settings_of(back, ViewId::Rotation).together);
}

}  // namespace
}  // namespace posviz::gui
