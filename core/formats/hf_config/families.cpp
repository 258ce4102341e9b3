#include "core/formats/hf_config/families.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>
#include <utility>

#include "core/formats/hf_config/transformers_families.h"

namespace posviz::hf {

const TransformersFamily* find_transformers_family(const std::string& model_type) {
    const std::span<const TransformersFamily> all = transformers_families();
    auto it = std::lower_bound(all.begin(), all.end(), model_type,
                               [](const TransformersFamily& f, const std::string& t) {
                                   return std::string_view(f.model_type) < t;
                               });
    return it != all.end() && model_type == it->model_type ? &*it : nullptr;
}

namespace {

using enum Schedule;

// What transformers' source does not say in a form the generator reads: layer schedules, which
// layers apply RoPE, where sliding layers keep their own θ, learned tables' tensor names and
// offsets; and the families transformers does not define (remote-code models), whose defaults
// and pair style are given here. For a type the generated table lists, its defaults, kind, pair
// style and table keys come from there; `defaults` and `style` here serve the others only, and
// `style` overrides the generated style only where that is Unknown.
struct Rule {
    std::vector<std::string> types = {};
    std::optional<PositionKind> kind = std::nullopt;
    const char* defaults = nullptr;
    // Take the config class's model sizes too (hidden_size, num_attention_heads, layer and position
    // counts), where published configs of the family leave them out; otherwise a config without
    // them is read by the keys it has (a missing size is said to be missing, not taken from some
    // checkpoint the class describes).
    bool sizes = false;
    std::optional<RopeStyle> style = std::nullopt;
    Schedule schedule = Uniform;
    RopeLayers rope_layers = RopeLayers::All;
    LocalTheta local_theta = LocalTheta::None;
    const char* table_rows_key = nullptr;
    const char* table_dim_key = nullptr;
    TableOffset offset = TableOffset::None;
    const char* tensor = nullptr;
    // Read as this other type's family (a text model type the wrapper renames).
    const char* same_as = nullptr;
};

const std::vector<Rule>& rules() {
    static const std::vector<Rule> table = [] {
        std::vector<Rule> r;
        // Remote-code Llama-like decoders transformers does not define (InternLM2, EXAONE 3,
        // DeepSeek LLM, MiniCPM): rotate_half pairs, as their modeling_*.py copy Llama's.
        r.push_back({.types = {"internlm2", "exaone", "deepseek", "minicpm"}});
        // LLaVA's text_config often gives only max_position_embeddings: LlamaConfig's sizes.
        r.push_back({.types = {"llama"}, .sizes = true});
        r.push_back(
            {.types = {"mistral", "mixtral", "phi3", "starcoder2"}, .schedule = AllSliding});
        r.push_back(
            {.types = {"qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "qwen2_vl", "qwen2_5_vl"},
             .schedule = Qwen2Window});
        // Gemma2Config.layer_types: even layers slide.
        r.push_back({.types = {"gemma2"}, .schedule = Alternate});
        // Gemma3TextConfig: sliding layers turn at rope_local_base_freq (modeling_gemma3.py
        // rotary_emb_local), full layers at rope_theta with rope_scaling.
        r.push_back({.types = {"gemma3_text"},
                     .sizes = true,
                     .schedule = SlidingPattern,
                     .local_theta = LocalTheta::Gemma3});
        // Cohere 2 applies RoPE in its sliding layers only.
        r.push_back({.types = {"cohere2"},
                     .schedule = SlidingPattern,
                     .rope_layers = RopeLayers::SlidingOnly});
        // Exaone4Attention: "We use global NoPE for hybrid attention model".
        r.push_back({.types = {"exaone4"},
                     .schedule = SlidingPattern,
                     .rope_layers = RopeLayers::SlidingOnlyIfWindow});
        // Olmo3Config: a rope_scaling block serves the full-attention layers only.
        r.push_back({.types = {"olmo3"}, .local_theta = LocalTheta::Unscaled});
        // Exaone4_5_Config.__post_init__ builds text_config "exaone4_5_text" as an Exaone4Config.
        r.push_back({.types = {"exaone4_5_text"}, .same_as = "exaone4"});
        // RoFormerSelfAttention.apply_rotary_position_embeddings (a method the generator does not
        // follow): torch.stack([-x[..., 1::2], x[..., ::2]]), interleaved pairs.
        r.push_back({.types = {"roformer"}, .style = RopeStyle::Interleaved});
        // ModernBertAttention: local layers see local_attention tokens at local_rope_theta.
        r.push_back({.types = {"modernbert"},
                     .sizes = true,
                     .schedule = EveryNGlobal,
                     .local_theta = LocalTheta::ModernBert});
        // SmolLM3Config: no_rope_layers from no_rope_layer_interval.
        r.push_back({.types = {"smollm3"}, .rope_layers = RopeLayers::NoRopeList});
        // Llama4TextAttention: RoPE layers chunked, NoPE layers full.
        r.push_back({.types = {"llama4_text"},
                     .sizes = true,
                     .schedule = NoRopeChunked,
                     .rope_layers = RopeLayers::NoRopeList});
        // Kimi K2 (remote code, DeepseekV3Config's keys): MLA's RoPE on qk_rope_head_dim dims,
        // interleaved as modeling_deepseek_v3.py's apply_rotary_pos_emb_interleave.
        r.push_back({.types = {"kimi_k2"},
                     .defaults = R"({"qk_rope_head_dim": 64, "qk_nope_head_dim": 128})",
                     .style = RopeStyle::Interleaved});
        // Falcon (alibi: false) and Baichuan 7B are RoPE models; the ALiBi switch is in hf_config.
        // The RefinedWeb types are the older remote-code RWConfig, which has no defaults here.
        r.push_back({.types = {"RefinedWeb", "RefinedWebModel", "baichuan"}});
        // Falcon-7B's published config has no max_position_embeddings: FalconConfig's 2048.
        r.push_back({.types = {"falcon"}, .sizes = true});
        r.push_back({.types = {"bloom", "mpt"}, .kind = PositionKind::Alibi});
        r.push_back({.types = {"t5", "mt5", "umt5", "longt5", "switch_transformers"},
                     .kind = PositionKind::T5RelativeBuckets});

        // Learned absolute tables: the checkpoint's tensor name and where transformers starts
        // reading. GPT2Model.wpe; BertEmbeddings.position_embeddings; RobertaEmbeddings counts
        // positions from padding_idx + 1; OPTLearnedPositionalEmbedding and
        // BartLearnedPositionalEmbedding from 2.
        const PositionKind learned = PositionKind::LearnedAbsolute;
        r.push_back({.types = {"gpt2", "gpt_bigcode"}, .kind = learned, .tensor = "wpe.weight"});
        r.push_back({.types = {"bert", "electra", "albert"},
                     .kind = learned,
                     .tensor = "embeddings.position_embeddings.weight"});
        r.push_back({.types = {"roberta", "xlm-roberta", "camembert"},
                     .kind = learned,
                     .offset = TableOffset::PaddingIdxPlusOne,
                     .tensor = "embeddings.position_embeddings.weight"});
        r.push_back({.types = {"opt"},
                     .kind = learned,
                     .offset = TableOffset::Two,
                     .tensor = "decoder.embed_positions.weight"});
        r.push_back({.types = {"bart", "mbart"},
                     .kind = learned,
                     .offset = TableOffset::Two,
                     .tensor = "encoder.embed_positions.weight"});
        return r;
    }();
    return table;
}

// Model sizes: what a config describes of its checkpoint rather than of its family's positions.
bool is_size(const std::string& key) {
    static const char* const keys[] = {"hidden_size",
                                       "num_attention_heads",
                                       "num_hidden_layers",
                                       "num_layers",
                                       "max_position_embeddings",
                                       "n_positions",
                                       "n_embd",
                                       "n_head",
                                       "n_layer",
                                       "d_model",
                                       "embedding_size",
                                       "max_seq_len"};
    for (const char* k : keys)
        if (key == k) return true;
    return false;
}

std::string defaults_of(const TransformersFamily& t, bool sizes) {
    json d = json::parse(t.defaults_json);
    if (!sizes)
        for (auto it = d.begin(); it != d.end();) {
            if (is_size(it.key()))
                it = d.erase(it);
            else
                ++it;
        }
    return d.dump();
}

RopeStyle rope_style(PairStyle s) {
    return s == PairStyle::Interleaved ? RopeStyle::Interleaved : RopeStyle::Half;
}

Family from_transformers(const TransformersFamily& t) {
    return {.model_type = t.model_type,
            .source = &t,
            .kind = t.kind,
            .defaults = defaults_of(t, false),
            .style = rope_style(t.style),
            .table_rows_key = t.table_rows_key,
            .table_dim_key = t.table_dim_key,
            .tensor = t.table_tensor};
}

void apply(const Rule& rule, Family& f) {
    if (rule.kind) f.kind = *rule.kind;
    if (f.source && rule.sizes) f.defaults = defaults_of(*f.source, true);
    if (!f.source) {
        if (rule.defaults) f.defaults = rule.defaults;
        if (rule.style) f.style = *rule.style;
    } else if (rule.style && f.source->style == PairStyle::Unknown) {
        f.style = *rule.style;
    }
    f.schedule = rule.schedule;
    f.rope_layers = rule.rope_layers;
    f.local_theta = rule.local_theta;
    if (rule.table_rows_key) f.table_rows_key = rule.table_rows_key;
    if (rule.table_dim_key) f.table_dim_key = rule.table_dim_key;
    f.offset = rule.offset;
    if (rule.tensor) f.tensor = rule.tensor;
}

const std::map<std::string, Family>& families() {
    static const std::map<std::string, Family> table = [] {
        std::map<std::string, Family> all;
        for (const TransformersFamily& t : transformers_families())
            all.emplace(t.model_type, from_transformers(t));
        for (const Rule& rule : rules())
            for (const std::string& type : rule.types) {
                if (rule.same_as) continue;
                auto [it, added] = all.try_emplace(type, Family{.model_type = type});
                apply(rule, it->second);
            }
        for (const Rule& rule : rules())
            if (rule.same_as)
                if (auto it = all.find(rule.same_as); it != all.end())
                    for (const std::string& type : rule.types) {
                        Family f = it->second;
                        f.model_type = type;
                        all.insert_or_assign(type, f);
                    }
        // A learned table read needs its keys and tensor; a generated row without them (none at
        // the commit read) is left to the general rule rather than read with missing names.
        for (auto it = all.begin(); it != all.end();) {
            const Family& f = it->second;
            const bool learned = f.kind == PositionKind::LearnedAbsolute;
            if (learned && (!f.table_rows_key || !f.table_dim_key || !f.tensor))
                it = all.erase(it);
            else
                ++it;
        }
        return all;
    }();
    return table;
}

}  // namespace

const Family* find_family(const std::string& model_type) {
    const auto& all = families();
    auto it = all.find(model_type);
    return it == all.end() ? nullptr : &it->second;
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
