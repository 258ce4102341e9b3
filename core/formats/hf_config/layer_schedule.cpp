#include "core/formats/hf_config/layer_schedule.h"

#include "core/formats/hf_config/rope_scheme.h"
#include "core/input_error.h"

namespace posviz::hf {

std::string layer_type_name(AttentionKind kind) {
    return attention_kind_name(kind) + "_attention";
}

namespace {

std::string entries(size_t n) {
    return std::to_string(n) + (n == 1 ? " entry" : " entries");
}

void check_length(const Block& m, const std::string& key, size_t size, int num_layers) {
    if (int(size) != num_layers)
        throw InputError(
            m.field(key), entries(size),
            std::to_string(num_layers) + " entries, one per layer (num_hidden_layers)");
}

// One entry of layer_types: what transformers 5 allows there (configuration_utils.py
// ALLOWED_LAYER_TYPES, with remap_legacy_layer_types' "mamba" → "linear_attention" and
// "attention" → "full_attention"), by what the layer attends with.
struct LayerType {
    const char* name;
    AttentionKind attention;
};
constexpr LayerType kLayerTypes[] = {
    {"full_attention", AttentionKind::Full},
    {"sliding_attention", AttentionKind::Sliding},
    {"chunked_attention", AttentionKind::Chunked},
    {"linear_attention", AttentionKind::Linear},
    {"compressed_sparse_attention", AttentionKind::Full},   // DeepSeek V4
    {"heavily_compressed_attention", AttentionKind::Full},  // DeepSeek V4
    {"deepseek_sparse_attention", AttentionKind::Full},     // DeepSeek V3.2, GLM MoE DSA
    {"minimax_m3_sparse", AttentionKind::Full},             // MiniMax M3
    {"hybrid", AttentionKind::Full},  // attention beside a Mamba mixer (Zamba2, Falcon-H1)
    {"hybrid_sliding", AttentionKind::Sliding},  // Zaya1
    {"conv", AttentionKind::None},               // LFM2
    {"moe", AttentionKind::None},                // Nemotron-H
    {"sparse", AttentionKind::None},
    {"dense", AttentionKind::None},
};

std::string legacy_renamed(const std::string& name) {
    if (name == "mamba") return "linear_attention";
    if (name == "attention") return "full_attention";
    return name;
}

LayerPositions typed_layer(const std::string& written, const std::string& field) {
    const std::string name = legacy_renamed(written);
    for (const LayerType& t : kLayerTypes)
        if (name == t.name) {
            LayerPositions l{.attention = t.attention, .type = name};
            if (t.attention == AttentionKind::Linear || t.attention == AttentionKind::None)
                l.mixer = written;
            return l;
        }
    std::string allowed = "one of";
    for (const LayerType& t : kLayerTypes) allowed += std::string(" ") + t.name + ",";
    throw InputError(field, "\"" + written + "\"",
                     allowed + " mamba or attention (transformers' ALLOWED_LAYER_TYPES)");
}

// layer_types as written: one name per layer.
std::vector<LayerPositions> listed_layers(const Block& m, int& num_layers) {
    const json& list = *m.find("layer_types");
    if (!list.is_array())
        throw InputError(m.field("layer_types"), shown(list), "a list of layer type names");
    if (num_layers == 0) num_layers = int(list.size());
    check_length(m, "layer_types", list.size(), num_layers);
    std::vector<LayerPositions> layers;
    for (const json& name : list) {
        const std::string field =
            m.field("layer_types") + "[" + std::to_string(layers.size()) + "]";
        if (!name.is_string()) throw InputError(field, shown(name), "a layer type name");
        layers.push_back(typed_layer(name.get<std::string>(), field));
    }
    return layers;
}

// A per-layer list of flags (0/1 or false/true) under `key` of `block`, as layer types: `on` where
// the flag is set, `off` elsewhere.
std::vector<LayerPositions> flagged_layers(const Block& block, const std::string& key,
                                           int& num_layers, const LayerPositions& on,
                                           const LayerPositions& off) {
    const std::vector<int> flags = block.integer_list(key, true);
    if (num_layers == 0) num_layers = int(flags.size());
    check_length(block, key, flags.size(), num_layers);
    std::vector<LayerPositions> layers;
    for (int f : flags) layers.push_back(f ? on : off);
    return layers;
}

LayerPositions linear_layer(const std::string& mixer) {
    return LayerPositions{
        .attention = AttentionKind::Linear, .type = "linear_attention", .mixer = mixer};
}

// Configs that name each layer's attention in a list of their own, which their config class turns
// into layer_types:
//   full_attention_interval (Qwen3NextConfig): full where (i + 1) % interval == 0, else linear;
//   attn_type_list (MiniMax-Text-01, MiniMax-M1): 1 softmax attention, 0 lightning (linear);
//   linear_attn_config.full_attn_layers (KimiLinearConfig): 1-based full layers, the rest KDA;
//   sparse_attention_config.sparse_attention_freq (MiniMaxM3VLTextConfig): 1 sparse attention.
std::vector<LayerPositions> attention_lists(const Block& m, int& num_layers) {
    const LayerPositions full{};
    if (const json* interval = m.find("full_attention_interval")) {
        const int n = m.integer("full_attention_interval", *interval);
        if (num_layers == 0) return {};
        std::vector<LayerPositions> layers;
        for (int i = 0; i < num_layers; ++i)
            layers.push_back((i + 1) % n == 0 ? full : linear_layer("linear_attention"));
        return layers;
    }
    if (m.find("attn_type_list"))
        return flagged_layers(m, "attn_type_list", num_layers, full,
                              linear_layer("lightning_attention"));
    if (const std::optional<Block> kimi = m.child("linear_attn_config", "an object")) {
        if (!kimi->find("full_attn_layers") || num_layers == 0) return {};
        std::vector<LayerPositions> layers(num_layers, linear_layer("kda"));
        for (int layer : kimi->integer_list("full_attn_layers", false)) {
            if (layer > num_layers)
                throw InputError(kimi->field("full_attn_layers"), std::to_string(layer),
                                 "1-based layer numbers up to num_hidden_layers (" +
                                     std::to_string(num_layers) + ")");
            layers[layer - 1] = full;
        }
        return layers;
    }
    if (const std::optional<Block> sparse = m.child("sparse_attention_config", "an object"))
        if (sparse->find("sparse_attention_freq"))
            return flagged_layers(*sparse, "sparse_attention_freq", num_layers,
                                  LayerPositions{.type = "minimax_m3_sparse"}, full);
    return {};
}

// Hybrid models that say which layers are attention in keys of their own; the others are Mamba
// (or MLP) layers. Empty when the config has none of these keys.
//   hybrid_override_pattern (NemotronHConfig): one letter a layer, M Mamba, * attention, - MLP,
//     E MoE;
//   attn_layer_indices (BambaConfig, GraniteMoeHybridConfig before layer_types): attention layers;
//   attn_layer_period, attn_layer_offset (JambaConfig): attention where i % period == offset;
//   hybrid_layer_ids (Zamba2Config): layers with the shared attention block beside Mamba.
std::vector<LayerPositions> hybrid_layers(const Block& m, int& num_layers) {
    auto mamba = [] { return linear_layer("mamba"); };
    if (const json* pattern = m.find("hybrid_override_pattern")) {
        const std::string field = m.field("hybrid_override_pattern");
        if (!pattern->is_string())
            throw InputError(field, shown(*pattern), "a string of M, *, - and E, one per layer");
        const std::string letters = pattern->get<std::string>();
        if (num_layers == 0) num_layers = int(letters.size());
        check_length(m, "hybrid_override_pattern", letters.size(), num_layers);
        std::vector<LayerPositions> layers;
        for (const char c : letters) {
            if (c == 'M')
                layers.push_back(mamba());
            else if (c == '*')
                layers.push_back(LayerPositions{});
            else if (c == '-' || c == 'E')
                layers.push_back(LayerPositions{.attention = AttentionKind::None,
                                                .type = c == '-' ? "dense" : "moe",
                                                .mixer = c == '-' ? "mlp" : "moe"});
            else
                throw InputError(field, shown(*pattern),
                                 "a string of M (Mamba), * (attention), - (MLP) and E (MoE)");
        }
        return layers;
    }
    std::vector<int> attention;
    const char* key = nullptr;
    for (const char* k : {"attn_layer_indices", "hybrid_layer_ids"})
        if (!key && m.find(k)) key = k;
    if (key) {
        const json& list = *m.find(key);
        if (!list.is_array())
            throw InputError(m.field(key), shown(list), "a list of layer indices");
        for (const json& i : list) {
            const bool ok = i.is_number_unsigned() && i.get<uint64_t>() < uint64_t(num_layers);
            if (!ok)
                throw InputError(m.field(key) + "[" + std::to_string(attention.size()) + "]",
                                 shown(i),
                                 "a layer index from 0 to " + std::to_string(num_layers - 1) +
                                     " (num_hidden_layers " + std::to_string(num_layers) + ")");
            attention.push_back(int(i.get<uint64_t>()));
        }
    } else if (m.find("attn_layer_period")) {
        const int period = m.integer("attn_layer_period", *m.find("attn_layer_period"));
        const json* offset = m.find("attn_layer_offset");
        const bool ok =
            !offset || (offset->is_number_unsigned() && offset->get<uint64_t>() < uint64_t(period));
        if (!ok)
            throw InputError(m.field("attn_layer_offset"), shown(*offset),
                             "an integer from 0 to attn_layer_period - 1");
        const int first = offset ? int(offset->get<uint64_t>()) : 0;
        for (int i = first; i < num_layers; i += period) attention.push_back(i);
    } else {
        return {};
    }
    std::vector<LayerPositions> layers(num_layers, mamba());
    for (int i : attention)
        layers[i] = LayerPositions{.type = std::string(key && std::string(key) == "hybrid_layer_ids"
                                                           ? "hybrid"
                                                           : "full_attention")};
    return layers;
}

// Gemma 3 and Cohere 2 give sliding_window_pattern as a period (full where (i + 1) % period == 0,
// Gemma3TextConfig.layer_types); EXAONE 4 also as letters, "LLLG": L local, G global.
std::vector<AttentionKind> patterned(const Block& m, int num_layers) {
    std::vector<AttentionKind> kinds(num_layers, AttentionKind::Sliding);
    const json* pattern = m.find("sliding_window_pattern");
    if (!pattern) return std::vector<AttentionKind>(num_layers, AttentionKind::Full);
    if (pattern->is_string()) {
        const std::string letters = pattern->get<std::string>();
        if (letters.empty() || letters.find_first_not_of("LG") != std::string::npos)
            throw InputError(m.field("sliding_window_pattern"), shown(*pattern),
                             "a period such as 4, or letters L (local) and G (global)");
        for (int i = 0; i < num_layers; ++i)
            if (letters[i % letters.size()] == 'G') kinds[i] = AttentionKind::Full;
        return kinds;
    }
    const int period = m.integer("sliding_window_pattern", *pattern);
    for (int i = 0; i < num_layers; ++i)
        if ((i + 1) % period == 0) kinds[i] = AttentionKind::Full;
    return kinds;
}

std::vector<AttentionKind> family_attention(const Block& m, const Family* f, int num_layers,
                                            const std::vector<bool>& rope) {
    std::vector<AttentionKind> kinds(num_layers, AttentionKind::Full);
    const bool window = m.find("sliding_window") != nullptr;
    switch (f ? f->schedule : Schedule::Uniform) {
        case Schedule::Uniform:
            break;
        case Schedule::AllSliding:  // MistralAttention: sliding_window in every layer
            if (window) kinds.assign(num_layers, AttentionKind::Sliding);
            break;
        case Schedule::Qwen2Window: {  // Qwen2Config.layer_types
            const int first = m.integer_or("max_window_layers", 28);
            if (window && m.optional_bool("use_sliding_window").value_or(false))
                for (int i = first; i < num_layers; ++i) kinds[i] = AttentionKind::Sliding;
            break;
        }
        case Schedule::Alternate:  // Gemma2Config.layer_types: sliding where (i + 1) % 2 != 0
            for (int i = 0; i < num_layers; i += 2) kinds[i] = AttentionKind::Sliding;
            break;
        case Schedule::SlidingPattern:
            return patterned(m, num_layers);
        case Schedule::EveryNGlobal: {  // ModernBertEncoderLayer: global if i % n == 0
            const int n = m.integer_or("global_attn_every_n_layers", 1);
            for (int i = 0; i < num_layers; ++i)
                if (i % n != 0) kinds[i] = AttentionKind::Sliding;
            break;
        }
        case Schedule::NoRopeChunked:  // Llama4TextConfig.layer_types
            for (int i = 0; i < num_layers; ++i)
                if (rope[i]) kinds[i] = AttentionKind::Chunked;
            break;
    }
    return kinds;
}

// SmolLM3Attention and Llama4TextAttention: use_rope = no_rope_layers[layer_idx], by default
// int((i + 1) % no_rope_layer_interval != 0) (SmolLM3Config, Llama4TextConfig).
// Llama4TextConfig.__init__ also takes an empty list for the default ("no_rope_layers == [] is
// invalid as we cannot have 0 layers"); the Llama-4-Scout-17B-16E config.json quoted in
// AMD-AGI/Primus pull request 165 has [] there. SmolLM3Config keeps a list as given.
std::vector<bool> rope_flags(const Block& m, const Family* f, int num_layers) {
    std::vector<bool> rope(num_layers, true);
    const json* listed = m.find("no_rope_layers");
    const bool llama4_default = f && f->schedule == Schedule::NoRopeChunked && listed &&
                                listed->is_array() && listed->empty();
    if (listed && !llama4_default) {
        const std::vector<int> flags = m.integer_list("no_rope_layers", true);
        check_length(m, "no_rope_layers", flags.size(), num_layers);
        for (int i = 0; i < num_layers; ++i) rope[i] = flags[i] == 1;
    } else if (f && f->rope_layers == RopeLayers::NoRopeList) {
        const int interval = m.integer_or("no_rope_layer_interval", 4);
        for (int i = 0; i < num_layers; ++i) rope[i] = (i + 1) % interval != 0;
    }
    return rope;
}

int window_of(const Block& m, AttentionKind kind) {
    switch (kind) {
        case AttentionKind::Sliding:
            return first_integer(m, {"sliding_window", "local_attention"}).value;
        case AttentionKind::Chunked:
            return m.integer_or("attention_chunk_size", 0);
        default:
            return 0;
    }
}

}  // namespace

std::vector<LayerPositions> read_layer_schedule(const Block& m, const Family* f, int num_layers) {
    std::vector<LayerPositions> layers;
    if (m.find("layer_types")) layers = listed_layers(m, num_layers);
    if (layers.empty()) layers = attention_lists(m, num_layers);
    if (layers.empty() && (num_layers > 0 || m.find("hybrid_override_pattern")))
        layers = hybrid_layers(m, num_layers);
    if (num_layers == 0) return {LayerPositions{}};
    const std::vector<bool> rope = rope_flags(m, f, num_layers);
    if (layers.empty())
        for (AttentionKind kind : family_attention(m, f, num_layers, rope))
            layers.push_back(LayerPositions{.attention = kind, .type = layer_type_name(kind)});

    const RopeLayers rule = f ? f->rope_layers : RopeLayers::All;
    const bool nope_in_full = rule == RopeLayers::SlidingOnly ||
                              (rule == RopeLayers::SlidingOnlyIfWindow && m.find("sliding_window"));
    // A window at least as long as the model's maximum length never cuts anything off (Phi-3.5
    // and Phi-4-mini say sliding_window 262144 with max_position_embeddings 131072): full. The
    // layer keeps its type, which per-layer-type rope_parameters blocks are keyed by.
    const int max_length =
        first_integer(m, {"max_position_embeddings", "n_positions", "max_seq_len"}).value;
    for (int i = 0; i < num_layers; ++i) {
        LayerPositions& l = layers[i];
        const AttentionKind listed = l.attention;
        l.window = window_of(m, listed);
        if (l.attention == AttentionKind::Sliding && max_length > 0 && l.window >= max_length) {
            l.attention = AttentionKind::Full;
            l.window = 0;
        }
        const bool attends = listed != AttentionKind::Linear && listed != AttentionKind::None;
        const bool nope = !rope[i] || !attends || (nope_in_full && listed == AttentionKind::Full);
        l.kind = nope ? PositionKind::NoPE : PositionKind::Rope;
    }
    return layers;
}

}  // namespace posviz::hf
