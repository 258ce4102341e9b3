#include "core/formats/hf_config/rope_scheme.h"

#include <cmath>
#include <numeric>

#include "core/encodings/checks.h"
#include "core/input_error.h"
#include "core/limits.h"

namespace posviz::hf {

FoundInt first_integer(const Block& block, std::initializer_list<const char*> keys) {
    for (const char* key : keys)
        if (const json* v = block.find(key)) return {block.integer(key, *v), key};
    return {};
}

namespace {

// DeepSeek's yarn_get_mscale (modeling_deepseek_v3.py; transformers' get_mscale inside
// _compute_yarn_parameters): 0.1·mscale·ln(scale) + 1 for scale > 1, else 1.
double yarn_get_mscale(double scale, double mscale) {
    return scale <= 1.0 ? 1.0 : 0.1 * mscale * std::log(scale) + 1.0;
}

// A fraction f with int(head_dim · f) == rotary_dim, as RopeEncoding::rotary_dim() computes it:
// rotary_dim / head_dim can land a hair below and truncate one dim short.
double fraction_for(int rotary_dim, int head_dim) {
    double f = double(rotary_dim) / head_dim;
    while (int(head_dim * f) < rotary_dim) f = std::nextafter(f, 2.0);
    return f;
}

// The head RoPE acts on and how many of its dims it turns.
void read_dims(const RopeSource& s, const std::optional<Block>& theta_params, RopeScheme& r) {
    const Block& m = s.model;
    const FoundInt heads = first_integer(m, {"num_attention_heads", "n_head", "n_heads"});
    const FoundInt hidden = first_integer(m, {"hidden_size", "n_embd", "d_model"});
    // getattr(config, "head_dim", None) or hidden_size // num_attention_heads
    auto full_head = [&]() -> int {
        if (const json* h = m.find("head_dim")) return m.integer("head_dim", *h);
        if (!hidden.value) m.required("hidden_size", "a positive integer");
        if (!heads.value) m.required("num_attention_heads", "a positive integer");
        const int head = hidden.value / heads.value;
        if (head == 0)
            throw InputError(m.field(heads.key), std::to_string(heads.value),
                             "at most " + hidden.key + " (" + std::to_string(hidden.value) + ")");
        return head;
    };
    auto check_size = [&](const std::string& key, int value) {
        if (value > limits::kMaxDim)
            throw InputError(m.field(key), std::to_string(value),
                             "at most " + std::to_string(limits::kMaxDim));
    };

    if (const json* rope_dim = m.find("qk_rope_head_dim")) {
        // Multi-head latent attention (DeepseekV3Config sets head_dim = qk_rope_head_dim): RoPE
        // turns the qk_rope_head_dim dims appended to each head's qk_nope_head_dim content dims.
        r.head_dim = m.integer("qk_rope_head_dim", *rope_dim);
        const FoundInt nope = first_integer(m, {"qk_nope_head_dim"});
        check_size("qk_rope_head_dim", r.head_dim);
        check_size("qk_nope_head_dim", nope.value);
        r.qk_head_dim = nope.value ? nope.value + r.head_dim : full_head();
        if (r.head_dim > r.qk_head_dim)
            throw InputError(m.field("qk_rope_head_dim"), std::to_string(r.head_dim),
                             "at most the head's " + std::to_string(r.qk_head_dim) + " dims");
        if (r.head_dim % 2 != 0)
            throw InputError(m.field("qk_rope_head_dim"), std::to_string(r.head_dim),
                             "an even number (RoPE turns dims in pairs)");
        r.rotary_dim = r.head_dim;
        return;
    }
    r.head_dim = full_head();
    check_size("head_dim", r.head_dim);

    // GPT-NeoX configs before transformers 4.47 say rotary_pct; GPT-J and CodeGen give rotary_dim.
    std::string fraction_field;
    const json* fraction = nullptr;
    if (theta_params && (fraction = theta_params->find("partial_rotary_factor")))
        fraction_field = theta_params->field("partial_rotary_factor");
    for (const char* key : {"partial_rotary_factor", "rotary_pct"})
        if (!fraction && (fraction = m.find(key))) fraction_field = m.field(key);
    if (fraction) {
        if (!fraction->is_number() || !(fraction->get<double>() > 0.0) ||
            fraction->get<double>() > 1.0)
            throw InputError(fraction_field, shown(*fraction), "a number in (0, 1]");
        r.partial_rotary_factor = fraction->get<double>();
        r.rotary_dim = int(r.head_dim * r.partial_rotary_factor);
    } else if (const json* dims = m.find("rotary_dim")) {
        fraction_field = m.field("rotary_dim");
        r.rotary_dim = m.integer("rotary_dim", *dims);
        if (r.rotary_dim > r.head_dim)
            throw InputError(fraction_field, std::to_string(r.rotary_dim),
                             "at most the head dim " + std::to_string(r.head_dim));
        r.partial_rotary_factor = fraction_for(r.rotary_dim, r.head_dim);
    } else {
        r.rotary_dim = r.head_dim;
    }
    if (r.rotary_dim <= 0 || r.rotary_dim % 2 != 0)
        throw InputError(fraction_field.empty() ? m.field("head_dim") : fraction_field,
                         "rotary dim " + std::to_string(r.rotary_dim) + " (head_dim " +
                             std::to_string(r.head_dim) + " × " +
                             format_number(r.partial_rotary_factor) + ")",
                         "an even rotary dim > 0");
}

// HunYuan's rotary embedding (modeling_hunyuan_v1_dense.py, _moe, HunYuanVL): for rope_type
// "dynamic" (HunYuanVL's "xdrope" too) with a non-zero rope_scaling.alpha, "DynamicNTKAlphaRotary":
// base = rope_theta·alpha^(dim/(dim-2)) over dim = head_dim, attention scaling 1 — static NTK.
bool hunyuan_alpha(const Block& b, const std::string& model_type, const std::string& name) {
    if (!model_type.starts_with("hunyuan") || name != "dynamic") return false;
    const json* alpha = b.find("alpha");
    return alpha && !(alpha->is_number() && alpha->get<double>() == 0.0);
}

// The block's rope type as transformers names it. "type" is the key before transformers 4.43.
// When both are written, rope_type wins and type is not read at all: modeling_rope_utils.py
// rope_config_validation takes rope_scaling.get("rope_type", rope_scaling.get("type", "default")),
// and transformers 5's RotaryEmbeddingConfigMixin.standardize_rope_params
// rope_parameters.setdefault("rope_type", rope_parameters.get("type", "default")), for a
// rope_scaling block too (it becomes rope_parameters). Configs re-saved by transformers keep the
// old key beside the new one: {"type": "mrope", "rope_type": "default", "mrope_section": [...]}.
struct RopeTypeName {
    std::string key;  // "rope_type" or "type"
    std::string name;
};
RopeTypeName rope_type_name(const Block& b, const std::string& model_type) {
    const std::string key = b.find("rope_type") || !b.find("type") ? "rope_type" : "type";
    const json* type = b.find(key);
    std::string name = "default";
    if (type) {
        if (!type->is_string()) throw InputError(b.field(key), shown(*type), "a string");
        name = type->get<std::string>();
    }
    // Phi3Config._rope_scaling_adjustment: early Phi-3 configs said "su" or "yarn" for longrope.
    if (model_type == "phi3" && name == "yarn") name = "longrope";
    // Qwen2VLConfig: rope_scaling type "mrope" becomes "default"; its sections split the pairs
    // between the temporal, height and width positions.
    if (name == "mrope") name = "default";
    // HunYuanVLTextConfig.convert_rope_params_to_dict: "xdrope" is read as "dynamic".
    if (model_type.starts_with("hunyuan") && name == "xdrope") name = "dynamic";
    return {key, name};
}

// The scaling block into r.scaling, field by field as the matching _compute_*_parameters reads
// it. `top_original` is the config's own original_max_position_embeddings (Phi-3 keeps it there):
// standardize_rope_params gives it priority for llama3, yarn and longrope.
void read_scaling(const Block& b, int top_original, const std::string& model_type, RopeScheme& r) {
    RopeScaling& s = r.scaling;
    s.block = b.prefix.substr(0, b.prefix.size() - 1);  // errors name rope_parameters.* too
    const auto [type_key, name] = rope_type_name(b, model_type);
    s.type = parse_rope_scaling_type(name, b.field(type_key));
    if (hunyuan_alpha(b, model_type, name)) {
        s.type = RopeScalingType::Ntk;
        s.factor_key = "alpha";
        s.factor = b.number("alpha", *b.find("alpha"));
        if (!(s.factor > 0.0))
            throw InputError(b.field("alpha"), shown(*b.find("alpha")),
                             "a number > 0 (HunYuan's NTK alpha)");
        return;
    }
    if (b.find("mrope_section")) {
        r.mrope_section = b.integer_list("mrope_section", false);
        const int64_t sum =
            std::accumulate(r.mrope_section.begin(), r.mrope_section.end(), int64_t(0));
        if (sum != r.rotary_dim / 2)
            throw InputError(
                b.field("mrope_section"),
                shown(b.object["mrope_section"]) + " (" + std::to_string(sum) + " pairs)",
                "sections adding up to rotary_dim / 2 = " + std::to_string(r.rotary_dim / 2) +
                    " pairs");
    }

    const std::string why = "a number (required by rope_type " + name + ")";
    if (s.type == RopeScalingType::Proportional)  // rope_parameters_dict.get("factor", 1.0)
        s.factor = b.optional_number("factor").value_or(1.0);
    else if (s.type != RopeScalingType::None && s.type != RopeScalingType::LongRope)
        s.factor = b.number("factor", b.required("factor", why));
    s.original_max_position_embeddings = b.integer_or("original_max_position_embeddings", 0);
    const bool takes_top = s.type == RopeScalingType::Llama3 || s.type == RopeScalingType::Yarn ||
                           s.type == RopeScalingType::LongRope;
    if (takes_top && top_original > 0) s.original_max_position_embeddings = top_original;

    if (s.type == RopeScalingType::Yarn) {
        // `rope_parameters.get("beta_fast") or 32`: a missing, null or zero beta takes the default.
        s.beta_fast = b.optional_number("beta_fast").value_or(0.0);
        s.beta_slow = b.optional_number("beta_slow").value_or(0.0);
        if (s.beta_fast == 0.0) s.beta_fast = 32.0;
        if (s.beta_slow == 0.0) s.beta_slow = 1.0;
        s.mscale = b.optional_number("mscale");
        s.mscale_all_dim = b.optional_number("mscale_all_dim");
        if (auto truncate = b.optional_bool("truncate")) s.truncate = *truncate;
    }
    if (s.type == RopeScalingType::Yarn || s.type == RopeScalingType::LongRope)
        s.attention_factor = b.optional_number("attention_factor");
    if (s.type == RopeScalingType::Llama3) {
        if (s.original_max_position_embeddings == 0)
            b.required("original_max_position_embeddings",
                       "a positive integer (required by llama3)");
        s.low_freq_factor = b.number("low_freq_factor", b.required("low_freq_factor", why));
        s.high_freq_factor = b.number("high_freq_factor", b.required("high_freq_factor", why));
    }
    if (s.type == RopeScalingType::LongRope) {
        s.short_factor = b.number_list("short_factor");
        s.long_factor = b.number_list("long_factor");
        if (s.original_max_position_embeddings == 0) {
            const char* without =
                "a number (longrope needs it when there is no "
                "original_max_position_embeddings)";
            s.factor = b.number("factor", b.required("factor", without));
        }
    }
}

}  // namespace

RopeScheme read_rope_scheme(const RopeSource& src) {
    const Block& m = src.model;
    RopeScheme r;
    r.layer_type = src.layer_type;
    r.style = src.family ? src.family->style : RopeStyle::Half;
    // An unknown family with multi-head latent attention is built on DeepSeek's code (DeepSeek
    // V3.2, Kimi Linear, …), whose weights are laid out for its interleaved pairs.
    if (!src.family && m.find("qk_rope_head_dim"))
        r.style = RopeStyle::Interleaved;  // DeepseekV3Config.rope_interleave (default true): false
                                           // keeps transformers' rotate_half.
    if (auto interleave = m.optional_bool("rope_interleave"))
        r.style = *interleave ? RopeStyle::Interleaved : RopeStyle::Half;

    const std::optional<Block> theta_params =
        src.params_hold_theta ? src.params : std::optional<Block>();
    read_dims(src, theta_params, r);
    if (src.params && src.theta_key.empty()) {
        const std::string name = rope_type_name(*src.params, src.model_type).name;
        // Proportional RoPE and HunYuan's alpha compute over the whole head: proportional turns
        // int(partial_rotary_factor·head_dim // 2) pairs of it and leaves the rest at θ = 0.
        if (name == "proportional") {
            r.scaling.proportion = r.partial_rotary_factor;
            r.rotary_dim = r.head_dim;
            r.partial_rotary_factor = 1.0;
        } else if (hunyuan_alpha(*src.params, src.model_type, name)) {
            r.rotary_dim = r.head_dim;
            r.partial_rotary_factor = 1.0;
        }
    }

    // θ: rope_parameters first, then the config's own key (GPT-NeoX's rotary_emb_base), then
    // transformers' default_theta 10000 (Llama 2 configs have no rope_theta key).
    const json* base = nullptr;
    std::string base_field;
    if (!src.theta_key.empty()) {
        base = m.find(src.theta_key);
        base_field = m.field(src.theta_key);
    } else {
        if (theta_params && (base = theta_params->find("rope_theta")))
            base_field = theta_params->field("rope_theta");
        for (const char* key : {"rope_theta", "rotary_emb_base"})
            if (!base && (base = m.find(key))) base_field = m.field(key);
    }
    r.theta_field = base ? base_field : "the default θ";
    if (base) {
        if (!base->is_number() || !std::isfinite(base->get<double>()) ||
            base->get<double>() <= 1.0 || base->get<double>() > limits::kMaxBase)
            throw InputError(base_field, shown(*base),
                             "a number > 1 and at most " + format_number(limits::kMaxBase));
        r.base = base->get<double>();
    }

    r.scaling.max_position_embeddings =
        first_integer(m, {"max_position_embeddings", "n_positions", "max_seq_len"}).value;
    if (src.params && src.theta_key.empty())
        read_scaling(*src.params, m.integer_or("original_max_position_embeddings", 0),
                     src.model_type, r);

    // MLA attention multiplies its softmax scale by mscale(factor, mscale_all_dim)²
    // (DeepseekV3Attention.__init__; DeepSeek's yarn_get_mscale).
    const RopeScaling& s = r.scaling;
    if (r.qk_head_dim > 0 && s.type != RopeScalingType::None &&
        s.mscale_all_dim.value_or(0.0) != 0.0) {
        const double mscale = yarn_get_mscale(s.factor, *s.mscale_all_dim);
        r.softmax_scale = mscale * mscale;
    }

    // Validate every value now, so a bad config fails when it is read.
    rope_frequencies(r.base, r.rotary_dim, r.scaling, 0);
    return r;
}

}  // namespace posviz::hf
