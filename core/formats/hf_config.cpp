#include "core/formats/hf_config.h"

#include <cmath>
#include <set>

#include "core/encodings/alibi.h"
#include "core/formats/hf_config/config_block.h"
#include "core/formats/hf_config/families.h"
#include "core/formats/hf_config/layer_schedule.h"
#include "core/formats/hf_config/rope_scheme.h"
#include "core/formats/input_file.h"
#include "core/formats/json_input.h"
#include "core/input_error.h"
#include "core/limits.h"

namespace posviz {

namespace {

using hf::Block;
using hf::Family;
using hf::first_integer;
using hf::json;
using hf::shown;

// config.json files are a few kB; a much larger file is not a config.
constexpr uint64_t kMaxConfigBytes = 16 << 20;

const char* const kKnownTypes =
    "a model type posviz knows (llama, mistral, qwen2, gemma3, deepseek_v3, llama4, smollm3, "
    "modernbert, gpt2, bert, opt, t5, bloom, mpt, ...) or a config with position keys, read as "
    "Llama-like";

// Far beyond any model (the deepest have a few hundred layers); the bound keeps a hostile count
// from allocating a schedule of billions of layers.
constexpr int kMaxLayers = 1 << 14;

int layer_count(const Block& m, std::initializer_list<const char*> keys) {
    const hf::FoundInt n = first_integer(m, keys);
    if (n.value > kMaxLayers)
        throw InputError(m.field(n.key), std::to_string(n.value),
                         "at most " + std::to_string(kMaxLayers) + " layers");
    return n.value;
}

bool has_rope_keys(const Block& b) {
    return b.find("rope_theta") || b.find("rope_scaling") || b.find("rope_parameters");
}

// Keys that say something about positions; a config of an unknown type with none of them is not
// read as a RoPE model.
bool has_position_keys(const Block& b) {
    for (const char* key :
         {"rope_theta", "rope_scaling", "rope_parameters", "rotary_dim", "rotary_pct",
          "partial_rotary_factor", "rotary_emb_base", "qk_rope_head_dim", "position_embedding_type",
          "max_position_embeddings", "n_positions", "max_seq_len"})
        if (b.find(key)) return true;
    return false;
}

// GraniteMoeHybridConfig's position_embedding_type: "rope" or "nope" (Granite 4.0-H: no RoPE in
// its attention layers, GraniteMoeHybridAttention skips apply_rotary_pos_emb).
bool says_nope(const Block& b) {
    const json* type = b.find("position_embedding_type");
    return type && type->is_string() && type->get<std::string>() == "nope";
}

int num_heads(const Block& m) {
    const hf::FoundInt heads = first_integer(m, {"num_attention_heads", "n_head", "n_heads"});
    if (!heads.value) m.required("num_attention_heads", "a positive integer");
    if (heads.value > limits::kMaxHeads)
        throw InputError(m.field(heads.key), std::to_string(heads.value),
                         "at most " + std::to_string(limits::kMaxHeads) + " heads");
    return heads.value;
}

// MPT's _gen_slopes (modeling_mpt.py build_mpt_alibi_tensor): 2^(-alibi_bias_max·k/H') for
// k = 1 … H' (H' the next power of two), odd-numbered slopes first when H is not a power of two.
std::vector<double> mpt_slopes(int heads, double bias_max) {
    int padded = 1;
    while (padded < heads) padded *= 2;
    std::vector<double> all(padded);
    for (int k = 0; k < padded; ++k) all[k] = std::pow(2.0, -(k + 1) * bias_max / padded);
    if (padded == heads) return all;
    std::vector<double> slopes;
    for (int k = 1; k < padded; k += 2) slopes.push_back(all[k]);
    for (int k = 0; k < padded; k += 2) slopes.push_back(all[k]);
    slopes.resize(heads);
    return slopes;
}

void read_alibi(const Block& m, ModelPositions& p, std::vector<double> slopes) {
    p.kind = PositionKind::Alibi;
    p.alibi_slopes = std::move(slopes);
    p.num_layers = layer_count(m, {"num_hidden_layers", "n_layer", "n_layers"});
    p.max_position_embeddings = first_integer(m, {"max_position_embeddings", "n_positions",
                                                  "max_seq_len", "model_max_length", "seq_length"})
                                    .value;
}

std::vector<double> press_slopes(int heads) {
    const Vector s = alibi_slopes(heads);  // BLOOM's build_alibi_tensor, Baichuan's _get_interleave
    return {s.data(), s.data() + s.size()};
}

void read_learned(const Block& m, const Family& f, ModelPositions& p) {
    p.kind = PositionKind::LearnedAbsolute;
    p.position_embedding_type = m.string_or("position_embedding_type", "absolute");
    if (p.position_embedding_type != "absolute") {
        if (p.position_embedding_type != "relative_key" &&
            p.position_embedding_type != "relative_key_query")
            throw InputError(m.field("position_embedding_type"),
                             "\"" + p.position_embedding_type + "\"",
                             "absolute, relative_key or relative_key_query");
        p.kind = PositionKind::LearnedRelative;
    }
    const int rows = m.integer_or(f.table_rows_key, 0);
    if (rows > limits::kMaxSeqLen)
        throw InputError(m.field(f.table_rows_key), std::to_string(rows),
                         "at most " + std::to_string(limits::kMaxSeqLen) + " positions");
    p.table_dim = m.integer_or(f.table_dim_key, 0);
    if (f.offset == hf::TableOffset::Two) {
        p.table_offset = 2;  // the table has max_position_embeddings + 2 rows
        p.table_rows = rows ? rows + 2 : 0;
        p.max_position_embeddings = rows;
    } else {
        p.table_rows = rows;
        if (f.offset == hf::TableOffset::PaddingIdxPlusOne) {
            const json* pad = m.find("pad_token_id");
            const uint64_t padding_idx =
                pad && pad->is_number_unsigned() ? pad->get<uint64_t>() : 1;
            const uint64_t limit = rows ? uint64_t(rows) - 1 : uint64_t(limits::kMaxSeqLen);
            if (padding_idx + 1 > limit || padding_idx > uint64_t(limits::kMaxSeqLen))
                throw InputError(m.field("pad_token_id"), std::to_string(padding_idx),
                                 "less than " + std::to_string(limit) +
                                     ": RoBERTa counts positions from pad_token_id + 1");
            p.table_offset = int(padding_idx) + 1;
        }
        p.max_position_embeddings = rows > p.table_offset ? rows - p.table_offset : 0;
    }
    p.table_tensors = {f.tensor};
    p.num_layers = layer_count(m, {"num_hidden_layers", "n_layer", "n_layers"});
}

std::string join(const std::set<std::string>& names) {
    std::string s;
    for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
    return s;
}

// The layer types a scheme must serve in a per-layer-type rope_parameters block (those with RoPE
// layers), or, with rope_only false, every layer type of the model.
std::set<std::string> layer_types(const std::vector<LayerPositions>& layers, bool rope_only) {
    std::set<std::string> types;
    for (const LayerPositions& l : layers)
        if (!rope_only || l.kind == PositionKind::Rope) types.insert(l.type);
    return types;
}

// The RoPE schemes of a model and which layer uses which.
void read_ropes(const Block& m, const Family* f, ModelPositions& p) {
    // transformers 5 (PreTrainedConfig.convert_rope_params_to_dict): `self.rope_parameters =
    // rope_scaling or self.rope_parameters` — a non-empty rope_scaling block wins, and becomes
    // the rope_parameters block that holds θ ("rope_parameters.setdefault('rope_theta',
    // kwargs.pop('rope_theta', self.default_theta))": a rope_theta inside the block wins over the
    // top-level key, as EXAONE 4.5 writes it).
    const json* old_block = m.find("rope_scaling");
    const bool scaling_wins = old_block && !(old_block->is_object() && old_block->empty());
    const json* parameters = scaling_wins ? nullptr : m.find("rope_parameters");
    const json* scaling = parameters ? parameters : old_block;
    const std::string name = parameters ? "rope_parameters" : "rope_scaling";
    if (scaling && !scaling->is_object())
        throw InputError(m.field(name), shown(*scaling), "null or an object {\"rope_type\": ...}");
    std::optional<Block> block;
    if (scaling) block.emplace(Block{*scaling, m.field(name) + "."});

    // transformers 5 writes one rope_parameters block per layer type when they differ
    // (standardize_rope_params, "Case 2"); its keys are layer types.
    bool per_type = false;
    if (parameters)
        for (const auto& [key, value] : parameters->items()) {
            per_type = per_type || value.is_object();
            const bool layer_type_key =
                key == "full_attention" || key == "sliding_attention" || key == "chunked_attention";
            if (layer_type_key && !value.is_object())
                throw InputError(m.field("rope_parameters." + key), shown(value),
                                 "an object with that layer type's RoPE parameters");
        }
    const std::set<std::string> types = layer_types(p.layers, true);
    const bool local_theta = f && f->local_theta != hf::LocalTheta::None && !per_type;

    std::vector<std::string> labels;  // the scheme of each layer type; "" serves all
    if (per_type || local_theta)
        labels.assign(types.begin(), types.end());
    else if (!types.empty())
        labels = {""};
    // standardize_rope_params takes the per-layer-type form when the block's keys are a subset of
    // layer_types ("Case 2"), whether or not those layers apply RoPE: a block for Cohere 2's NoPE
    // full-attention layers is accepted. Such a block serves no layer; it is still read (below),
    // so that its values are checked as validate_rope checks every block.
    const std::set<std::string> all_types = layer_types(p.layers, false);
    if (per_type)
        for (const auto& [key, value] : parameters->items())
            if (!value.is_object() || !all_types.count(key))
                throw InputError(
                    m.field("rope_parameters." + key), shown(value),
                    "one object per layer type of this model (" + join(all_types) + ")");

    for (const std::string& label : labels) {
        if (per_type) {
            if (!parameters->contains(label))
                throw InputError(m.field("rope_parameters"), "no \"" + label + "\" block",
                                 "a block for each layer type with RoPE");
            const Block own{(*parameters)[label], m.field("rope_parameters." + label) + "."};
            p.ropes.push_back(hf::read_rope_scheme({.model = m,
                                                    .family = f,
                                                    .params = own,
                                                    .params_hold_theta = true,
                                                    .theta_key = "",
                                                    .layer_type = label,
                                                    .model_type = p.text_model_type}));
        } else if (local_theta && label != "full_attention") {
            // Gemma 3's local layers: rotary_emb_local, rope_type default at rope_local_base_freq;
            // OLMo 3's: rope_type default at the model's θ. (Olmo3Config reads that θ with a second
            // kwargs.pop("rope_theta", default_theta) after the first has taken it, so transformers
            // gives them default_theta, 500000; posviz uses the config's rope_theta, the same for
            // every published OLMo 3.)
            const hf::LocalTheta local = f->local_theta;
            const char* key = local == hf::LocalTheta::Gemma3       ? "rope_local_base_freq"
                              : local == hf::LocalTheta::ModernBert ? "local_rope_theta"
                                                                    : "";
            p.ropes.push_back(hf::read_rope_scheme({.model = m,
                                                    .family = f,
                                                    .params = std::nullopt,
                                                    .params_hold_theta = false,
                                                    .theta_key = key,
                                                    .layer_type = label,
                                                    .model_type = p.text_model_type}));
        } else {
            const bool modernbert = f && f->local_theta == hf::LocalTheta::ModernBert;
            p.ropes.push_back(
                hf::read_rope_scheme({.model = m,
                                      .family = f,
                                      .params = block,
                                      .params_hold_theta = true,
                                      .theta_key = modernbert ? "global_rope_theta" : "",
                                      .layer_type = label,
                                      .model_type = p.text_model_type}));
        }
    }
    if (per_type)
        for (const auto& [key, value] : parameters->items()) {
            if (types.count(key)) continue;
            const Block unused{value, m.field("rope_parameters." + key) + "."};
            hf::read_rope_scheme({.model = m,
                                  .family = f,
                                  .params = unused,
                                  .params_hold_theta = true,
                                  .theta_key = "",
                                  .layer_type = key,
                                  .model_type = p.text_model_type});
        }
    for (LayerPositions& l : p.layers) {
        if (l.kind != PositionKind::Rope) continue;
        for (int k = 0; k < int(labels.size()); ++k)
            if (labels[k].empty() || labels[k] == l.type) l.rope = k;
    }
}

// Position-dependent scales transformers applies to queries, which the figures leave out.
void add_notes(const Block& m, ModelPositions& p) {
    // Llama4TextAttention tests `if self.attn_temperature_tuning and not self.use_rope`, Python
    // truth: Llama 4 Scout configs in circulation write the integer 4 there (vLLM's llama4.py
    // tested `> 0` until transformers documented it as a bool).
    const json* tuning = m.find("attn_temperature_tuning");
    const bool tuned = tuning && tuning->is_number()
                           ? tuning->get<double>() != 0.0
                           : m.optional_bool("attn_temperature_tuning").value_or(false);
    if (tuned)
        p.notes.push_back(
            {"NoPE layers scale queries by 1 + attn_scale·ln(⌊(m + 1)/floor_scale⌋ + 1) "
             "(Llama4TextAttention, attn_temperature_tuning); not drawn",
             "NoPE 层把查询乘以 1 + attn_scale·ln(⌊(m + 1)/floor_scale⌋ + 1)"
             "（Llama4TextAttention，attn_temperature_tuning）；图中未画出"});
    for (const RopeScheme& r : p.ropes) {
        if (!r.mrope_section.empty()) {
            std::string sections;
            for (int s : r.mrope_section) {
                if (!sections.empty()) sections += '/';
                sections += std::to_string(s);
            }
            p.notes.push_back({"mrope: pairs split " + sections +
                                   " between temporal, height and width positions; text tokens "
                                   "use one position for all three, as drawn",
                               "M-RoPE：频率对按 " + sections +
                                   " 分给时间、高度和宽度位置；文本词元三者用同一位置，如图所示"});
        }
    }
    if (const json* params = m.find("rope_parameters"))
        if (params->is_object() && params->contains("llama_4_scaling_beta"))
            p.notes.push_back(
                {"queries scaled by 1 + llama_4_scaling_beta·ln(1 + ⌊m / "
                 "original_max_position_embeddings⌋) (Ministral3Attention); not drawn",
                 "查询乘以 1 + llama_4_scaling_beta·ln(1 + ⌊m / "
                 "original_max_position_embeddings⌋)（Ministral3Attention）；图中未画出"});
}

void read_rope_model(const Block& m, const Family* f, ModelPositions& p) {
    p.max_position_embeddings =
        first_integer(m, {"max_position_embeddings", "n_positions", "max_seq_len", "seq_length"})
            .value;
    p.num_layers = layer_count(m, {"num_hidden_layers", "n_layer", "n_layers"});
    p.layers = hf::read_layer_schedule(m, f, p.num_layers);
    if (p.num_layers == 0 && p.layers.size() > 1) p.num_layers = int(p.layers.size());
    // A family without RoPE in its attention (Nemotron-H, Jamba), a config that says "nope", or
    // Kimi Linear's mla_use_nope (KimiMLAAttention applies no rotary embedding then).
    if (says_nope(m) || (f && f->kind == PositionKind::NoPE) ||
        m.optional_bool("mla_use_nope").value_or(false))
        for (LayerPositions& l : p.layers) l.kind = PositionKind::NoPE;
    read_ropes(m, f, p);
    p.kind = p.ropes.empty() ? PositionKind::NoPE : PositionKind::Rope;
    for (const RopeScheme& r : p.ropes)
        p.training_length = std::max(p.training_length, r.scaling.original_max_position_embeddings);
    add_notes(m, p);
}

// Every kind of model gets its layers (one standing for all when the count is unknown), so
// choosing and describing layers works the same for all of them.
ModelPositions with_layers(ModelPositions p) {
    if (p.layers.empty())
        p.layers.assign(std::max(p.num_layers, 1), LayerPositions{.kind = p.kind});
    return p;
}

ModelPositions read_config(const json& root) {
    const Block top{root, ""};
    ModelPositions p;
    p.model_type = top.string_or("model_type", "");

    // Multimodal configs (Gemma 3, Mistral 3, Llama 4, LLaVA, Qwen2.5-VL in transformers 4.52+)
    // keep the language model's fields in text_config.
    const json* text = top.find("text_config");
    if (text && !text->is_object())
        throw InputError("text_config", shown(*text),
                         "null or an object {...} with the language model's fields");
    const Block raw{text ? *text : root, text ? "text_config." : ""};
    p.text_model_type = raw.string_or("model_type", hf::text_model_type(p.model_type));
    const Family* f = hf::find_family(p.text_model_type);
    const json merged = hf::with_defaults(f, raw.object);
    const Block m{merged, raw.prefix};

    if (!f) {
        // Unknown families are read by the general rule, model_type or not: the keys the config
        // has, Llama's conventions (rotate_half pairs, θ 10000) for the rest — unless it says
        // nothing about positions at all.
        const std::string type =
            p.text_model_type.empty() ? "nothing (missing)" : "\"" + p.text_model_type + "\"";
        if (!has_position_keys(m))
            throw InputError(m.field("model_type"),
                             type +
                                 ", and no position keys (rope_theta, rope_scaling, "
                                 "rope_parameters, partial_rotary_factor, "
                                 "position_embedding_type or max_position_embeddings)",
                             kKnownTypes);
        const bool rope_keys = has_rope_keys(m);
        p.assumption = {
            "model_type " + type + " is not in posviz's family table: read as Llama-like (" +
                (rope_keys ? "RoPE keys as written" : "RoPE θ 10000 by default") +
                ", rotate_half pairs unless rope_interleave or qk_rope_head_dim say otherwise)",
            "model_type " + type + " 不在 posviz 的模型族表中：按 Llama 的约定读取（" +
                (rope_keys ? "RoPE 参数按文件所写" : "RoPE θ 默认为 10000") +
                "，除非 rope_interleave 或 qk_rope_head_dim 另有规定，频率对为 rotate_half）"};
    }
    const std::string& type = p.text_model_type;
    if (f && f->kind == PositionKind::T5RelativeBuckets) {
        p.kind = PositionKind::T5RelativeBuckets;
        p.relative_attention_num_buckets = m.integer_or("relative_attention_num_buckets", 32);
        p.relative_attention_max_distance = m.integer_or("relative_attention_max_distance", 128);
        p.max_position_embeddings = m.integer_or("n_positions", 0);
        p.num_layers = layer_count(m, {"num_layers"});
        return p;
    }
    if (f && f->kind == PositionKind::LearnedAbsolute) {
        read_learned(m, *f, p);
        return p;
    }
    if (type == "bloom") {
        read_alibi(m, p, press_slopes(num_heads(m)));
        return p;
    }
    if (type == "mpt") {
        // MptAttentionConfig: alibi (default false), alibi_bias_max (default 8).
        const std::optional<Block> attn = m.child("attn_config", "an object {\"alibi\": ...}");
        const json none = json::object();
        const Block a = attn ? *attn : Block{none, "attn_config."};
        if (a.optional_bool("alibi").value_or(false)) {
            read_alibi(m, p,
                       mpt_slopes(num_heads(m), a.optional_number("alibi_bias_max").value_or(8)));
            return p;
        }
        // Without ALiBi, MosaicML's MPT adds a learned table (transformer.wpe).
        p.kind = PositionKind::LearnedAbsolute;
        p.table_rows = p.max_position_embeddings = m.integer_or("max_seq_len", 2048);
        p.table_dim = m.integer_or("d_model", 0);
        p.table_tensors = {"wpe.weight"};
        p.num_layers = layer_count(m, {"n_layers"});
        return p;
    }
    // FalconConfig.alibi; Baichuan's 13B models (40 layers) use ALiBi where the 7B use RoPE —
    // two modeling_baichuan.py files under one model_type, told apart by their layer count as
    // llama.cpp's converter does.
    const bool falcon = type == "falcon" || type == "RefinedWeb" || type == "RefinedWebModel";
    if ((falcon && m.optional_bool("alibi").value_or(false)) ||
        (type == "baichuan" && m.integer_or("num_hidden_layers", 0) == 40)) {
        read_alibi(m, p, press_slopes(num_heads(m)));
        return p;
    }
    read_rope_model(m, f, p);
    return p;
}

}  // namespace

ModelPositions read_hf_config(const std::string& path, const std::string& what) {
    // transformers saves config.json with Python's json, which writes NaN and Infinity.
    json root = parse_json(read_input_file(path, what, "a config.json file", kMaxConfigBytes), what,
                           path, "a config.json", JsonLiterals::Python);
    if (!root.is_object()) throw InputError(what, path, "a JSON object {...} at the top level");
    return with_json_errors(what, path, "a config.json", [&] {
        // The config's fields are named as written ("rope_scaling.factor"); which file they are in
        // is said once, here.
        try {
            return with_layers(read_config(root));
        } catch (const InputError& e) {
            throw e.in_file(path);
        }
    });
}

}  // namespace posviz
