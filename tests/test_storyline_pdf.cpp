// `posviz export storyline`: the lecture's handout, one PDF page per figure of each preset of the
// storyline (a preset's views show one or two figures each), through the real binary. Pages are
// counted in the file itself (its /Type /Page objects) and, where poppler-utils is installed, by
// pdfinfo too; the words come back through pdftotext.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "run_posviz.h"

namespace posviz {
namespace {

namespace fs = std::filesystem;
using testing::run_posviz;

const std::string k_presets = std::string(POSVIZ_SOURCE_DIR) + "/assets/presets";

int shipped_preset_count() {
    int count = 0;
    for (const auto& entry : fs::directory_iterator(k_presets))
        count += entry.path().extension() == ".json";
    return count;
}

// Page objects ("/Type /Page", not the "/Type /Pages" tree above them).
int page_objects(const std::string& pdf) {
    const std::regex page(R"(/Type\s*/Page[^s])");
    return int(
        std::distance(std::sregex_iterator(pdf.begin(), pdf.end(), page), std::sregex_iterator()));
}

bool have(const char* tool) {
    return std::system(("command -v " + std::string(tool) + " >/dev/null 2>&1").c_str()) == 0;
}

// The standard output of `command` (a scratch file of its own, beside no output under test).
std::string shell_output(const std::string& command) {
    const std::string out = testing::make_temp_dir() + "/out.txt";
    if (std::system((command + " > " + out + " 2>/dev/null").c_str()) != 0) return "";
    return testing::read_file(out);
}

// The preset's title in `lang`, read from its file.
std::string preset_title(const std::string& file, const std::string& lang) {
    std::ifstream in(k_presets + "/" + file);
    return nlohmann::json::parse(in)["title"][lang].get<std::string>();
}

std::vector<std::string> files_in(const std::string& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir))
        names.push_back(entry.path().filename().string());
    return names;
}

TEST(StorylinePdf, OnePagePerShippedPreset) {
    const std::string dir = testing::make_temp_dir();
    const testing::RunResult r = run_posviz("export storyline -o " + dir + "/lecture.pdf");
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string pdf = testing::read_file(dir + "/lecture.pdf");
    ASSERT_TRUE(pdf.starts_with("%PDF-"));
    // At least a page a preset, at most a page for each of its (at most three) open views' two
    // figures.
    const int pages_in_file = page_objects(pdf);
    EXPECT_GE(pages_in_file, shipped_preset_count());
    EXPECT_LE(pages_in_file, 6 * shipped_preset_count());
    if (have("pdfinfo")) {
        const std::string info = shell_output("pdfinfo " + dir + "/lecture.pdf");
        int pages = 0;
        ASSERT_NE(info.find("Pages:"), std::string::npos) << info;
        EXPECT_EQ(std::sscanf(info.c_str() + info.find("Pages:"), "Pages: %d", &pages), 1);
        EXPECT_EQ(pages, pages_in_file);
        // A 16:9 slide, 13.33 × 7.5 in.
        EXPECT_NE(info.find("960 x 540 pts"), std::string::npos) << info;
    }
    if (have("pdftotext")) {
        const std::string text = shell_output("pdftotext " + dir + "/lecture.pdf -");
        const std::string first = preset_title("01-order-blindness.json", "en");
        const std::string last = preset_title("10-long-context.json", "en");
        // The storyline's order: the first preset's title before the last one's.
        ASSERT_NE(text.find(first), std::string::npos) << text;
        ASSERT_NE(text.find(last), std::string::npos) << text;
        EXPECT_LT(text.find(first), text.find(last));
    }
    EXPECT_EQ(files_in(dir), std::vector<std::string>{"lecture.pdf"});  // no temporary left
}

TEST(StorylinePdf, ChosenPresetsInTheGivenOrderReproducibly) {
    const std::string dir = testing::make_temp_dir();
    const std::string args = "export storyline --preset rope-rotation,05-learned -o " + dir;
    ASSERT_EQ(run_posviz(args + "/a.pdf").status, 0);
    ASSERT_EQ(run_posviz(args + "/b.pdf").status, 0);
    const std::string pdf = testing::read_file(dir + "/a.pdf");
    // rope-rotation opens the Waves view (its wavelengths figure) and the rotation view;
    // 05-learned the PE matrix view (the matrix and its similarity): two pages each.
    EXPECT_EQ(page_objects(pdf), 4);
    EXPECT_EQ(pdf, testing::read_file(dir + "/b.pdf"));  // byte-identical, as every posviz PDF
    EXPECT_EQ(pdf.find("/CreationDate"), std::string::npos);
    if (have("pdftotext")) {
        const std::string text = shell_output("pdftotext " + dir + "/a.pdf -");
        const size_t rotation = text.find(preset_title("07-rope-rotation.json", "en"));
        const size_t learned = text.find(preset_title("05-learned.json", "en"));
        ASSERT_NE(rotation, std::string::npos) << text;
        ASSERT_NE(learned, std::string::npos) << text;
        EXPECT_LT(rotation, learned);
        std::string packed = text;  // pdftotext may drop the thin spaces of "2 / 2"
        std::erase(packed, ' ');
        EXPECT_NE(packed.find("2/2"), std::string::npos) << text;
        // A preset's second figure's page says so in its title.
        EXPECT_NE(packed.find("(2/2)"), std::string::npos) << text;
    }
}

TEST(StorylinePdf, ChineseHandout) {
    const std::string dir = testing::make_temp_dir();
    const testing::RunResult r =
        run_posviz("export storyline --lang zh --preset learned -o " + dir + "/zh.pdf");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(page_objects(testing::read_file(dir + "/zh.pdf")), 2);  // the matrix, the similarity
    if (have("pdftotext")) {
        const std::string text = shell_output("pdftotext " + dir + "/zh.pdf -");
        EXPECT_NE(text.find(preset_title("05-learned.json", "zh")), std::string::npos) << text;
    }
    if (have("pdffonts")) {
        const std::string fonts = shell_output("pdffonts " + dir + "/zh.pdf");
        EXPECT_NE(fonts.find("CJK"), std::string::npos) << fonts;
    }
}

TEST(StorylinePdf, BadInputWritesNothing) {
    const std::string dir = testing::make_temp_dir();
    const std::string out = " -o " + dir + "/x.pdf";
    testing::RunResult r = run_posviz("export storyline --preset learned,no-such-slide" + out);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--preset"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("no-such-slide"), std::string::npos) << r.err;
    r = run_posviz("export storyline --seq-len 64" + out);  // would be ignored: refused
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--seq-len"), std::string::npos) << r.err;
    r = run_posviz("export storyline --lang fr" + out);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--lang"), std::string::npos) << r.err;
    r = run_posviz("export storyline -o " + dir + "/x.png");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find(".pdf"), std::string::npos) << r.err;
    const std::string broken = testing::make_temp_dir() + "/broken.json";
    std::ofstream(broken) << R"({"scene": {"seq_len": 0}})";
    r = run_posviz("export storyline --preset learned," + broken + out);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("broken.json"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("seq_len"), std::string::npos) << r.err;
    r = run_posviz("export scores --preset learned -o " + dir + "/s.png");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--preset"), std::string::npos) << r.err;
    EXPECT_TRUE(files_in(dir).empty());
}

}  // namespace
}  // namespace posviz
