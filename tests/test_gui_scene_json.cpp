// Scene ↔ JSON (core/formats/scene_json): round trips, partial scenes keep defaults, and every
// kind of mistake is an InputError naming the key.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/formats/scene_json.h"
#include "expect_input_error.h"

namespace posviz {
namespace {

using nlohmann::json;

TEST(GuiSceneJson, RoundTripKeepsEveryField) {
    Scene s;
    s.figure = "decay";
    s.encoding = "xpos";
    s.seq_len = 300;
    s.dim = 96;
    s.base = 500000.0;
    s.rope_style = "half";
    s.rotary_fraction = 0.5;
    s.content = "ones";
    s.seed = 18446744073709551615ull;  // the largest seed survives JSON
    s.heads = 12;
    s.head = 3;
    s.bidirectional = true;
    s.kerple_kind = "power";
    s.xpos_gamma = 0.25;
    s.softmax = true;
    s.causal = true;
    s.dims = {1, 5};
    s.compare = {"rope", "10000"};
    s.max_bytes = 12345;
    s.rope_scaling.type = RopeScalingType::Yarn;
    s.rope_scaling.factor = 8.0;
    s.rope_scaling.original_max_position_embeddings = 4096;
    s.rope_scaling.mscale = 0.7;
    s.rope_scaling.long_factor = {1.0, 2.0};
    const Scene back = scene_from_text(scene_to_text(s));
    EXPECT_TRUE(same_scene(s, back));
    EXPECT_EQ(back.seed, s.seed);
    EXPECT_EQ(back.rope_scaling.type, RopeScalingType::Yarn);
    EXPECT_EQ(back.rope_scaling.mscale, 0.7);
    EXPECT_EQ(back.rope_scaling.long_factor, (std::vector<double>{1.0, 2.0}));
    EXPECT_EQ(back.compare, s.compare);
}

TEST(GuiSceneJson, MissingKeysKeepDefaults) {
    const Scene s = scene_from_json(json{{"encoding", "alibi"}, {"seq_len", 32}});
    const Scene defaults;
    EXPECT_EQ(s.encoding, "alibi");
    EXPECT_EQ(s.seq_len, 32);
    EXPECT_EQ(s.dim, defaults.dim);
    EXPECT_EQ(s.base, defaults.base);
    EXPECT_EQ(s.dims, defaults.dims);
    EXPECT_EQ(s.rope_scaling.type, RopeScalingType::None);
}

TEST(GuiSceneJson, WithoutScalingNoScalingKey) {
    EXPECT_FALSE(scene_to_json(Scene{}).contains("rope_scaling"));
}

TEST(GuiSceneJson, SameSceneSeesOneChangedField) {
    Scene a, b;
    EXPECT_TRUE(same_scene(a, b));
    b.kerple_r2 = 1.5;
    EXPECT_FALSE(same_scene(a, b));
    b = a;
    b.rope_scaling.factor = 2.0;  // inside rope_scaling, written only when a type is set
    b.rope_scaling.type = RopeScalingType::Linear;
    EXPECT_FALSE(same_scene(a, b));
}

TEST(GuiSceneJson, UnknownKeysAreNamed) {
    EXPECT_INPUT_ERROR(scene_from_json(json{{"seqlen", 3}}), "scene.seqlen");
    EXPECT_INPUT_ERROR(scene_from_json(json{{"rope_scaling", {{"typo", 1}}}}, "preset.scene"),
                       "preset.scene.rope_scaling.typo");
}

TEST(GuiSceneJson, WrongTypesAreNamed) {
    EXPECT_INPUT_ERROR(scene_from_json(json{{"seq_len", "64"}}), "scene.seq_len");
    EXPECT_INPUT_ERROR(scene_from_json(json{{"seq_len", 6.5}}), "scene.seq_len");
    EXPECT_INPUT_ERROR(scene_from_json(json{{"seq_len", 4294967296LL}}), "scene.seq_len");
    EXPECT_INPUT_ERROR(scene_from_json(json{{"seed", -1}}), "scene.seed");
    EXPECT_INPUT_ERROR(scene_from_json(json{{"base", "big"}}), "scene.base");
    EXPECT_INPUT_ERROR(scene_from_json(json{{"causal", 1}}), "scene.causal");
    EXPECT_INPUT_ERROR(scene_from_json(json{{"encoding", 3}}), "scene.encoding");
    EXPECT_INPUT_ERROR(scene_from_json(json{{"dims", {1, "two"}}}), "scene.dims");
    EXPECT_INPUT_ERROR(scene_from_json(json{{"compare", "rope"}}), "scene.compare");
    EXPECT_INPUT_ERROR(scene_from_json(json{{"rope_scaling", {{"type", "stretchy"}}}}),
                       "scene.rope_scaling.type");
    EXPECT_INPUT_ERROR(scene_from_json(json::array()), "scene");
}

TEST(GuiSceneJson, TextThatIsNotJson) {
    EXPECT_INPUT_ERROR(scene_from_text("{\"seq_len\": 3", "my.json"), "my.json");
}

TEST(GuiSceneJson, IntegersWidenToDoubles) {
    EXPECT_EQ(scene_from_json(json{{"base", 500000}}).base, 500000.0);
}

}  // namespace
}  // namespace posviz
