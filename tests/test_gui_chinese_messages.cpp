// The zh window's messages for bad input are Chinese (window_message → chinese_message): the
// messages come from the code the window runs on bad files (a model's config.json, a removed
// model folder, content .npy files, settings.json), and are checked for English words outside
// identifiers, paths, numbers and proper names. The same messages in the en window are the
// check's control: it must find English words there.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "app/gui/files/file_chooser_model.h"
#include "app/gui/files/scene_files.h"
#include "app/gui/files/settings.h"
#include "app/gui/language.h"
#include "app/gui/views/model_state.h"
#include "app/gui/views/window_message.h"
#include "core/formats/hf_config/model_scene.h"
#include "core/formats/npy.h"
#include "core/input_error.h"
#include "tests/run_posviz.h"

namespace posviz::gui {
namespace {

namespace fs = std::filesystem;

// Words of English left in `text` once paths, quoted values, identifiers (with _ . - inside), the
// options listed after "以下之一：" (or "以下预设之一：", …) and proper names are set aside.
std::set<std::string> english_words(std::string text) {
    static const std::set<std::string> names = {"JSON",  "NumPy", "Hugging", "Face", "true",
                                                "false", "L",     "D",       "MB",   "C"};
    for (const char* set_aside :
         {R"(\S*/\S*)", R"("[^"]*")", R"([A-Za-z0-9]*[_.\-][\w.\-]*)", R"(以下[^：]*之一：[^；]*)"})
        text = std::regex_replace(text, std::regex(set_aside), " ");
    std::set<std::string> words;
    const std::regex word("[A-Za-z]+");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), word);
         it != std::sregex_iterator(); ++it)
        if (!names.count(it->str())) words.insert(it->str());
    return words;
}

std::string joined(const std::set<std::string>& words) {
    std::string out;
    for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

struct LanguageScope {
    explicit LanguageScope(const std::string& lang) { set_language(lang); }
    ~LanguageScope() { set_language("en"); }
};

void write(const fs::path& path, const std::string& text) {
    std::ofstream(path) << text;
}

void write_npy(const fs::path& path, int rows, int cols) {
    const std::vector<double> values(size_t(rows) * cols, 0.5);
    std::ofstream(path, std::ios::binary)
        << encode_npy({rows, cols}, values.data(), NpyDtype::Float64);
}

std::string input_error_of(const std::function<void()>& fail) {
    try {
        fail();
    } catch (const InputError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no InputError";
    return "";
}

// What the window meets: a message from each kind of bad file it reads.
std::vector<std::pair<std::string, std::string>> bad_input_messages() {
    const fs::path dir = testing::make_temp_dir();
    const auto model_error = [](const fs::path& config) {
        return input_error_of([&] {
            Scene s;
            load_model(model_choice_from_path(config.string()), s);
        });
    };
    const auto config_with = [&](const std::string& name, const std::string& rope_scaling) {
        fs::create_directories(dir / name);
        write(dir / name / "config.json",
              R"({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 2,
                  "num_hidden_layers": 2, "max_position_embeddings": 128,
                  "rope_theta": 10000, "rope_scaling": )" +
                  rope_scaling + "}");
        return dir / name / "config.json";
    };
    std::vector<std::pair<std::string, std::string>> messages;
    fs::create_directories(dir / "broken");
    write(dir / "broken/config.json", "{\"model_type\": \"llama\", bad");
    messages.push_back({"a config that is not JSON", model_error(dir / "broken/config.json")});
    messages.push_back({"a model folder removed", model_error(dir / "gone/config.json")});
    messages.push_back(
        {"a scaling factor of 0",
         model_error(config_with("zero", R"({"rope_type": "linear", "factor": 0})"))});
    messages.push_back({"an unknown rope_type",
                        model_error(config_with("warp", R"({"rope_type": "warp", "factor": 2})"))});
    write_npy(dir / "q.npy", 4, 2);
    write_npy(dir / "k.npy", 3, 2);
    write(dir / "text.npy", "hello");
    const auto content_error = [](const fs::path& q, const fs::path& k) {
        return input_error_of([&] {
            Scene s;
            use_content_files(s, q.string(), k.string());
        });
    };
    messages.push_back({"keys that do not fit", content_error(dir / "q.npy", dir / "k.npy")});
    messages.push_back(
        {"queries that are not .npy", content_error(dir / "text.npy", dir / "k.npy")});
    messages.push_back(
        {"queries that do not exist", content_error(dir / "none.npy", dir / "k.npy")});
    const auto chooser_error = [](const ChooserSetup& setup, const std::string& typed) {
        FileChooserModel chooser;
        chooser.open(setup);
        chooser.typed = typed;
        chooser.submit();
        return chooser.error();
    };
    messages.push_back({"the chooser: a file that does not exist",
                        chooser_error({ChooserPurpose::OpenFile, {".npy"}, dir.string(), ""},
                                      (dir / "none.npy").string())});
    messages.push_back({"the chooser: a file of another kind",
                        chooser_error({ChooserPurpose::OpenFile, {".npy"}, dir.string(), ""},
                                      (dir / "broken/config.json").string())});
    messages.push_back({"the chooser: saving into no folder",
                        chooser_error({ChooserPurpose::SaveFile, {".png"}, dir.string(), ""},
                                      (dir / "no/such/folder/f.png").string())});
    write(dir / "scale.json", R"({"ui_scale": 1000})");
    messages.push_back(
        {"settings with a UI scale of 1000", load_settings((dir / "scale.json").string()).problem});
    write(dir / "lang.json", R"({"lang": "fr"})");
    messages.push_back(
        {"settings with an unknown language", load_settings((dir / "lang.json").string()).problem});
    return messages;
}

TEST(ChineseMessages, BadInputIsSaidInChinese) {
    const auto messages = bad_input_messages();
    for (const auto& [what, message] : messages) {
        ASSERT_FALSE(message.empty()) << what;
        {
            const LanguageScope zh("zh");
            const std::string shown = window_message(message);
            EXPECT_TRUE(english_words(shown).empty())
                << what << ": " << shown << "\n  English: " << joined(english_words(shown));
            EXPECT_NE(shown.find("收到"), std::string::npos) << what << ": " << shown;
            // The menu bar shows a stored message through window_message again.
            EXPECT_EQ(window_message(shown), shown) << what;
        }
        // The control: the check sees the English of the same message in the en window.
        EXPECT_FALSE(english_words(window_message(message)).empty()) << what << ": " << message;
    }
}

TEST(ChineseMessages, TheFrameAndItsPhrases) {
    const LanguageScope zh("zh");
    EXPECT_EQ(window_message("--seq-len: got 5000; expected at most 4096"),
              "L：收到 5000；应为至多 4096");
    EXPECT_EQ(window_message("keys: got /u/k.npy with shape (3, 2); expected shape (4, 2)"),
              "键：收到 /u/k.npy，形状为 (3, 2)；应为形状 (4, 2)");
    EXPECT_EQ(
        window_message("m/config.json: rope_scaling.factor: got 0; expected a finite number >= 1"),
        "m/config.json：rope_scaling.factor：收到 0；应为 ≥ 1 的有限数");
    EXPECT_EQ(
        window_message(
            "queries: got q.npy of 209715200 bytes; expected a NumPy .npy file of at most 100 MB"),
        "查询：收到 q.npy，共 209715200 字节；应为 NumPy .npy 文件（至多 100 MB）");
    EXPECT_EQ(window_message("--model-config: got m/config.json ([json.exception.parse_error.101] "
                             "parse error at line 1, column 25: syntax error; last read: 'b'); "
                             "expected a config.json file"),
              "模型：收到 m/config.json（第 1 行第 25 列不是有效的 JSON）；应为 config.json 文件");
    // The page's link fragment (app/web/web_main.cpp).
    EXPECT_EQ(window_message("#L: got 2000000000; expected a sequence length from 1 to 1048576"),
              "#L：收到 2000000000；应为 1 到 1048576 的序列长度");
    // Not the frame: as it is.
    EXPECT_EQ(window_message("content loaded: L = 12, D = 8"), "content loaded: L = 12, D = 8");
}

}  // namespace
}  // namespace posviz::gui
