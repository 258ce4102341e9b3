// The L controls' limits against what the figures accept, what the window says about a typed
// length, the Model box's truth (a replaced scene is "not applied") and messages written for the
// window rather than the command line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/gui/storyline_names.h"
#include "app/gui/views/model_state.h"
#include "app/gui/views/window_message.h"
#include "app/storyline/length_limits.h"
#include "app/storyline/view_figures.h"
#include "core/figures/figures.h"
#include "core/input_error.h"
#include "core/limits.h"

namespace posviz::gui {
namespace {

// A scene each figure draws at all: the encodings the bias figures need.
Scene small_scene(const std::string& figure, int seq_len) {
    Scene s;
    s.figure = figure;
    s.dim = 8;
    s.seq_len = seq_len;
    if (figure == "bias") s.encoding = "alibi";
    if (figure == "buckets") s.encoding = "t5";
    if (figure == "terms") s.encoding = "sinusoidal";
    return s;
}

// Whether building `figure` at L refuses L as an L × L picture's length.
bool refused_as_square(const std::string& figure, int seq_len) {
    try {
        FigureOptions options;
        options.single_precision = true;
        build_figure(small_scene(figure, seq_len), options);
    } catch (const InputError& e) {
        return std::string(e.what()).find("L×L matrix") != std::string::npos;
    }
    return false;
}

TEST(LengthLimits, EachFigureLimitIsWhereTheFigureStops) {
    // The figures' own check (core/figures/panels.cpp) is the reference: just past 4096 an L × L
    // picture refuses, every other figure does not refuse for that reason.
    for (const std::string& figure : figure_names()) {
        const bool square = figure_max_seq_len(figure) == 4096;
        EXPECT_EQ(refused_as_square(figure, 4097), square) << figure;
        if (!square) {
            EXPECT_EQ(figure_max_seq_len(figure), 1 << 20) << figure;
        }
    }
    EXPECT_FALSE(refused_as_square("permutation", 4096));
}

TEST(LengthLimits, ViewsReachTheDocumentedLimits) {
    // README "Limits": 1,048,576 for figures that are not L × L maps (the scores map is reduced).
    const ViewSettings v;
    EXPECT_EQ(view_max_seq_len(ViewId::Attention, v), 1048576);
    EXPECT_EQ(view_max_seq_len(ViewId::Wavelengths, v), 1048576);
    EXPECT_EQ(view_max_seq_len(ViewId::Decay, v), 1048576);
    EXPECT_EQ(view_max_seq_len(ViewId::Permutation, v), 4096);
    ViewSettings figure;
    figure.figure = "extrapolation";
    EXPECT_EQ(view_max_seq_len(ViewId::Figure, figure), 1048576);
    figure.figure = "similarity";
    EXPECT_EQ(view_max_seq_len(ViewId::Figure, figure), 4096);
}

TEST(LengthLimits, ASquareViewDrawsALongSceneAtItsLongestAndSaysSo) {
    Scene s;
    s.seq_len = 131072;
    const std::vector<ViewFigure> attention = view_figures(ViewId::Attention, s, {}, "en");
    ASSERT_EQ(attention.size(), 1u);
    EXPECT_EQ(attention[0].request.scene.seq_len, 131072);
    s.encoding = "sinusoidal";
    const std::vector<ViewFigure> matrices = view_figures(ViewId::Matrices, s, {}, "en");
    ASSERT_EQ(matrices.size(), 2u);
    EXPECT_EQ(matrices[0].request.scene.seq_len, 131072);  // the PE matrix is L × D
    EXPECT_EQ(matrices[1].request.scene.seq_len, 4096);    // the similarity is L × L
    EXPECT_EQ(capped_length_note(131072, 4096, "en"),
              "L = 131,072: drawn here at L = 4,096, the longest an L × L picture shows (export "
              ".npy for the whole matrix).");
    EXPECT_EQ(capped_length_note(4096, 4096, "en"), "");
}

TEST(LengthLimits, TypedLengths) {
    const int most = 1 << 20;
    TypedLength t = parse_typed_length("131072", 4096, most, "en");
    EXPECT_EQ(t.value, 131072);
    EXPECT_EQ(t.message, "");
    t = parse_typed_length(" 300 ", 4096, most, "en");
    EXPECT_EQ(t.value, 300);
    // Beyond the view's limit: clamped, and said.
    t = parse_typed_length("131072", 64, 16384, "en");
    EXPECT_EQ(t.value, 16384);
    EXPECT_EQ(t.message,
              "L = 131,072 is beyond what this view draws (at most 16,384): L is 16,384.");
    t = parse_typed_length("2147483648", 64, most, "en");  // 2^31: no int holds it
    EXPECT_EQ(t.value, most);
    EXPECT_NE(t.message.find("2,147,483,648"), std::string::npos) << t.message;
    t = parse_typed_length("99999999999999999999999", 64, most, "en");
    EXPECT_EQ(t.value, most);
    // No length: L stays, and the window says why.
    for (const char* bad : {"0", "-5", "1", "abc", "", "12abc", "1e5", "--"}) {
        t = parse_typed_length(bad, 64, most, "en");
        EXPECT_FALSE(t.value) << bad;
        EXPECT_NE(t.message.find("L stays 64"), std::string::npos) << bad << ": " << t.message;
    }
    EXPECT_EQ(parse_typed_length("-5", 64, most, "en").message,
              "L = −5 is too short (at least 2): L stays 64.");
    EXPECT_EQ(parse_typed_length("abc", 64, most, "zh").message, "“abc”不是整数：L 保持为 64。");
}

TEST(LengthLimits, Grouped) {
    EXPECT_EQ(grouped(0), "0");
    EXPECT_EQ(grouped(999), "999");
    EXPECT_EQ(grouped(1000), "1,000");
    EXPECT_EQ(grouped(1048576), "1,048,576");
    EXPECT_EQ(grouped(-2048), "−2,048");
}

std::string data(const std::string& name) {
    return std::string(POSVIZ_TEST_DATA_DIR) + "/hf-configs/" + name;
}

TEST(ModelState, LoadingLlamaCoversItsContextAndAReplacedSceneIsNotApplied) {
    Scene s;
    ModelChoice choice;
    choice.config_path = data("llama-3.1-8b.json");
    const LoadedModel m = load_model(choice, s);
    // Llama 3.1: max_position_embeddings 131072, trained on 8192 (its config.json).
    EXPECT_EQ(s.seq_len, 131072);
    EXPECT_EQ(s.base, 500000.0);
    EXPECT_EQ(s.dim, 128);
    EXPECT_TRUE(model_applied(m, s));
    Scene slide;  // what PageUp to a slide of its own puts in place
    EXPECT_FALSE(model_applied(m, slide));
    Scene edited = s;
    edited.base = 10000.0;
    EXPECT_FALSE(model_applied(m, edited));
    Scene longer = s;
    longer.seq_len = 4096;  // L is the figures' to choose: the model is still applied
    EXPECT_TRUE(model_applied(m, longer));
}

TEST(ModelState, ModelLengthNeverBelowTraining) {
    ModelPositions m;
    EXPECT_EQ(model_seq_len(m, 64), 64);  // the config states neither
    m.max_position_embeddings = 2048;
    m.training_length = 8192;
    EXPECT_EQ(model_seq_len(m, 64), 8192);
    m.max_position_embeddings = 10000000;
    EXPECT_EQ(model_seq_len(m, 64), 1 << 20);
}

TEST(ModelState, LayerPickerListsGemmasLayers) {
    Scene s;
    ModelChoice choice;
    choice.config_path = data("gemma-3-4b-it.json");
    const LoadedModel m = load_model(choice, s);
    const std::vector<std::string> names = layer_names(m.model, "en");
    ASSERT_EQ(names.size(), 34u);  // gemma 3 4b: 34 layers, every sixth full
    EXPECT_EQ(names[5].rfind("layer 5: ", 0), 0u) << names[5];
    EXPECT_NE(names[5].find("1000000"), std::string::npos) << names[5];
    EXPECT_NE(names[0].find("10000"), std::string::npos) << names[0];
    ModelChoice sliding = m.choice;
    sliding.layer = 0;
    load_model(sliding, s);
    EXPECT_EQ(s.base, 10000.0);
}

TEST(WindowMessage, NoFlagsNoLibraryText) {
    EXPECT_EQ(
        window_message("--model-config: got badm/config.json ([json.exception.parse_error.101] "
                       "parse error at line 1, column 25: syntax error while parsing object "
                       "key - invalid literal; last read: '\"llama\", b'; expected string "
                       "literal); expected a config.json"),
        "model: got badm/config.json (not valid JSON at line 1, column 25); expected a "
        "config.json");
    EXPECT_EQ(window_message("--seq-len: got 5000; expected at most 4096"),
              "L: got 5000; expected at most 4096");
    EXPECT_EQ(window_message("gemma3_text: figures show layer 5: full (--layer N or --layer-type "
                             "full|sliding for others)"),
              "gemma3_text: figures show layer 5: full");
    EXPECT_EQ(window_message("--num-buckets: got 0"), "num buckets: got 0");
    EXPECT_EQ(window_message("a − b -- c"), "a − b -- c");
}

TEST(WindowMessage, ABadConfigReadsForTheWindow) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "posviz_bad_model";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "config.json") << "{\"model_type\": \"llama\", bad";
    Scene s;
    const Scene before = s;
    try {
        load_model(model_choice_from_path((dir / "config.json").string()), s);
        ADD_FAILURE() << "a broken config loaded";
    } catch (const InputError& e) {
        const std::string shown = window_message(e.what());
        EXPECT_EQ(shown.find("--"), std::string::npos) << shown;
        EXPECT_EQ(shown.find("json.exception"), std::string::npos) << shown;
        EXPECT_NE(shown.find("not valid JSON at line 1"), std::string::npos) << shown;
    }
    EXPECT_EQ(s.seq_len, before.seq_len);  // nothing applied
    std::filesystem::remove_all(dir);
}

TEST(ModelState, AFolderRemovedWhileShownIsAMessageAndTheSceneStays) {
    // The layer picker reads the model again: its folder gone, the window says so.
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "posviz_gone_model";
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(data("gemma-3-4b-it.json"), dir / "config.json",
                               std::filesystem::copy_options::overwrite_existing);
    Scene s;
    ModelChoice choice;
    choice.config_path = (dir / "config.json").string();
    LoadedModel m = load_model(choice, s);
    std::filesystem::remove_all(dir);
    const Scene before = s;
    m.choice.layer = 0;
    try {
        load_model(m.choice, s);
        ADD_FAILURE() << "a removed model loaded";
    } catch (const InputError& e) {
        const std::string shown = window_message(e.what());
        EXPECT_EQ(shown.rfind("model: ", 0), 0u) << shown;
        EXPECT_EQ(shown.find("--"), std::string::npos) << shown;
    }
    EXPECT_EQ(s.base, before.base);
    EXPECT_TRUE(model_applied(m, s));  // what is shown is still the model loaded before
}

}  // namespace
}  // namespace posviz::gui
