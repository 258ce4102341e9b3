// RoPE scalings as Hugging Face transformers computes them. Reference: transformers
// src/transformers/modeling_rope_utils.py as of 4.55+ (the version that added yarn's `truncate`
// and reads yarn's original_max_position_embeddings from rope_scaling, falling back to
// max_position_embeddings). transformers computes in float32; we compute the same formulas in
// double so that angles m·theta_i stay exact at long contexts.
#include "core/encodings/rope_scaling.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/encodings/checks.h"
#include "core/input_error.h"

namespace posviz {

namespace {

// A field of the scaling block as config.json names it ("rope_scaling.factor").
std::string field(const RopeScaling& s, const char* key) {
    return s.block + "." + key;
}

// transformers' _validate_*_parameters warn when factor is not a float >= 1; a factor < 1 would
// shrink the context instead of extending it, so we refuse it.
void check_factor(const RopeScaling& s, double factor) {
    if (!std::isfinite(factor) || factor < 1.0)
        throw InputError(field(s, s.factor_key.c_str()), format_number(factor),
                         "a finite number >= 1");
}

// transformers _compute_proportional_rope_parameters (Gemma 4's p-RoPE): rope_angles =
// int(partial_rotary_factor · head_dim // 2) pairs turn at base^(-2i/head_dim), the other
// head_dim/2 - rope_angles pairs get θ = 0; all divided by factor (default 1).
RopeFrequencies proportional_frequencies(double base, int head_dim, const RopeScaling& s) {
    check_factor(s, s.factor);
    if (!(s.proportion > 0.0) || s.proportion > 1.0)
        throw InputError(field(s, "partial_rotary_factor"), format_number(s.proportion),
                         "a number in (0, 1]");
    const int angles = int(std::floor(s.proportion * head_dim / 2.0));
    Vector inv = Vector::Zero(head_dim / 2);
    for (int i = 0; i < angles; ++i) inv[i] = std::pow(base, -2.0 * i / head_dim) / s.factor;
    return {inv, 1.0};
}

// A context length that the scaling divides by or takes the logarithm of.
void check_length(const std::string& name, long value) {
    if (value < 2) throw InputError(name, std::to_string(value), "an integer >= 2");
}

// NTK-aware exponents d/(d-2) divide by zero for a single rotated pair.
void check_ntk_dim(int rotary_dim) {
    if (rotary_dim <= 2)
        throw InputError("rotary_dim", std::to_string(rotary_dim),
                         "at least 4 rotated dims for NTK-aware scaling (exponent d/(d-2))");
}

void check_positive_field(const std::string& name, double value) {
    if (!std::isfinite(value) || value <= 0.0)
        throw InputError(name, format_number(value), "a finite number > 0");
}

// YaRN's attention temperature, sqrt(1/t) = 0.1·ln(s) + 1 (Peng et al. 2023, eq. 22);
// transformers' get_mscale(scale, mscale=1) inside _compute_yarn_parameters (DeepSeek's mscale
// variant multiplies the log term).
double yarn_get_mscale(double scale, double mscale) {
    if (scale <= 1.0) return 1.0;
    return 0.1 * mscale * std::log(scale) + 1.0;
}

// transformers _compute_yarn_parameters; Peng et al. 2023 §3.2 (NTK-by-parts) and §3.4.
RopeFrequencies yarn_frequencies(double base, int dim, const RopeScaling& s) {
    check_factor(s, s.factor);
    check_positive_field(field(s, "beta_fast"), s.beta_fast);
    check_positive_field(field(s, "beta_slow"), s.beta_slow);
    if (s.beta_fast < s.beta_slow)
        throw InputError(field(s, "beta_fast"), format_number(s.beta_fast),
                         "a value >= beta_slow (" + format_number(s.beta_slow) + ")");
    // original_max_position_embeddings = rope_scaling.get(...) or config.max_position_embeddings
    const long original = s.original_max_position_embeddings > 0
                              ? s.original_max_position_embeddings
                              : s.max_position_embeddings;
    check_length(field(s, "original_max_position_embeddings"), original);

    double attention = 0.0;
    if (s.attention_factor) {
        check_positive_field(field(s, "attention_factor"), *s.attention_factor);
        attention = *s.attention_factor;
    } else if (s.mscale.value_or(0.0) != 0.0 && s.mscale_all_dim.value_or(0.0) != 0.0) {
        // Python's `if mscale and mscale_all_dim`: both present and non-zero.
        attention =
            yarn_get_mscale(s.factor, *s.mscale) / yarn_get_mscale(s.factor, *s.mscale_all_dim);
        if (!std::isfinite(attention) || attention <= 0.0)
            throw InputError(
                field(s, "mscale"), format_number(*s.mscale),
                "mscale and mscale_all_dim giving a finite attention factor > 0 (got " +
                    format_number(attention) + ")");
    } else {
        attention = yarn_get_mscale(s.factor, 1.0);
    }

    // find_correction_dim: the dim index whose pair turns num_rotations times over `original`
    // positions (inverting wavelength_d = 2π·base^(2d/dim)).
    auto correction_dim = [&](double num_rotations) {
        return dim * std::log(original / (num_rotations * 2.0 * std::numbers::pi)) /
               (2.0 * std::log(base));
    };
    // find_correction_range: beta_fast gives the low end (fast pairs), beta_slow the high end.
    double low = correction_dim(s.beta_fast);
    double high = correction_dim(s.beta_slow);
    if (s.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, dim - 1.0);
    if (low == high) high += 0.001;  // linear_ramp_factor: "Prevent singularity"

    const Vector extrapolation = rope_inverse_frequencies(base, dim);
    Vector inv(dim / 2);
    for (int i = 0; i < dim / 2; ++i) {
        // linear_ramp_factor(low, high, dim // 2): 0 below low, 1 above high.
        double ramp = std::clamp((i - low) / (high - low), 0.0, 1.0);
        double extrapolation_factor = 1.0 - ramp;  // inv_freq_extrapolation_factor
        double interpolation = extrapolation[i] / s.factor;
        inv[i] =
            interpolation * (1.0 - extrapolation_factor) + extrapolation[i] * extrapolation_factor;
    }
    return {inv, attention};
}

// transformers _compute_llama3_parameters (Llama 3 paper, Meta 2024; Meta's apply_scaling).
RopeFrequencies llama3_frequencies(double base, int dim, const RopeScaling& s) {
    check_factor(s, s.factor);
    check_length(field(s, "original_max_position_embeddings"), s.original_max_position_embeddings);
    check_positive_field(field(s, "low_freq_factor"), s.low_freq_factor);
    // Llama 4 Scout ships low_freq_factor = high_freq_factor = 1: no medium band at all.
    if (!std::isfinite(s.high_freq_factor) || s.high_freq_factor < s.low_freq_factor)
        throw InputError(
            field(s, "high_freq_factor"), format_number(s.high_freq_factor),
            "a finite number >= low_freq_factor (" + format_number(s.low_freq_factor) + ")");
    const double old_context_len = s.original_max_position_embeddings;
    const double low_freq_wavelen = old_context_len / s.low_freq_factor;
    const double high_freq_wavelen = old_context_len / s.high_freq_factor;

    Vector inv = rope_inverse_frequencies(base, dim);
    for (int i = 0; i < dim / 2; ++i) {
        double wavelen = 2.0 * std::numbers::pi / inv[i];
        if (wavelen > low_freq_wavelen) {
            inv[i] /= s.factor;  // long wavelengths: plain interpolation
        } else if (wavelen >= high_freq_wavelen && s.high_freq_factor > s.low_freq_factor) {
            // Medium band: blend interpolation and extrapolation by how many turns the pair made.
            double smooth = (old_context_len / wavelen - s.low_freq_factor) /
                            (s.high_freq_factor - s.low_freq_factor);
            inv[i] = (1.0 - smooth) * inv[i] / s.factor + smooth * inv[i];
        }  // short wavelengths: unchanged
    }
    return {inv, 1.0};
}

void check_factor_list(const std::string& name, const std::vector<double>& list, int pairs) {
    if (int(list.size()) != pairs)
        throw InputError(name, std::to_string(list.size()) + " entries",
                         std::to_string(pairs) + " entries (rotary_dim / 2)");
    for (double v : list) check_positive_field(name, v);
}

// transformers _compute_longrope_parameters (LongRoPE, Ding et al. 2024; Phi-3).
RopeFrequencies longrope_frequencies(double base, int dim, const RopeScaling& s, long seq_len) {
    check_factor_list(field(s, "short_factor"), s.short_factor, dim / 2);
    check_factor_list(field(s, "long_factor"), s.long_factor, dim / 2);
    // Phi-3 keeps the pretraining length in original_max_position_embeddings and raises
    // max_position_embeddings; transformers then uses their ratio as the factor.
    long original = s.original_max_position_embeddings;
    double factor = s.factor;
    if (original > 0) {
        check_length("original_max_position_embeddings", original);
        check_length("max_position_embeddings", s.max_position_embeddings);
        factor = double(s.max_position_embeddings) / original;
    } else {
        original = s.max_position_embeddings;
        check_length("max_position_embeddings", original);
        check_factor(s, factor);
    }

    double attention = 1.0;
    if (s.attention_factor) {
        check_positive_field(field(s, "attention_factor"), *s.attention_factor);
        attention = *s.attention_factor;
    } else if (factor > 1.0) {
        attention = std::sqrt(1.0 + std::log(factor) / std::log(double(original)));
    }

    // Past the pretraining length the long factors apply (transformers' longrope_frequency_update).
    const std::vector<double>& ext = seq_len > original ? s.long_factor : s.short_factor;
    Vector inv = rope_inverse_frequencies(base, dim);
    for (int i = 0; i < dim / 2; ++i) inv[i] /= ext[i];  // 1 / (ext_i · base^(2i/d))
    return {inv, attention};
}

}  // namespace

Vector rope_inverse_frequencies(double base, int rotary_dim) {
    Vector inv(rotary_dim / 2);
    for (int i = 0; i < rotary_dim / 2; ++i) inv[i] = std::pow(base, -2.0 * i / rotary_dim);
    return inv;
}

RopeFrequencies rope_frequencies(double base, int rotary_dim, const RopeScaling& scaling,
                                 long seq_len) {
    check_base(base);
    check_even_dim(rotary_dim);
    const RopeScaling& s = scaling;
    const double d = rotary_dim;
    switch (s.type) {
        case RopeScalingType::None:  // _compute_default_rope_parameters
            return {rope_inverse_frequencies(base, rotary_dim), 1.0};
        case RopeScalingType::Linear:  // _compute_linear_scaling_rope_parameters (PI, Chen 2023)
            check_factor(s, s.factor);
            return {rope_inverse_frequencies(base, rotary_dim) / s.factor, 1.0};
        case RopeScalingType::Ntk:
            // Static NTK-aware scaling (bloc97, r/LocalLLaMA 2023): base' = base·α^(d/(d-2)), so
            // the slowest pair is interpolated by α while the fastest is nearly unchanged.
            // HunYuan's alpha may also be below 1 (a smaller base): any finite number > 0.
            if (s.factor_key == "alpha")
                check_positive_field(field(s, "alpha"), s.factor);
            else
                check_factor(s, s.factor);
            check_ntk_dim(rotary_dim);
            return {rope_inverse_frequencies(base * std::pow(s.factor, d / (d - 2.0)), rotary_dim),
                    1.0};
        case RopeScalingType::Dynamic: {
            // _compute_dynamic_ntk_parameters: the NTK base grows with the current length once it
            // passes max_position_embeddings. seq_len <= 0 stands for transformers' seq_len=None
            // (model load), which uses max_position_embeddings.
            check_factor(s, s.factor);
            check_ntk_dim(rotary_dim);
            check_length("max_position_embeddings", s.max_position_embeddings);
            const double max_pos = s.max_position_embeddings;
            const double len = std::max(double(seq_len), max_pos);
            const double scaled_base =
                base * std::pow(s.factor * len / max_pos - (s.factor - 1.0), d / (d - 2.0));
            return {rope_inverse_frequencies(scaled_base, rotary_dim), 1.0};
        }
        case RopeScalingType::Yarn:
            return yarn_frequencies(base, rotary_dim, s);
        case RopeScalingType::Llama3:
            return llama3_frequencies(base, rotary_dim, s);
        case RopeScalingType::LongRope:
            return longrope_frequencies(base, rotary_dim, s, seq_len);
        case RopeScalingType::Proportional:
            return proportional_frequencies(base, rotary_dim, s);
    }
    return {rope_inverse_frequencies(base, rotary_dim), 1.0};
}

RopeScaling pretrained_scaling(const RopeScaling& scaling) {
    RopeScaling pretrained;
    if (scaling.type == RopeScalingType::Proportional) {
        pretrained.type = RopeScalingType::Proportional;
        pretrained.proportion = scaling.proportion;
    }
    pretrained.max_position_embeddings = scaling.max_position_embeddings;
    pretrained.original_max_position_embeddings = scaling.original_max_position_embeddings;
    return pretrained;
}

bool extends_context(const RopeScaling& scaling) {
    if (scaling.type == RopeScalingType::Proportional) return scaling.factor != 1.0;
    return scaling.type != RopeScalingType::None;
}

std::string rope_scaling_name(RopeScalingType type) {
    switch (type) {
        case RopeScalingType::None:
            return "none";
        case RopeScalingType::Linear:
            return "linear";
        case RopeScalingType::Ntk:
            return "ntk";
        case RopeScalingType::Dynamic:
            return "dynamic";
        case RopeScalingType::Yarn:
            return "yarn";
        case RopeScalingType::Llama3:
            return "llama3";
        case RopeScalingType::LongRope:
            return "longrope";
        case RopeScalingType::Proportional:
            return "proportional";
    }
    return "none";
}

std::string rope_scaling_title(RopeScalingType type, const Text& t) {
    if (t.lang != "zh") return rope_scaling_name(type);
    switch (type) {
        case RopeScalingType::None:
            return "无缩放";
        case RopeScalingType::Linear:
            return "线性";
        case RopeScalingType::Ntk:
            return "NTK";
        case RopeScalingType::Dynamic:
            return "动态 NTK";
        case RopeScalingType::Yarn:
            return "YaRN";
        case RopeScalingType::Llama3:
            return "Llama 3";
        case RopeScalingType::LongRope:
            return "LongRoPE";
        case RopeScalingType::Proportional:
            return "按比例";
    }
    return rope_scaling_name(type);
}

RopeScalingType parse_rope_scaling_type(const std::string& name, const std::string& what) {
    // transformers' ROPE_INIT_FUNCTIONS keys, plus "none" and our "ntk" (static NTK-aware, which
    // transformers does not have), plus "su": Phi-3's name for longrope before the rename
    // (Phi3Config._rope_scaling_adjustment maps it to "longrope").
    if (name == "none" || name == "default") return RopeScalingType::None;
    if (name == "linear") return RopeScalingType::Linear;
    if (name == "ntk") return RopeScalingType::Ntk;
    if (name == "dynamic") return RopeScalingType::Dynamic;
    if (name == "yarn") return RopeScalingType::Yarn;
    if (name == "llama3") return RopeScalingType::Llama3;
    if (name == "longrope" || name == "su") return RopeScalingType::LongRope;
    if (name == "proportional") return RopeScalingType::Proportional;
    throw InputError(
        what, "\"" + name + "\"",
        "one of default, none, linear, ntk, dynamic, yarn, llama3, longrope, su, proportional");
}

}  // namespace posviz
