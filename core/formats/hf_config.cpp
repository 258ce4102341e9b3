#include "core/formats/hf_config.h"

#include <climits>
#include <cmath>
#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "core/encodings/checks.h"
#include "core/input_error.h"

namespace posviz {

namespace {

using nlohmann::json;

// config.json files are a few kB; a much larger file is not a config.
constexpr std::streamoff kMaxConfigBytes = 16 << 20;

std::string shown(const json& value) {  // the value as written, shortened for messages
    std::string text = value.dump();
    if (text.size() > 60) text = text.substr(0, 57) + "...";
    return text;
}

bool is_one_of(const std::string& name, std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (name == n) return true;
    return false;
}

// A JSON object and the name config.json gives it, so errors name the field as written
// ("rope_scaling.factor"). HF writes null for unset optional keys (rope_scaling: null,
// head_dim: null); null and absent mean the same.
struct Block {
    const json& object;
    std::string prefix;  // "" at the top level, "rope_scaling." inside the block

    std::string field(const std::string& key) const { return prefix + key; }
    const json* find(const std::string& key) const {
        auto it = object.find(key);
        return it == object.end() || it->is_null() ? nullptr : &*it;
    }
    double number(const std::string& key, const json& value) const {
        if (!value.is_number()) throw InputError(field(key), shown(value), "a number");
        return value.get<double>();
    }
    int integer(const std::string& key, const json& value) const {
        double v = number(key, value);
        if (v != std::floor(v) || v < 1 || v > INT_MAX)
            throw InputError(field(key), shown(value), "a positive integer");
        return int(v);
    }
    std::optional<double> optional_number(const std::string& key) const {
        const json* v = find(key);
        return v ? std::optional(number(key, *v)) : std::nullopt;
    }
    int integer_or(const std::string& key, int fallback) const {
        const json* v = find(key);
        return v ? integer(key, *v) : fallback;
    }
    const json& required(const std::string& key, const std::string& allowed) const {
        const json* v = find(key);
        if (!v) throw InputError(field(key), "nothing (missing)", allowed);
        return *v;
    }
    std::string string_or(const std::string& key, const std::string& fallback) const {
        const json* v = find(key);
        if (!v) return fallback;
        if (!v->is_string()) throw InputError(field(key), shown(*v), "a string");
        return v->get<std::string>();
    }
    std::vector<double> number_list(const std::string& key) const {
        const json& v = required(key, "a list of numbers");
        if (!v.is_array()) throw InputError(field(key), shown(v), "a list of numbers");
        std::vector<double> out;
        for (const json& x : v) out.push_back(number(key, x));
        return out;
    }
};

json parse_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("--model-config", path, "a readable config.json file");
    in.seekg(0, std::ios::end);
    if (in.tellg() > kMaxConfigBytes)
        throw InputError("--model-config", path, "a config.json of at most 16 MiB");
    in.seekg(0);
    std::stringstream text;
    text << in.rdbuf();
    try {
        json root = json::parse(text.str());
        if (!root.is_object())
            throw InputError("--model-config", path, "a JSON object {...} at the top level");
        return root;
    } catch (const json::parse_error& e) {
        throw InputError("--model-config", path + " (" + e.what() + ")", "valid JSON");
    }
}

// The first of several places a value may live, with the field name of the one found.
struct Found {
    const json* value = nullptr;
    const Block* block = nullptr;
    std::string key;
};
Found find_first(std::initializer_list<std::pair<const Block*, const char*>> places) {
    for (auto [block, key] : places)
        if (block)
            if (const json* v = block->find(key)) return {v, block, key};
    return {};
}

// The rope_scaling (or rope_parameters) block into config.scaling, field by field as the
// matching _compute_*_parameters in modeling_rope_utils.py reads it.
void read_scaling(const Block& b, const Block& top, ModelRopeConfig& c) {
    RopeScaling& s = c.scaling;
    s.block = b.prefix.substr(0, b.prefix.size() - 1);  // errors name rope_parameters.* too
    const json* rope_type = b.find("rope_type");
    const json* legacy_type = b.find("type");  // the key before transformers 4.43
    if (rope_type && legacy_type && *rope_type != *legacy_type)
        throw InputError(b.field("type"), shown(*legacy_type),
                         "the same as rope_type (" + shown(*rope_type) + ") when both are given");
    const std::string type_key = rope_type || !legacy_type ? "rope_type" : "type";
    const json& type = b.required(type_key, "a rope type such as \"llama3\"");
    if (!type.is_string()) throw InputError(b.field(type_key), shown(type), "a string");
    std::string name = type.get<std::string>();
    // Phi3Config._rope_scaling_adjustment: early Phi-3 configs said "su" or "yarn" for longrope.
    if (c.model_type == "phi3" && name == "yarn") name = "longrope";
    s.type = parse_rope_scaling_type(name, b.field(type_key));

    const std::string why = "a number (required by rope_type " + name + ")";
    if (s.type != RopeScalingType::None && s.type != RopeScalingType::LongRope)
        s.factor = b.number("factor", b.required("factor", why));
    s.original_max_position_embeddings = b.integer_or("original_max_position_embeddings", 0);

    if (s.type == RopeScalingType::Yarn) {
        // `rope_scaling.get("beta_fast") or 32`: a missing, null or zero beta takes the default.
        s.beta_fast = b.optional_number("beta_fast").value_or(0.0);
        s.beta_slow = b.optional_number("beta_slow").value_or(0.0);
        if (s.beta_fast == 0.0) s.beta_fast = 32.0;
        if (s.beta_slow == 0.0) s.beta_slow = 1.0;
        s.mscale = b.optional_number("mscale");
        s.mscale_all_dim = b.optional_number("mscale_all_dim");
        if (const json* t = b.find("truncate")) {
            if (!t->is_boolean()) throw InputError(b.field("truncate"), shown(*t), "true or false");
            s.truncate = t->get<bool>();
        }
    }
    if (s.type == RopeScalingType::Yarn || s.type == RopeScalingType::LongRope)
        s.attention_factor = b.optional_number("attention_factor");
    if (s.type == RopeScalingType::Llama3) {
        b.required("original_max_position_embeddings", "a positive integer (required by llama3)");
        s.low_freq_factor = b.number("low_freq_factor", b.required("low_freq_factor", why));
        s.high_freq_factor = b.number("high_freq_factor", b.required("high_freq_factor", why));
    }
    if (s.type == RopeScalingType::LongRope) {
        s.short_factor = b.number_list("short_factor");
        s.long_factor = b.number_list("long_factor");
        // transformers (4.46-4.5x) reads Phi-3's top-level original_max_position_embeddings and
        // then uses max_position_embeddings / original as the factor; we also take the block's.
        s.original_max_position_embeddings =
            top.integer_or("original_max_position_embeddings", s.original_max_position_embeddings);
        if (s.original_max_position_embeddings == 0) {
            const char* without =
                "a number (longrope needs it when there is no "
                "original_max_position_embeddings)";
            s.factor = b.number("factor", b.required("factor", without));
        }
    }

    // Validate every value now, so a bad config fails when it is read.
    rope_frequencies(c.base, c.rotary_dim, s, 0);
}

void read_rope(const Block& top, ModelRopeConfig& c) {
    // transformers 5 keeps rope_theta, partial_rotary_factor and the scaling keys in one
    // rope_parameters block; older configs have them at the top level and in rope_scaling.
    const json* params = top.find("rope_parameters");
    const json* block = params ? params : top.find("rope_scaling");
    const std::string name = params ? "rope_parameters" : "rope_scaling";
    if (block && !block->is_object())
        throw InputError(name, shown(*block), "null or an object {\"rope_type\": ...}");
    if (params)
        for (const auto& [key, value] : params->items())
            if (value.is_object())  // Gemma 3 style: one block per attention layer type
                throw InputError(name + "." + key, shown(value),
                                 "one rope_parameters block for all layers");
    std::optional<Block> scaling;
    if (block) scaling.emplace(Block{*block, name + "."});
    const Block* p = params ? &*scaling : nullptr;

    // GPT-NeoX configs before transformers 4.47 say rotary_emb_base and rotary_pct.
    Found base = find_first({{p, "rope_theta"}, {&top, "rope_theta"}, {&top, "rotary_emb_base"}});
    if (base.value) {
        c.base = base.block->number(base.key, *base.value);
        if (!std::isfinite(c.base) || c.base <= 1.0)
            throw InputError(base.block->field(base.key), shown(*base.value), "a number > 1");
    }
    Found fraction = find_first(
        {{p, "partial_rotary_factor"}, {&top, "partial_rotary_factor"}, {&top, "rotary_pct"}});
    if (fraction.value) {
        c.partial_rotary_factor = fraction.block->number(fraction.key, *fraction.value);
        if (!(c.partial_rotary_factor > 0.0 && c.partial_rotary_factor <= 1.0))
            throw InputError(fraction.block->field(fraction.key), shown(*fraction.value),
                             "a number in (0, 1]");
    }

    // getattr(config, "head_dim", None) or hidden_size // num_attention_heads
    if (const json* h = top.find("head_dim")) {
        c.head_dim = top.integer("head_dim", *h);
    } else {
        int hidden = top.integer("hidden_size", top.required("hidden_size", "a positive integer"));
        int heads = top.integer("num_attention_heads",
                                top.required("num_attention_heads", "a positive integer"));
        c.head_dim = hidden / heads;
        if (c.head_dim == 0)
            throw InputError("num_attention_heads", std::to_string(heads),
                             "at most hidden_size (" + std::to_string(hidden) + ")");
    }
    c.rotary_dim = int(c.head_dim * c.partial_rotary_factor);
    if (c.rotary_dim <= 0 || c.rotary_dim % 2 != 0)
        throw InputError(fraction.value ? fraction.block->field(fraction.key) : "head_dim",
                         "rotary dim " + std::to_string(c.rotary_dim) + " (head_dim " +
                             std::to_string(c.head_dim) + " × " +
                             format_number(c.partial_rotary_factor) + ")",
                         "an even rotary dim > 0");

    if (scaling) read_scaling(*scaling, top, c);
}

// 500000 rather than format_number's shortest "5e+05": people read these.
std::string readable(double value) {
    if (value == std::floor(value) && std::abs(value) < 1e15)
        return std::to_string((long long)value);
    return format_number(value);
}

}  // namespace

ModelRopeConfig read_hf_config(const std::string& path) {
    const json root = parse_file(path);
    const Block top{root, ""};
    ModelRopeConfig c;
    c.model_type = top.string_or("model_type", "");
    if (c.model_type.empty())
        throw InputError("model_type", "nothing (missing)", "a model type such as \"llama\"");
    const std::string& type = c.model_type;

    if (is_one_of(type, {"t5", "mt5", "umt5", "longt5", "switch_transformers"})) {
        c.kind = PositionKind::T5RelativeBuckets;
        c.relative_attention_num_buckets = top.integer_or("relative_attention_num_buckets", 32);
        c.relative_attention_max_distance = top.integer_or("relative_attention_max_distance", 128);
        return c;
    }
    if (is_one_of(type, {"gpt2", "gpt_bigcode"})) {
        c.kind = PositionKind::LearnedAbsolute;
        c.max_position_embeddings = top.integer_or("n_positions", 0);
        return c;
    }
    if (is_one_of(type, {"opt", "bart", "mbart"})) {
        c.kind = PositionKind::LearnedAbsolute;
        c.max_position_embeddings = top.integer_or("max_position_embeddings", 0);
        return c;
    }
    if (is_one_of(type, {"bert", "roberta", "xlm-roberta", "electra", "albert"})) {
        c.max_position_embeddings = top.integer_or("max_position_embeddings", 0);
        c.position_embedding_type = top.string_or("position_embedding_type", "absolute");
        if (c.position_embedding_type == "absolute") {
            c.kind = PositionKind::LearnedAbsolute;
        } else if (is_one_of(c.position_embedding_type, {"relative_key", "relative_key_query"})) {
            c.kind = PositionKind::LearnedRelative;
        } else {
            throw InputError("position_embedding_type", "\"" + c.position_embedding_type + "\"",
                             "absolute, relative_key or relative_key_query");
        }
        return c;
    }
    bool alibi = type == "bloom";
    if (type == "falcon") {
        if (const json* a = top.find("alibi")) {
            if (!a->is_boolean()) throw InputError("alibi", shown(*a), "true or false");
            alibi = a->get<bool>();
        }
    }
    if (alibi) {
        c.kind = PositionKind::Alibi;
        return c;
    }
    // Model types known to use standard RoPE; any other type needs a RoPE key to be read as a
    // Llama-like model, since most Hugging Face decoders derive from Llama's code.
    bool known_rope =
        is_one_of(type, {"llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe",
                         "phi", "phi3", "gemma", "gemma2", "gpt_neox", "stablelm", "falcon", "olmo",
                         "olmo2", "starcoder2", "granite"});
    if (!known_rope && !top.find("rope_theta") && !top.find("rope_scaling") &&
        !top.find("rope_parameters"))
        throw InputError("model_type", "\"" + type + "\"",
                         "a model type posviz knows (llama, mistral, qwen2, phi, phi3, gemma, "
                         "gpt_neox, gpt2, bert, t5, bloom, ...) or a config with rope_theta");
    c.kind = PositionKind::Rope;
    c.max_position_embeddings = top.integer_or("max_position_embeddings", 0);
    c.scaling.max_position_embeddings = c.max_position_embeddings;
    read_rope(top, c);
    return c;
}

std::string describe_positions(const ModelRopeConfig& c) {
    const std::string who = c.model_type + " uses ";
    switch (c.kind) {
        case PositionKind::Rope: {
            std::string text = who + "RoPE: head_dim " + std::to_string(c.head_dim) +
                               ", rotary_dim " + std::to_string(c.rotary_dim) + ", rope_theta " +
                               readable(c.base);
            const RopeScaling& s = c.scaling;
            if (s.type == RopeScalingType::LongRope && s.original_max_position_embeddings > 0)
                text += ", rope_scaling longrope (trained on " +
                        std::to_string(s.original_max_position_embeddings) + ", extended to " +
                        std::to_string(s.max_position_embeddings) + " positions)";
            else if (s.type != RopeScalingType::None)
                text += ", rope_scaling " + rope_scaling_name(s.type) + " (factor " +
                        readable(s.factor) + ")";
            return text;
        }
        case PositionKind::LearnedAbsolute:
            return who + "learned absolute positions (a table of " +
                   std::to_string(c.max_position_embeddings) + " positions), not RoPE";
        case PositionKind::LearnedRelative:
            return who + "learned relative position embeddings (position_embedding_type " +
                   c.position_embedding_type + "), not RoPE";
        case PositionKind::T5RelativeBuckets:
            return who + "T5 relative position buckets (" +
                   std::to_string(c.relative_attention_num_buckets) + " buckets, max distance " +
                   std::to_string(c.relative_attention_max_distance) + "), not RoPE";
        case PositionKind::Alibi:
            return who + "ALiBi linear attention biases, not RoPE";
    }
    return who + "unknown positions";
}

RopeEncoding to_rope_encoding(const ModelRopeConfig& c) {
    if (!c.has_rope())
        throw InputError("--model-config", describe_positions(c), "a model with RoPE");
    RopeEncoding rope;
    rope.dim = c.head_dim;
    rope.base = c.base;
    rope.style = RopeStyle::Half;  // transformers' rotate_half
    rope.rotary_fraction = c.partial_rotary_factor;
    rope.scaling = c.scaling;
    return rope;
}

}  // namespace posviz
