// The family table generated from transformers' source (tools/hf_families/extract.py): rows checked
// against values read by eye in transformers at the commit the table names, and the hand rules
// laid over it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "core/formats/hf_config/families.h"
#include "core/formats/hf_config/transformers_families.h"

namespace posviz::hf {
namespace {

json defaults(const char* type) {
    const TransformersFamily* t = find_transformers_family(type);
    if (!t) {
        ADD_FAILURE() << type << " is not in the generated table";
        return json::object();
    }
    return json::parse(t->defaults_json);
}

TEST(HfFamiliesTable, SortedAndUnique) {
    const auto all = transformers_families();
    ASSERT_GT(all.size(), 100u);
    for (size_t i = 1; i < all.size(); ++i)
        EXPECT_LT(std::string(all[i - 1].model_type), std::string(all[i].model_type));
    for (const TransformersFamily& t : all) {
        EXPECT_TRUE(json::parse(t.defaults_json).is_object()) << t.model_type;
        EXPECT_EQ(find_transformers_family(t.model_type), &t);
    }
    EXPECT_EQ(find_transformers_family("no_such_model"), nullptr);
}

// Partial rotary defaults: GPTNeoXConfig.convert_rope_params_to_dict pops rotary_pct (0.25),
// StableLmConfig and PhiConfig.__post_init__ kwargs.setdefault("partial_rotary_factor", ...).
TEST(HfFamiliesTable, PartialRotaryDefaults) {
    EXPECT_EQ(defaults("gpt_neox")["rotary_pct"], 0.25);
    EXPECT_EQ(defaults("stablelm")["partial_rotary_factor"], 0.25);
    EXPECT_EQ(defaults("phi")["partial_rotary_factor"], 0.5);
    EXPECT_EQ(defaults("persimmon")["partial_rotary_factor"], 0.5);
    EXPECT_EQ(defaults("glm4_moe")["partial_rotary_factor"], 0.5);
    EXPECT_EQ(defaults("gptj")["rotary_dim"], 64);
    EXPECT_EQ(defaults("codegen")["rotary_dim"], 64);
}

// transformers 5's default_theta: Gemma3TextConfig {"global": 1e6, "local": 1e4} (popped as
// rope_theta and rope_local_base_freq), ModernBertConfig {"global": 160000, "local": 10000},
// Llama4TextConfig 500000, SmolLM3Config 2000000.
TEST(HfFamiliesTable, Theta) {
    const json gemma3 = defaults("gemma3_text");
    EXPECT_EQ(gemma3["rope_local_base_freq"], 10000.0);
    EXPECT_EQ(gemma3["rope_theta"], 1000000.0);
    EXPECT_EQ(gemma3["sliding_window_pattern"], 6);
    EXPECT_EQ(gemma3["sliding_window"], 4096);
    const json modernbert = defaults("modernbert");
    EXPECT_EQ(modernbert["global_rope_theta"], 160000.0);
    EXPECT_EQ(modernbert["local_rope_theta"], 10000.0);
    EXPECT_EQ(modernbert["global_attn_every_n_layers"], 3);
    EXPECT_EQ(defaults("llama4_text")["rope_theta"], 500000.0);
    EXPECT_EQ(defaults("llama4_text")["max_position_embeddings"], 131072);  // 4096 * 32
    EXPECT_EQ(defaults("smollm3")["rope_theta"], 2000000.0);
    EXPECT_FALSE(defaults("llama").contains("rope_theta"));  // the mixin's 10000
    EXPECT_EQ(defaults("llama")["hidden_size"], 4096);
}

TEST(HfFamiliesTable, PairStyles) {
    auto style = [](const char* type) { return find_transformers_family(type)->style; };
    EXPECT_EQ(style("llama"), PairStyle::Half);
    EXPECT_EQ(style("qwen2"), PairStyle::Half);
    EXPECT_EQ(style("gpt_neox"), PairStyle::Half);
    EXPECT_EQ(style("glm4_moe"), PairStyle::Half);  // rotate_half on q[..., :rotary_dim]
    EXPECT_EQ(style("cohere"), PairStyle::Interleaved);
    EXPECT_EQ(style("cohere2"), PairStyle::Interleaved);
    EXPECT_EQ(style("glm"), PairStyle::Interleaved);  // repeat_interleave of cos/sin
    EXPECT_EQ(style("glm4"), PairStyle::Interleaved);
    EXPECT_EQ(style("gptj"), PairStyle::Interleaved);         // rotate_every_two
    EXPECT_EQ(style("llama4_text"), PairStyle::Interleaved);  // view_as_complex
    EXPECT_EQ(style("deepseek_v2"), PairStyle::Interleaved);
    // DeepSeek V3: rotate_half unless rope_interleave, which DeepseekV3Config sets true.
    EXPECT_EQ(style("deepseek_v3"), PairStyle::Half);
    EXPECT_EQ(defaults("deepseek_v3")["rope_interleave"], true);
    EXPECT_EQ(std::string(find_transformers_family("hunyuan_v1_dense")->added_rope_types),
              "dynamic (alpha)");
}

TEST(HfFamiliesTable, Kinds) {
    EXPECT_EQ(find_transformers_family("llama")->kind, PositionKind::Rope);
    EXPECT_EQ(find_transformers_family("bloom")->kind, PositionKind::Alibi);
    EXPECT_EQ(find_transformers_family("t5")->kind, PositionKind::T5RelativeBuckets);
    EXPECT_EQ(defaults("t5")["relative_attention_num_buckets"], 32);
    const TransformersFamily* gpt2 = find_transformers_family("gpt2");
    EXPECT_EQ(gpt2->kind, PositionKind::LearnedAbsolute);
    EXPECT_STREQ(gpt2->table_rows_key, "n_positions");  // GPT2Config.attribute_map
    EXPECT_STREQ(gpt2->table_dim_key, "n_embd");
    EXPECT_STREQ(gpt2->table_tensor, "wpe.weight");
    // ElectraEmbeddings: nn.Embedding(config.max_position_embeddings, config.embedding_size).
    EXPECT_STREQ(find_transformers_family("electra")->table_dim_key, "embedding_size");
    EXPECT_EQ(defaults("roberta")["pad_token_id"], 1);
}

// find_family: the generated row with the hand rules over it, hand-only types, the general rule.
TEST(HfFamiliesTable, FamiliesMerge) {
    for (const TransformersFamily& t : transformers_families())
        EXPECT_NE(find_family(t.model_type), nullptr) << t.model_type;
    const Family* gemma3 = find_family("gemma3_text");
    ASSERT_NE(gemma3, nullptr);
    EXPECT_EQ(gemma3->schedule, Schedule::SlidingPattern);
    EXPECT_EQ(gemma3->local_theta, LocalTheta::Gemma3);
    EXPECT_EQ(json::parse(gemma3->defaults), defaults("gemma3_text"));  // sizes included
    // Mistral's: its position keys only (a config without hidden_size is said to lack it).
    const json mistral = json::parse(find_family("mistral")->defaults);
    EXPECT_EQ(mistral["sliding_window"], 4096);
    EXPECT_FALSE(mistral.contains("hidden_size"));
    const Family* cohere2 = find_family("cohere2");
    EXPECT_EQ(cohere2->style, RopeStyle::Interleaved);
    EXPECT_EQ(cohere2->rope_layers, RopeLayers::SlidingOnly);
    const Family* opt = find_family("opt");
    EXPECT_EQ(opt->offset, TableOffset::Two);
    EXPECT_STREQ(opt->tensor, "decoder.embed_positions.weight");
    const Family* kimi = find_family("kimi_k2");  // remote code: a hand rule only
    ASSERT_NE(kimi, nullptr);
    EXPECT_EQ(kimi->source, nullptr);
    EXPECT_EQ(kimi->style, RopeStyle::Interleaved);
    EXPECT_EQ(find_family("some_new_model"), nullptr);
    const Family* exaone4_5 = find_family("exaone4_5_text");  // read as exaone4
    ASSERT_NE(exaone4_5, nullptr);
    EXPECT_EQ(exaone4_5->rope_layers, RopeLayers::SlidingOnlyIfWindow);
    // NemotronH's modeling file defines apply_rotary_pos_emb but never calls it: NoPE.
    EXPECT_EQ(find_transformers_family("nemotron_h")->kind, PositionKind::NoPE);
    EXPECT_EQ(find_transformers_family("jamba")->kind, PositionKind::NoPE);
    EXPECT_EQ(find_family("roformer")->style, RopeStyle::Interleaved);
    // with_defaults: the file's keys win, null included.
    const json merged = with_defaults(find_family("llama"), json{{"hidden_size", 64}});
    EXPECT_EQ(merged["hidden_size"], 64);
    EXPECT_EQ(merged["num_attention_heads"], 32);
    EXPECT_TRUE(
        with_defaults(find_family("mistral"), json{{"sliding_window", nullptr}})["sliding_window"]
            .is_null());
}

// The committed file names the generator and the commit it read. Regenerating needs a transformers
// checkout, which CI does not have: POSVIZ_TRANSFORMERS_DIR names one (or a partial copy with
// COMMITS.tsv) to check the committed file is exactly what the script writes from it.
TEST(HfFamiliesTable, GeneratedFile) {
    const std::string dir = POSVIZ_SOURCE_DIR;
    std::ifstream in(dir + "/core/formats/hf_config/transformers_families.cpp");
    std::string head, line;
    for (int i = 0; i < 4 && std::getline(in, line); ++i) head += line + "\n";
    EXPECT_EQ(head.rfind("// Generated by tools/hf_families/extract.py from transformers", 0), 0u)
        << head;
    EXPECT_NE(head.find(std::string("// ") + transformers_commit() + "\n"), std::string::npos)
        << head;
    EXPECT_EQ(std::string(transformers_commit()).size(), 40u);

    const char* checkout = std::getenv("POSVIZ_TRANSFORMERS_DIR");
    if (!checkout || !*checkout) GTEST_SKIP() << "no POSVIZ_TRANSFORMERS_DIR to regenerate from";
    const std::string command = "python3 '" + dir +
                                "/tools/hf_families/extract.py' --transformers '" + checkout +
                                "' --check";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
}

}  // namespace
}  // namespace posviz::hf
