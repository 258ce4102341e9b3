// The shipped presets (assets/presets): each parses, tells its step in both languages, opens
// views, and every figure those views show builds. Plus the preset format's own checks.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/gui/storyline_names.h"
#include "app/storyline/preset.h"
#include "app/storyline/view_figures.h"
#include "expect_input_error.h"

namespace posviz::gui {
namespace {

std::string scratch_file(const std::string& name, const std::string& text) {
    const auto dir = std::filesystem::temp_directory_path() / "posviz_test_presets";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / name).string();
    std::ofstream(path) << text;
    return path;
}

TEST(Presets, AtLeastEightFollowTheStoryline) {
    const std::vector<std::string> files = preset_files(presets_dir());
    ASSERT_GE(files.size(), 8u);
    // The storyline's order: order blindness first, sinusoidal, learned, relative, RoPE, ALiBi.
    std::vector<std::string> encodings;
    for (const std::string& f : files) encodings.push_back(read_preset(f).scene.encoding);
    auto first = [&](const std::string& e) {
        return std::find(encodings.begin(), encodings.end(), e) - encodings.begin();
    };
    EXPECT_EQ(preset_name(files.front()), "order-blindness");
    EXPECT_LT(first("sinusoidal"), first("learned"));
    EXPECT_LT(first("learned"), first("t5"));
    EXPECT_LT(first("t5"), first("rope"));
    EXPECT_LT(first("rope"), first("alibi"));
}

TEST(Presets, EachHasTitleAndNoteInBothLanguages) {
    for (const std::string& f : preset_files(presets_dir())) {
        const Preset p = read_preset(f);
        EXPECT_FALSE(p.title_en.empty()) << f;
        EXPECT_FALSE(p.title_zh.empty()) << f;
        EXPECT_FALSE(p.note_en.empty()) << f;
        EXPECT_FALSE(p.note_zh.empty()) << f;
        EXPECT_NE(p.title_en, p.title_zh) << f << ": the Chinese title is not translated";
        EXPECT_LE(p.title_en.size(), 60u) << f << ": a title is a short line";
    }
}

// The notes a lecturer reads beside each slide: in both languages, really translated, and more
// than a caption — several sentences (the Chinese counted by its full stops).
TEST(Presets, EachHasSpeakerNotesInBothLanguages) {
    for (const std::string& f : preset_files(presets_dir())) {
        const nlohmann::json raw = nlohmann::json::parse(std::ifstream(f));
        ASSERT_TRUE(raw.contains("speaker_notes")) << f;
        ASSERT_TRUE(raw["speaker_notes"].contains("en")) << f;
        ASSERT_TRUE(raw["speaker_notes"].contains("zh")) << f;
        const Preset p = read_preset(f);
        EXPECT_EQ(p.speaker_notes_en, raw["speaker_notes"]["en"].get<std::string>()) << f;
        EXPECT_EQ(preset_speaker_notes(p, "zh"), p.speaker_notes_zh) << f;
        EXPECT_NE(p.speaker_notes_en, p.speaker_notes_zh) << f;
        EXPECT_GE(p.speaker_notes_en.size(), 400u) << f;
        EXPECT_GE(p.speaker_notes_zh.size(), 400u) << f;  // bytes: ~140 Chinese characters
        const auto count = [](const std::string& text, const std::string& mark) {
            int n = 0;
            for (size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + 1))
                ++n;
            return n;
        };
        EXPECT_GE(count(p.speaker_notes_en, ". ") + 1, 4) << f << ": a few sentences";
        EXPECT_GE(count(p.speaker_notes_zh, "。"), 4) << f << ": a few sentences";
        EXPECT_NE(p.speaker_notes_en, p.note_en) << f << ": the notes are not the caption";
    }
}

TEST(Presets, EveryOpenViewBuildsItsFigures) {
    for (const std::string& f : preset_files(presets_dir())) {
        const Preset p = read_preset(f);
        int open = 0;
        for (const ViewInfo& info : view_infos()) {
            const ViewSettings& v = settings_of(p.views, info.id);
            if (!v.open) continue;
            ++open;
            for (const char* lang : {"en", "zh"}) {
                const std::vector<ViewFigure> figures = view_figures(info.id, p.scene, v, lang);
                EXPECT_FALSE(figures.empty()) << f << ": " << info.key << " draws nothing";
                for (const ViewFigure& figure : figures) {
                    try {
                        EXPECT_FALSE(build_view_figure(figure.request).panels.empty())
                            << f << ": " << info.key;
                    } catch (const std::exception& e) {
                        ADD_FAILURE() << f << ": " << info.key << ": " << e.what();
                    }
                }
            }
        }
        EXPECT_GE(open, 1) << f;
    }
}

TEST(Presets, SaveAndReadBack) {
    Preset p;
    p.title_en = "Mine";
    p.title_zh = "我的";
    p.note_en = "A note.";
    p.speaker_notes_en = "What to say.";
    p.speaker_notes_zh = "要讲的话。";
    p.scene.encoding = "kerple";
    p.scene.seq_len = 40;
    ViewSettings& decay = settings_of(p.views, ViewId::Decay);
    decay.open = decay.log_x = true;
    decay.compare = {"10000", "500000"};
    ViewSettings& rotation = settings_of(p.views, ViewId::Rotation);
    rotation.open = rotation.playing = true;
    rotation.speed = 2.5;
    rotation.position = 7;
    ViewSettings& figure = settings_of(p.views, ViewId::Figure);
    figure.open = true;
    figure.figure = "pca";
    ViewSettings& attention = settings_of(p.views, ViewId::Attention);
    attention.open = attention.difference = true;
    attention.compare = {"rope", "alibi"};
    attention.scale = ColourScale::PerPanel;
    ViewSettings& bias = settings_of(p.views, ViewId::Bias);
    bias.open = bias.all_heads = true;
    bias.scale = ColourScale::Shared;
    p.lead_view = ViewId::Rotation;
    const std::string path = scratch_file("saved.json", "");
    write_preset(p, path);
    const Preset back = read_preset(path);
    EXPECT_EQ(back.title_zh, "我的");
    EXPECT_EQ(back.note_zh, "");
    EXPECT_EQ(back.speaker_notes_en, "What to say.");
    EXPECT_EQ(back.speaker_notes_zh, "要讲的话。");
    EXPECT_EQ(back.scene.encoding, "kerple");
    EXPECT_EQ(back.scene.seq_len, 40);
    EXPECT_EQ(back.views, p.views);
    EXPECT_EQ(back.lead_view, ViewId::Rotation);
    // A lead closed since is not written: the file would not read back.
    rotation.open = false;
    write_preset(p, path);
    EXPECT_EQ(read_preset(path).lead_view, std::nullopt);
}

TEST(Presets, ChineseFallsBackToEnglish) {
    Preset p;
    p.title_en = "Only English";
    EXPECT_EQ(preset_title(p, "zh"), "Only English");
}

TEST(Presets, MalformedFilesNameTheProblem) {
    const std::string not_json = scratch_file("broken.json", "{\"title\": ");
    EXPECT_INPUT_ERROR(read_preset(not_json), not_json);
    EXPECT_INPUT_ERROR(read_preset(scratch_file("typo.json", R"({"titel": {"en": "x"}})")),
                       "typo.json.titel");
    EXPECT_INPUT_ERROR(read_preset(scratch_file("lang.json", R"({"title": {"fr": "x"}})")),
                       "lang.json.title.fr");
    // Speaker notes are checked as the caption is: an object of en/zh strings.
    EXPECT_INPUT_ERROR(read_preset(scratch_file("notes.json", R"({"speaker_notes": "say"})")),
                       "notes.json.speaker_notes");
    EXPECT_INPUT_ERROR(
        read_preset(scratch_file("notes_type.json", R"({"speaker_notes": {"zh": ["x"]}})")),
        "notes_type.json.speaker_notes.zh");
    EXPECT_INPUT_ERROR(
        read_preset(scratch_file("notes_lang.json", R"({"speaker_notes": {"de": "x"}})")),
        "notes_lang.json.speaker_notes.de");
    EXPECT_INPUT_ERROR(read_preset(scratch_file("scene.json", R"({"scene": {"dim": "64"}})")),
                       "scene.json.scene.dim");
    EXPECT_INPUT_ERROR(read_preset(scratch_file("view.json", R"({"views": {"spiral": {}}})")),
                       "view.json.views.spiral");
    EXPECT_INPUT_ERROR(
        read_preset(scratch_file("key.json", R"({"views": {"attention": {"speed": 2}}})")),
        "key.json.views.attention.speed");
    EXPECT_INPUT_ERROR(
        read_preset(scratch_file("type.json", R"({"views": {"rotation": {"playing": "yes"}}})")),
        "type.json.views.rotation.playing");
    EXPECT_INPUT_ERROR(
        read_preset(scratch_file("name.json", R"({"views": {"figure": {"figure": "spiral"}}})")),
        "name.json.views.figure.figure");
    EXPECT_INPUT_ERROR(
        read_preset(scratch_file("scale.json", R"({"views": {"bias": {"scale": "both"}}})")),
        "scale.json.views.bias.scale");
    // The lead view must be a view, and one the preset opens.
    for (const char* lead : {R"("spiral")", R"("decay")", "3"})
        EXPECT_INPUT_ERROR(
            read_preset(scratch_file("lead.json", std::string(R"({"views": {"rotation": {}},)") +
                                                      R"( "lead_view": )" + lead + "}")),
            "lead.json.lead_view");
    EXPECT_INPUT_ERROR(read_preset("/nonexistent/preset.json"), "/nonexistent/preset.json");
}

TEST(Presets, FoundByNameNumberOrPath) {
    const std::string dir = presets_dir();
    const std::string by_name = resolve_preset("rope-rotation", dir);
    EXPECT_EQ(preset_name(by_name), "rope-rotation");
    EXPECT_EQ(resolve_preset(std::filesystem::path(by_name).stem().string(), dir), by_name);
    EXPECT_EQ(resolve_preset(by_name, dir), by_name);
    EXPECT_INPUT_ERROR(resolve_preset("no-such-step", dir), "--preset");
}

// The colour-scale toggle, the difference and all-heads checkboxes reach the figure requests;
// the difference only with exactly two encodings, all heads only for ALiBi drawn alone.
TEST(Presets, ViewOptionsReachTheFigureRequests) {
    Scene scene;
    scene.encoding = "alibi";
    ViewSettings v;
    v.open = v.difference = v.all_heads = true;
    v.scale = ColourScale::PerPanel;
    v.compare = {"rope", "alibi"};
    ViewRequest r = view_figures(ViewId::Attention, scene, v, "en").at(0).request;
    EXPECT_EQ(r.options.scale, ColourScale::PerPanel);
    EXPECT_TRUE(r.options.difference);
    v.compare.push_back("nope");
    EXPECT_FALSE(view_figures(ViewId::Attention, scene, v, "en").at(0).request.options.difference);
    v.compare.clear();
    r = view_figures(ViewId::Bias, scene, v, "en").at(0).request;
    EXPECT_TRUE(r.options.all_heads);
    EXPECT_EQ(r.options.scale, ColourScale::PerPanel);
    v.compare = {"alibi", "kerple"};
    scene.encoding = "rope";  // the bias view draws its own list whatever the scene's encoding
    r = view_figures(ViewId::Bias, scene, v, "en").at(0).request;
    EXPECT_FALSE(r.options.all_heads);
    EXPECT_EQ(r.scene.compare, v.compare);
}

TEST(Presets, ViewsDrawOnlyTheirEncodings) {
    Scene scene;
    scene.encoding = "alibi";
    ViewSettings open;
    open.open = true;
    EXPECT_TRUE(view_figures(ViewId::Rotation, scene, open, "en").empty());
    EXPECT_EQ(view_figures(ViewId::Bias, scene, open, "en").size(), 1u);
    scene.encoding = "t5";
    EXPECT_EQ(view_figures(ViewId::Bias, scene, open, "en").size(), 2u);  // bias and buckets
    scene.encoding = "rope";
    const std::vector<ViewFigure> waves = view_figures(ViewId::Wavelengths, scene, open, "zh");
    ASSERT_EQ(waves.size(), 1u);  // no PE curves for RoPE: only the wavelengths
    EXPECT_EQ(waves[0].request.scene.figure, "wavelengths");
    EXPECT_EQ(waves[0].request.options.lang, "zh");
    // Attention compares the view's own list.
    ViewSettings compare = open;
    compare.compare = {"nope", "rope"};
    EXPECT_EQ(view_figures(ViewId::Attention, scene, compare, "en")[0].request.scene.compare,
              compare.compare);
    // The Figure view draws the figure it names, for any encoding.
    ViewSettings any = open;
    any.figure = "turns";
    EXPECT_EQ(view_figures(ViewId::Figure, scene, any, "en")[0].request.scene.figure, "turns");
}

}  // namespace
}  // namespace posviz::gui
