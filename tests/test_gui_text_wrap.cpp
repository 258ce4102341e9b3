// Line breaks for the storyline caption and the speaker notes (app/gui/window/text_wrap.h): a
// Chinese caption fills its lines, where ImGui's own wrapping, which breaks at spaces only, left
// a line half empty before each long run of Chinese and a lone "。" on a line of its own.
#include <gtest/gtest.h>
#include <imgui.h>

#include <sstream>
#include <string>
#include <vector>

#include "app/gui/window/fonts.h"
#include "app/gui/window/text_wrap.h"

namespace posviz::gui {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

float width_of(ImFont* font, const std::string& text) {
    return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, text.c_str()).x;
}

TEST(GuiTextWrap, ChineseLinesAreFullAndNoneStartsWithClosingPunctuation) {
    ImGui::CreateContext();
    FontSpec spec;
    spec.lang = "zh";
    spec.size = 28.0f;  // lecture mode's body text at 1080p
    const Fonts fonts = build_fonts(spec);
    unsigned char* pixels = nullptr;
    int atlas_width = 0, atlas_height = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &atlas_width, &atlas_height);
    ASSERT_TRUE(fonts.problem.empty()) << fonts.problem;
    // The ALiBi slide's caption: Latin words amid Chinese runs dozens of characters long.
    const std::string caption =
        "ALiBi 从每个 logit 中减去 slope·|m − n|，每个头一个斜率：一条直的斜坡。KERPLE 与 FIRE "
        "则学习惩罚的形状：在对角线附近增长很快，远处趋于平缓。三者的数值范围相差许多倍，所以每张图"
        "使用各自的色标；“偏置随距离的变化”曲线在同一坐标轴上比较它们的形状。";
    const float width = 1000.0f;
    const std::vector<std::string> lines = lines_of(wrap_text(fonts.body, caption, width));
    ASSERT_GE(lines.size(), 3u);
    for (size_t i = 0; i < lines.size(); ++i) {
        EXPECT_LE(width_of(fonts.body, lines[i]), width) << lines[i];
        // Only the last line may be short: a line ends where the next character would not fit.
        if (i + 1 < lines.size()) {
            EXPECT_GT(width_of(fonts.body, lines[i]), 0.9f * width) << lines[i];
        }
        for (const char* closing : {"，", "。", "；", "："})
            EXPECT_NE(lines[i].rfind(closing, 0), 0u) << lines[i];
    }
    ImGui::DestroyContext();
}

}  // namespace
}  // namespace posviz::gui
