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

// layer_types as written: one name per layer.
std::vector<AttentionKind> listed_attention(const Block& m, int& num_layers) {
    const json& list = *m.find("layer_types");
    const char* allowed =
        "a list of full_attention, sliding_attention, chunked_attention or linear_attention";
    if (!list.is_array()) throw InputError(m.field("layer_types"), shown(list), allowed);
    if (num_layers == 0) num_layers = int(list.size());
    check_length(m, "layer_types", list.size(), num_layers);
    std::vector<AttentionKind> kinds;
    for (const json& name : list) {
        const std::string field = m.field("layer_types") + "[" + std::to_string(kinds.size()) + "]";
        bool known = false;
        for (AttentionKind k : {AttentionKind::Full, AttentionKind::Sliding, AttentionKind::Chunked,
                                AttentionKind::Linear})
            if (name == layer_type_name(k)) {
                kinds.push_back(k);
                known = true;
            }
        if (!known) throw InputError(field, shown(name), allowed);
    }
    return kinds;
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
    std::vector<AttentionKind> kinds;
    if (m.find("layer_types")) kinds = listed_attention(m, num_layers);
    if (num_layers == 0) return {LayerPositions{}};
    const std::vector<bool> rope = rope_flags(m, f, num_layers);
    if (kinds.empty()) kinds = family_attention(m, f, num_layers, rope);

    const RopeLayers rule = f ? f->rope_layers : RopeLayers::All;
    const bool nope_in_full = rule == RopeLayers::SlidingOnly ||
                              (rule == RopeLayers::SlidingOnlyIfWindow && m.find("sliding_window"));
    // A window at least as long as the model's maximum length never cuts anything off (Phi-3.5
    // and Phi-4-mini say sliding_window 262144 with max_position_embeddings 131072): full.
    const int max_length =
        first_integer(m, {"max_position_embeddings", "n_positions", "max_seq_len"}).value;
    std::vector<LayerPositions> layers(num_layers);
    for (int i = 0; i < num_layers; ++i) {
        LayerPositions& l = layers[i];
        l.attention = kinds[i];
        l.window = window_of(m, kinds[i]);
        if (l.attention == AttentionKind::Sliding && max_length > 0 && l.window >= max_length) {
            l.attention = AttentionKind::Full;
            l.window = 0;
        }
        const bool nope = !rope[i] || kinds[i] == AttentionKind::Linear ||
                          (nope_in_full && kinds[i] == AttentionKind::Full);
        l.kind = nope ? PositionKind::NoPE : PositionKind::Rope;
    }
    return layers;
}

}  // namespace posviz::hf
