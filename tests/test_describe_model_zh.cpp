// A model's description in Chinese (the window's Model box in 中文, issue 23): for every config in
// tests/data, describe_model_text with the zh Text has no English word but proper names, formula
// symbols and the config's own names — its keys and values (model_type "gemma3_text"), and field
// names written as identifiers (rope_theta, max_position_embeddings). The English text is the
// control: the same check finds English words in it.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "core/formats/hf_config.h"
#include "core/formats/hf_config/describe_model.h"

namespace posviz {
namespace {

// Names and symbols that stay as they are in Chinese text.
const std::set<std::string>& proper_names() {
    static const std::set<std::string> names = {"RoPE",
                                                "NoPE",
                                                "ALiBi",
                                                "YaRN",
                                                "NTK",
                                                "LongRoPE",
                                                "Llama",
                                                "MLA",
                                                "MoE",
                                                "MLP",
                                                "Mamba",
                                                "KDA",
                                                "Liu",
                                                "Men",
                                                "et",
                                                "al",
                                                "softmax",
                                                "alpha",
                                                "ln",
                                                "T5",
                                                "Llama4TextAttention",
                                                "Ministral3Attention",
                                                "posviz",
                                                "Transformer"};
    return names;
}

// Runs of letters, digits and '_'.
std::set<std::string> tokens(const std::string& text) {
    std::set<std::string> found;
    std::string token;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 128 && (std::isalnum(u) || c == '_')) {
            token += c;
        } else if (!token.empty()) {
            found.insert(token);
            token.clear();
        }
    }
    if (!token.empty()) found.insert(token);
    return found;
}

// The tokens of `text` with at least two letters that are not a proper name, an identifier (a
// '_' in it: a config field) or a token of the config file itself.
std::set<std::string> english_words(const std::string& text, const std::string& config) {
    const std::set<std::string> config_words = tokens(config);
    std::set<std::string> words;
    for (const std::string& word : tokens(text)) {
        int letters = 0;
        for (char c : word) letters += std::isalpha(static_cast<unsigned char>(c)) ? 1 : 0;
        const bool identifier = word.find('_') != std::string::npos;
        if (letters >= 2 && !identifier && !proper_names().count(word) && !config_words.count(word))
            words.insert(word);
    }
    return words;
}

std::vector<std::filesystem::path> configs() {
    std::vector<std::filesystem::path> paths;
    for (const char* folder : {"/hf-configs", "/hf-configs-2025"})
        for (const auto& entry :
             std::filesystem::directory_iterator(std::string(POSVIZ_TEST_DATA_DIR) + folder))
            if (entry.path().extension() == ".json") paths.push_back(entry.path());
    return paths;
}

std::string file_text(const std::filesystem::path& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), {}};
}

TEST(DescribeModelZh, NoEnglishWordInAnyConfigsDescription) {
    const std::vector<std::filesystem::path> paths = configs();
    ASSERT_GE(paths.size(), 40u);
    for (const auto& path : paths) {
        const ModelPositions model = read_hf_config(path.string());
        DescribeOptions zh;
        zh.text = Text{"zh"};
        zh.layer_options = false;
        const std::string text = describe_model_text(model, zh);
        std::string found;
        for (const std::string& w : english_words(text, file_text(path))) found += w + " ";
        EXPECT_EQ(found, "") << path.filename() << ":\n" << text;
        // The layer picker's names are the rows' text.
        for (int layer = 0; layer < int(model.layers.size()); ++layer)
            EXPECT_EQ(english_words(describe_layer(model, layer, Text{"zh"}), file_text(path)),
                      std::set<std::string>{})
                << path.filename() << " layer " << layer;
    }
}

TEST(DescribeModelZh, TheCheckFindsEnglishInTheEnglishText) {
    const auto path = std::filesystem::path(POSVIZ_TEST_DATA_DIR) / "hf-configs/llama-3.1-8b.json";
    const std::set<std::string> words =
        english_words(describe_model_text(read_hf_config(path.string())), file_text(path));
    EXPECT_TRUE(words.count("layers") && words.count("trained") && words.count("dims"))
        << "the check sees no English in the English description";
}

// A config of a type posviz does not list is read as Llama-like, and said so in either language.
TEST(DescribeModelZh, TheAssumptionIsSaidInChinese) {
    const auto dir = std::filesystem::temp_directory_path() / "posviz_describe_zh";
    std::filesystem::create_directories(dir);
    const auto path = dir / "config.json";
    std::ofstream(path) << R"({"model_type": "brand_new_lm", "num_hidden_layers": 2,
        "rope_theta": 50000, "hidden_size": 256, "num_attention_heads": 4})";
    const ModelPositions model = read_hf_config(path.string());
    DescribeOptions zh;
    zh.text = Text{"zh"};
    zh.layer_options = false;
    const std::string text = describe_model_text(model, zh);
    EXPECT_NE(text.find("警告：model_type \"brand_new_lm\" 不在"), std::string::npos) << text;
    EXPECT_EQ(english_words(text, file_text(path)), std::set<std::string>{}) << text;
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace posviz
