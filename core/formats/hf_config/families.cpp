#include "core/formats/hf_config/families.h"

#include <utility>

namespace posviz::hf {

namespace {

using enum Schedule;

// Defaults are those of the config class's __init__ in transformers (configuration_<type>.py),
// for the keys published configs of these families are known to leave out; a key the file has
// always wins.
const std::vector<Family>& families() {
    static const std::vector<Family> table = [] {
        std::vector<Family> f;
        // Llama-like decoders: rotate_half pairs (modeling_llama.py apply_rotary_pos_emb).
        // LlamaConfig's sizes: LLaVA's text_config often gives only max_position_embeddings.
        const char* llama_sizes = R"({"hidden_size": 4096, "num_attention_heads": 32,
                                      "num_hidden_layers": 32, "max_position_embeddings": 2048})";
        f.push_back({.types = {"llama"}, .defaults = llama_sizes});
        // glm4_moe (GLM-4.5) among them: Glm4MoeAttention's apply_rotary_pos_emb
        // (modeling_glm4_moe.py) turns q[..., :rotary_dim] with rotate_half, where GLM-4 (glm,
        // glm4 below) interleaves.
        f.push_back(
            {.types = {"granite", "olmo", "olmo2", "olmo3", "internlm2", "exaone", "deepseek",
                       "minicpm", "hunyuan_v1_dense", "qwen3_next", "ministral", "ministral3",
                       "gemma", "gpt_oss", "qwen2_vl_text", "qwen2_5_vl_text", "qwen3_vl_text"}});
        // Partial rotary by default (the config classes' __init__): GPTNeoXConfig rotary_pct
        // 0.25 (the key its configs write; a partial_rotary_factor in the file still wins),
        // StableLmConfig 0.25, PersimmonConfig, NemotronConfig and Glm4MoeConfig 0.5.
        f.push_back({.types = {"gpt_neox"}, .defaults = R"({"rotary_pct": 0.25})"});
        f.push_back({.types = {"stablelm"}, .defaults = R"({"partial_rotary_factor": 0.25})"});
        f.push_back({.types = {"persimmon", "nemotron", "glm4_moe"},
                     .defaults = R"({"partial_rotary_factor": 0.5})"});
        f.push_back(
            {.types = {"mistral", "mixtral", "phi3", "starcoder2"}, .schedule = AllSliding});
        // PhiConfig: partial_rotary_factor 0.5 by default.
        f.push_back({.types = {"phi"}, .defaults = R"({"partial_rotary_factor": 0.5})"});
        f.push_back(
            {.types = {"qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "qwen2_vl", "qwen2_5_vl"},
             .schedule = Qwen2Window});
        f.push_back({.types = {"gemma2"},
                     .defaults = R"({"head_dim": 256, "sliding_window": 4096})",
                     .schedule = Alternate});
        // Gemma3TextConfig: sliding layers turn at rope_local_base_freq (modeling_gemma3.py
        // rotary_emb_local), full layers at rope_theta with rope_scaling.
        f.push_back({.types = {"gemma3_text"},
                     .defaults = R"({"hidden_size": 2304, "num_hidden_layers": 26,
                                     "num_attention_heads": 8, "head_dim": 256,
                                     "max_position_embeddings": 131072, "rope_theta": 1000000.0,
                                     "rope_local_base_freq": 10000.0, "sliding_window": 4096,
                                     "sliding_window_pattern": 6})",
                     .schedule = SlidingPattern,
                     .local_theta = LocalTheta::Gemma3});
        // Cohere: interleaved pairs (modeling_cohere.py rotate_half on x[..., ::2], x[..., 1::2]);
        // Cohere 2 applies RoPE in its sliding layers only.
        f.push_back({.types = {"cohere"}, .style = RopeStyle::Interleaved});
        f.push_back({.types = {"cohere2"},
                     .defaults = R"({"sliding_window": 4096, "sliding_window_pattern": 4})",
                     .style = RopeStyle::Interleaved,
                     .schedule = SlidingPattern,
                     .rope_layers = RopeLayers::SlidingOnly});
        // Exaone4Attention: "We use global NoPE for hybrid attention model".
        f.push_back({.types = {"exaone4"},
                     .defaults = R"({"sliding_window": 4096, "sliding_window_pattern": 4})",
                     .schedule = SlidingPattern,
                     .rope_layers = RopeLayers::SlidingOnlyIfWindow});
        // ModernBertConfig; ModernBertAttention: local layers see local_attention tokens.
        f.push_back({.types = {"modernbert"},
                     .defaults = R"({"hidden_size": 768, "num_hidden_layers": 22,
                                     "num_attention_heads": 12, "max_position_embeddings": 8192,
                                     "global_rope_theta": 160000.0, "local_rope_theta": 10000.0,
                                     "global_attn_every_n_layers": 3, "local_attention": 128})",
                     .schedule = EveryNGlobal,
                     .local_theta = LocalTheta::ModernBert});
        // SmolLM3Config: no_rope_layers from no_rope_layer_interval 4.
        f.push_back({.types = {"smollm3"},
                     .defaults = R"({"no_rope_layer_interval": 4})",
                     .rope_layers = RopeLayers::NoRopeList});
        // Llama4TextConfig; Llama 4 applies RoPE as a complex product of (2i, 2i+1) pairs
        // (modeling_llama4.py apply_rotary_emb: view_as_complex(x.reshape(..., -1, 2))).
        f.push_back({.types = {"llama4_text"},
                     .defaults = R"({"hidden_size": 5120, "num_hidden_layers": 48,
                                     "num_attention_heads": 40, "head_dim": 128,
                                     "max_position_embeddings": 131072, "rope_theta": 500000.0,
                                     "no_rope_layer_interval": 4, "attention_chunk_size": 8192})",
                     .style = RopeStyle::Interleaved,
                     .schedule = NoRopeChunked,
                     .rope_layers = RopeLayers::NoRopeList});
        // GlmConfig: partial_rotary_factor 0.5, head_dim 128; modeling_glm.py interleaves.
        f.push_back({.types = {"glm", "glm4"},
                     .defaults = R"({"partial_rotary_factor": 0.5, "head_dim": 128})",
                     .style = RopeStyle::Interleaved});
        // DeepSeek's MLA: RoPE on qk_rope_head_dim dims of each head, interleaved
        // (modeling_deepseek_v3.py apply_rotary_pos_emb_interleave when rope_interleave).
        f.push_back({.types = {"deepseek_v2", "deepseek_v3", "kimi_k2"},
                     .defaults = R"({"qk_rope_head_dim": 64, "qk_nope_head_dim": 128})",
                     .style = RopeStyle::Interleaved});
        // GPT-J and CodeGen: rotary_dim dims, rotate_every_two (interleaved).
        f.push_back({.types = {"gptj", "codegen"},
                     .defaults = R"({"rotary_dim": 64})",
                     .style = RopeStyle::Interleaved});
        // Falcon (alibi: false) and Baichuan 7B are RoPE models; the ALiBi switch is in hf_config.
        // FalconConfig.__init__ (configuration_falcon.py): max_position_embeddings 2048 and
        // rope_theta 10000, which Falcon-7B's published config leaves out. Only "falcon": the
        // RefinedWeb types are the older remote-code RWConfig, which has no such keys.
        f.push_back({.types = {"falcon"},
                     .defaults = R"({"max_position_embeddings": 2048, "rope_theta": 10000.0})"});
        f.push_back({.types = {"RefinedWeb", "RefinedWebModel", "baichuan"}});

        f.push_back({.types = {"bloom"}, .kind = PositionKind::Alibi});
        f.push_back({.types = {"mpt"}, .kind = PositionKind::Alibi});
        f.push_back({.types = {"t5", "mt5", "umt5", "longt5", "switch_transformers"},
                     .kind = PositionKind::T5RelativeBuckets});

        // Learned absolute tables. GPT2Model.wpe; BertEmbeddings.position_embeddings;
        // RobertaEmbeddings counts positions from padding_idx + 1;
        // OPTLearnedPositionalEmbedding and BartLearnedPositionalEmbedding from 2.
        f.push_back({.types = {"gpt2", "gpt_bigcode"},
                     .kind = PositionKind::LearnedAbsolute,
                     .table_rows_key = "n_positions",
                     .table_dim_key = "n_embd",
                     .tensor = "wpe.weight"});
        f.push_back({.types = {"bert", "electra"},
                     .kind = PositionKind::LearnedAbsolute,
                     .table_rows_key = "max_position_embeddings",
                     .table_dim_key = "hidden_size",
                     .tensor = "embeddings.position_embeddings.weight"});
        f.push_back({.types = {"albert"},
                     .kind = PositionKind::LearnedAbsolute,
                     .table_rows_key = "max_position_embeddings",
                     .table_dim_key = "embedding_size",
                     .tensor = "embeddings.position_embeddings.weight"});
        f.push_back({.types = {"roberta", "xlm-roberta", "camembert"},
                     .kind = PositionKind::LearnedAbsolute,
                     .defaults = R"({"pad_token_id": 1})",
                     .table_rows_key = "max_position_embeddings",
                     .table_dim_key = "hidden_size",
                     .offset = TableOffset::PaddingIdxPlusOne,
                     .tensor = "embeddings.position_embeddings.weight"});
        f.push_back({.types = {"opt"},
                     .kind = PositionKind::LearnedAbsolute,
                     .table_rows_key = "max_position_embeddings",
                     .table_dim_key = "hidden_size",
                     .offset = TableOffset::Two,
                     .tensor = "decoder.embed_positions.weight"});
        f.push_back({.types = {"bart", "mbart"},
                     .kind = PositionKind::LearnedAbsolute,
                     .table_rows_key = "max_position_embeddings",
                     .table_dim_key = "d_model",
                     .offset = TableOffset::Two,
                     .tensor = "encoder.embed_positions.weight"});
        return f;
    }();
    return table;
}

}  // namespace

const Family* find_family(const std::string& model_type) {
    for (const Family& f : families())
        for (const std::string& t : f.types)
            if (t == model_type) return &f;
    return nullptr;
}

std::string text_model_type(const std::string& wrapper) {
    static const std::pair<const char*, const char*> wrappers[] = {
        {"gemma3", "gemma3_text"},    {"llama4", "llama4_text"}, {"mistral3", "mistral"},
        {"llava", "llama"},           {"llava_next", "llama"},   {"paligemma", "gemma"},
        {"qwen3_vl", "qwen3_vl_text"}};
    for (auto [outer, inner] : wrappers)
        if (wrapper == outer) return inner;
    return wrapper;
}

json with_defaults(const Family* family, const json& config) {
    if (!family) return config;
    json merged = json::parse(family->defaults);
    for (const auto& [key, value] : config.items()) merged[key] = value;
    return merged;
}

}  // namespace posviz::hf
