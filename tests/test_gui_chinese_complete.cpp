// 中文 is complete: in zh mode the window's own text — menus, storyline bar, Scene window, view
// controls, notes — has no English word but proper names, formula symbols and the language menu's
// "Language / English". The storyline bar is left out: its captions are the presets' text (in the
// storyline's own files), not the window's. The text is read back from what the frame drew: each
// glyph quad of the draw lists is mapped through the font atlas to its character and quads are
// joined into words by their spacing. The figures' text (the plot widget's logged text boxes) is
// left out: it is core's, audited by test_figure_text_audit. Runs in the GPU tests' headless
// context; skips without it.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "app/gui/app.h"
#include "app/gui/gui_session.h"
#include "app/gui/language.h"
#include "app/gui/screenshot.h"
#include "app/gui/views/model_state.h"
#include "core/formats/hf_config/model_scene.h"
#include "tests/gpu_test_context.h"
#include "tests/screen_window.h"

namespace posviz::gui {
namespace {

// Names and symbols that stay as they are in Chinese text.
const std::set<std::string>& allowed() {
    static const std::set<std::string> words = {
        "RoPE",     "ALiBi",   "KERPLE",      "FIRE", "NoPE",    "xPos",  "Shaw",     "Transformer",
        "XL",       "YaRN",    "NTK",         "PI",   "PCA",     "T5",    "LongRoPE", "Llama",
        "Language", "English", "CPU",         "GPU",  "softmax", "logit", "npy",      "safetensors",
        "json",     "config",  "rotate_half", "Tab",  "Esc",     "PgDn",  "PgUp",     "F9",
        "F11",      "Ctrl",    "pos",         "rad",  "dims",    "ln",    "MLA",      "Liu",
        "Men",      "et",      "al"};
    return words;
}

// A drawn glyph: where its pen was (the quad less the glyph's offsets), where the pen went next,
// its line's top and its font's size, and the character.
struct Glyph {
    float pen, next, top, size;
    unsigned codepoint;
};

// Every glyph quad the frame drew outside `excluded`, in reading order.
std::vector<Glyph> drawn_glyphs(const std::vector<ImRect>& excluded) {
    std::map<std::pair<float, float>, std::pair<const ImFontGlyph*, float>> by_uv;
    const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    for (const ImFont* font : atlas->Fonts)
        for (const ImFontGlyph& g : font->Glyphs)
            if (g.Visible) by_uv[{g.U0, g.V0}] = {&g, font->FontSize};
    std::vector<Glyph> glyphs;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; data && l < data->CmdListsCount; ++l) {
        const ImDrawList* list = data->CmdLists[l];
        // Text quads: 4 vertices, 6 indices, top-left vertex first (ImDrawList::PrimRectUV).
        for (int i = 0; i + 3 < list->VtxBuffer.Size; i += 4) {
            const ImDrawVert& a = list->VtxBuffer[i];
            const ImDrawVert& c = list->VtxBuffer[i + 2];
            const auto it = by_uv.find({a.uv.x, a.uv.y});
            if (it == by_uv.end() || a.uv.x == c.uv.x) continue;
            const ImVec2 centre((a.pos.x + c.pos.x) / 2, (a.pos.y + c.pos.y) / 2);
            if (std::any_of(excluded.begin(), excluded.end(),
                            [&](const ImRect& r) { return r.Contains(centre); }))
                continue;
            const ImFontGlyph& g = *it->second.first;
            const float pen = a.pos.x - g.X0;
            glyphs.push_back(
                {pen, pen + g.AdvanceX, a.pos.y - g.Y0, it->second.second, g.Codepoint});
        }
    }
    return glyphs;
}

// Runs of ASCII letters whose quads touch on one line: the English words drawn.
std::set<std::string> english_words(std::vector<Glyph> glyphs, const std::string& content = "") {
    std::sort(glyphs.begin(), glyphs.end(), [](const Glyph& a, const Glyph& b) {
        return std::lround(a.top) != std::lround(b.top) ? a.top < b.top : a.pen < b.pen;
    });
    std::set<std::string> words;
    std::string word;
    const Glyph* last = nullptr;
    auto flush = [&] {
        // The sentence typed as content is the user's, not the window's.
        if (word.size() >= 2 && !allowed().count(word) && content.find(word) == std::string::npos)
            words.insert(word);
        word.clear();
    };
    for (const Glyph& g : glyphs) {
        const bool letter = g.codepoint < 128 && (std::isalpha(int(g.codepoint)) ||
                                                  (!word.empty() && g.codepoint == '_'));
        const bool joined = last && std::lround(last->top) == std::lround(g.top) &&
                            std::abs(g.pen - last->next) < 0.1f * g.size;
        if (!letter || !joined) flush();
        if (letter) word += char(g.codepoint);
        last = &g;
    }
    flush();
    return words;
}

class ChineseComplete : public ::testing::Test {
  protected:
    void SetUp() override {
        POSVIZ_REQUIRE_GPU();
        ASSERT_TRUE(screen_.open(1920, 1080));
        app_.preset_paths = preset_files(presets_dir());
        set_language("zh");
    }
    void TearDown() override {
        set_language("en");
        screen_.close();
    }

    ::posviz::testing::ScreenApp screen_;
    App& app_ = screen_.app;
};

TEST_F(ChineseComplete, TheCheckSeesEnglish) {
    set_language("en");
    go_to_preset(app_, 0);
    const PlacedTextLog log = screen_.settled();
    std::vector<ImRect> figures;
    for (const PlacedTextBox& b : log.boxes) figures.push_back(b.box);
    const std::set<std::string> words = english_words(drawn_glyphs(figures));
    EXPECT_TRUE(words.count("Scene")) << "the reader finds no English in the English window";
}

TEST_F(ChineseComplete, NoEnglishWordInAnyPreset) {
    ASSERT_FALSE(app_.preset_paths.empty());
    for (int i = 0; i < int(app_.preset_paths.size()); ++i) {
        go_to_preset(app_, i);
        for (const bool lecture : {false, true}) {
            set_lecture(app_, lecture);
            app_.show_lecture_tools = true;  // lecture mode's controls (C) too
            const PlacedTextLog log = screen_.settled();
            std::vector<ImRect> figures;
            for (const PlacedTextBox& b : log.boxes) figures.push_back(b.box);
            if (const ImGuiWindow* story = ImGui::FindWindowByName("##story"))
                figures.push_back(story->Rect());
            std::string found;
            for (const std::string& w : english_words(
                     drawn_glyphs(figures), app_.scene.sentence + " " + app_.scene.table_tensor))
                found += w + " ";
            EXPECT_EQ(found, "") << app_.preset_paths[size_t(i)] << (lecture ? " (lecture)" : "");
        }
    }
}

// The Model box in 中文: a loaded model's name, layer picker and description (core's
// describe_model_text in the window's language). Config field names (rope_theta, anything with a
// '_') and the model's own names (its folder, model_type) stay as the config writes them.
TEST_F(ChineseComplete, NoEnglishWordInTheModelBox) {
    go_to_preset(app_, 0);
    for (const char* config : {"gemma-3-4b-it.json", "llama-4-maverick-17b-128e-text.json",
                               "deepseek-v3.json", "mpt-7b-instruct.json", "t5-small.json"}) {
        const std::string path = std::string(POSVIZ_TEST_DATA_DIR) + "/hf-configs/" + config;
        app_.files.model = load_model(model_choice_from_path(path), app_.scene);
        const PlacedTextLog log = screen_.settled();
        std::vector<ImRect> figures;
        for (const PlacedTextBox& b : log.boxes) figures.push_back(b.box);
        if (const ImGuiWindow* story = ImGui::FindWindowByName("##story"))
            figures.push_back(story->Rect());
        const std::vector<Glyph> glyphs = drawn_glyphs(figures);
        // The description is drawn: its table's heading "注意力" (attention) is there.
        std::u32string drawn;
        for (const Glyph& g : glyphs) drawn += char32_t(g.codepoint);
        EXPECT_NE(drawn.find(U"注意力"), std::u32string::npos) << config;
        std::string found;
        // Also the slide's sentence, and the class a note names (Llama4TextAttention).
        const ModelPositions& model = app_.files.model->model;
        const std::string names = model.model_type + " " + model.text_model_type + " " + config +
                                  " " + app_.scene.sentence + " Llama4TextAttention";
        for (const std::string& w : english_words(glyphs, names))
            if (w.find('_') == std::string::npos) found += w + " ";
        EXPECT_EQ(found, "") << config;
    }
}

}  // namespace
}  // namespace posviz::gui
