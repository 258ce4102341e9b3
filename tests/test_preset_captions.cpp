// The storyline's captions say what their slides do (issue 23, minor defect 7, and 中文 item 8):
// a caption that promises a click plotting a column comes with the view that plots it, and the
// Chinese captions use the Chinese word where one exists for the parameter names the window
// shows (基数 for base, 斜率 for slope), keeping the symbols themselves only beside it.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "app/storyline/preset.h"
#include "app/storyline/view_figures.h"
#include "core/figure/figure.h"

namespace posviz::storyline {
namespace {

bool mentions(const std::string& text, const std::string& word) {
    return text.find(word) != std::string::npos;
}

TEST(PresetCaptions, AClickThatPlotsAColumnNeedsTheWavesView) {
    for (const std::string& path : preset_files(presets_dir())) {
        const Preset p = read_preset(path);
        // Clicking a PE matrix column adds it to "dims shown", which only the Waves view draws.
        if (!settings_of(p.views, ViewId::Wavelengths).open) {
            for (const std::string* text : {&p.note_en, &p.speaker_notes_en})
                EXPECT_FALSE(mentions(*text, "click a column")) << path;
            for (const std::string* text : {&p.note_zh, &p.speaker_notes_zh})
                EXPECT_FALSE(mentions(*text, "点击某一列")) << path;
        }
    }
}

TEST(PresetCaptions, ChineseCaptionsNameParametersInChinese) {
    for (const std::string& path : preset_files(presets_dir())) {
        const Preset p = read_preset(path);
        for (const std::string* text : {&p.title_zh, &p.note_zh, &p.speaker_notes_zh}) {
            // "slope" has a Chinese word and no symbol of its own in the formulas.
            EXPECT_FALSE(mentions(*text, "slope")) << path;
            // base and max_len are the controls' names: each time beside its Chinese word.
            EXPECT_TRUE(!mentions(*text, "base") || mentions(*text, "基数")) << path;
            EXPECT_TRUE(!mentions(*text, "max_len") || mentions(*text, "最大长度")) << path;
        }
    }
}

// Two figures of one slide never share a title: slide 6 drew its all-ones row and its random row
// both as "Attention logits, same content". A comparison's title names its content now.
TEST(PresetCaptions, TheFiguresOfASlideHaveTitlesOfTheirOwn) {
    for (const std::string& path : preset_files(presets_dir()))
        for (const char* lang : {"en", "zh"}) {
            std::set<std::string> titles;
            for (const Figure& figure : preset_figures(read_preset(path), path, lang))
                EXPECT_TRUE(titles.insert(figure.title).second)
                    << path << " (" << lang << "): two figures titled \"" << figure.title << '"';
        }
    const std::string six = presets_dir() + "/06-relative.json";
    const std::vector<Figure> figures = preset_figures(read_preset(six), six, "en");
    ASSERT_EQ(figures.size(), 2u);
    EXPECT_NE(figures[0].title.find("all-ones"), std::string::npos) << figures[0].title;
    EXPECT_NE(figures[1].title.find("random"), std::string::npos) << figures[1].title;
}

}  // namespace
}  // namespace posviz::storyline
