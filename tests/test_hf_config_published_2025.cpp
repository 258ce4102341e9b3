// Whole published config.json files of 2025–2026 models (tests/data/hf-configs-2025, provenance in
// SOURCES.md there), read as transformers reads them. Every expectation is derived in this file:
// from the numbers in the config (quoted in comments), from the config class defaults of
// transformers' configuration_<type>.py (cited where a key is missing), and from a second, simple
// implementation of modeling_rope_utils.py's formulas written below — never from what posviz
// prints. Families that only exist as remote code (no transformers class) are said so at their
// test, with the rule a careful tool should follow there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/formats/hf_config.h"

namespace posviz {

// Readable failures (gtest finds these by argument-dependent lookup; static: this file's own).
static void PrintTo(RopeScalingType t, std::ostream* out) {
    *out << rope_scaling_name(t);
}
static void PrintTo(AttentionKind k, std::ostream* out) {
    *out << attention_kind_name(k);
}
static void PrintTo(PositionKind k, std::ostream* out) {
    const char* names[] = {
        "Rope", "NoPE", "LearnedAbsolute", "LearnedRelative", "T5RelativeBuckets", "Alibi"};
    *out << names[int(k)];
}
static void PrintTo(RopeStyle s, std::ostream* out) {
    *out << (s == RopeStyle::Half ? "Half (rotate_half)" : "Interleaved");
}

namespace {

using std::numbers::pi;

ModelPositions model(const std::string& name) {
    return read_hf_config(std::string(POSVIZ_TEST_DATA_DIR) + "/hf-configs-2025/" + name);
}

// ---------------------------------------------------------------------------------------------
// The reference: transformers' modeling_rope_utils.py, re-derived in plain double arithmetic.
// dim is what the exponent divides by: int(head_dim · partial_rotary_factor) for every rope_type
// but HunYuan's alpha (which keeps the whole head_dim).

enum class RefType { Default, Linear, DynamicAtLoad, Yarn, Llama3, LongRopeAtLoad, HunYuanAlpha };

struct Ref {
    RefType type = RefType::Default;
    double base = 10000.0;
    int dim = 0;
    double factor = 1.0;    // linear, dynamic, yarn, llama3; HunYuan: alpha
    double original = 0.0;  // yarn, llama3, longrope: original_max_position_embeddings
    double beta_fast = 32.0, beta_slow = 1.0;
    bool truncate = true;
    double low_freq_factor = 1.0, high_freq_factor = 4.0;
    std::vector<double> short_factor = {};  // longrope at load (seq_len None) uses short_factor
};

std::vector<double> reference(const Ref& r) {
    const int d = r.dim;
    std::vector<double> out(size_t(d / 2));
    // _compute_default_rope_parameters: 1 / base^(arange(0, dim, 2) / dim)
    auto plain = [&](double base, int i) { return 1.0 / std::pow(base, 2.0 * i / d); };
    switch (r.type) {
        case RefType::Default:
            for (int i = 0; i < d / 2; ++i) out[i] = plain(r.base, i);
            break;
        case RefType::Linear:  // _compute_linear_scaling_rope_parameters: inv_freq / factor
            for (int i = 0; i < d / 2; ++i) out[i] = plain(r.base, i) / r.factor;
            break;
        case RefType::DynamicAtLoad: {
            // _compute_dynamic_ntk_parameters with seq_len = max_position_embeddings (model
            // load): base · ((factor·seq/max) − (factor − 1))^(dim/(dim−2)) = base · 1.
            const double base = r.base * std::pow(r.factor - (r.factor - 1), double(d) / (d - 2));
            for (int i = 0; i < d / 2; ++i) out[i] = plain(base, i);
            break;
        }
        case RefType::HunYuanAlpha: {
            // HunYuanDenseV1RotaryEmbedding (modeling_hunyuan_v1_dense.py) and the remote
            // HunYuanDynamicNTKAlphaRotaryEmbedding: base·alpha^(dim/(dim−2)), dim = head_dim.
            const double base = r.base * std::pow(r.factor, double(d) / (d - 2));
            for (int i = 0; i < d / 2; ++i) out[i] = plain(base, i);
            break;
        }
        case RefType::Yarn: {
            // _compute_yarn_parameters: find_correction_dim / find_correction_range (floor/ceil
            // when truncate), linear_ramp_factor (max += 0.001 when min == max), then
            // interpolation · (1 − extrapolation_factor) + extrapolation · extrapolation_factor.
            auto correction_dim = [&](double rotations) {
                return d * std::log(r.original / (rotations * 2 * pi)) / (2 * std::log(r.base));
            };
            double low = correction_dim(r.beta_fast), high = correction_dim(r.beta_slow);
            if (r.truncate) {
                low = std::floor(low);
                high = std::ceil(high);
            }
            low = std::max(low, 0.0);
            high = std::min(high, d - 1.0);
            if (low == high) high += 0.001;
            for (int i = 0; i < d / 2; ++i) {
                const double ramp = std::clamp((i - low) / (high - low), 0.0, 1.0);
                const double extrapolation_factor = 1 - ramp;
                const double pos_freq = std::pow(r.base, 2.0 * i / d);
                out[i] = 1.0 / (r.factor * pos_freq) * (1 - extrapolation_factor) +
                         1.0 / pos_freq * extrapolation_factor;
            }
            break;
        }
        case RefType::Llama3: {
            // _compute_llama3_parameters: wavelengths above original/low_freq_factor divided by
            // factor, below original/high_freq_factor kept, smoothed in between.
            const double low_wavelen = r.original / r.low_freq_factor;
            const double high_wavelen = r.original / r.high_freq_factor;
            for (int i = 0; i < d / 2; ++i) {
                const double inv = plain(r.base, i);
                const double wavelen = 2 * pi / inv;
                double v = wavelen > low_wavelen ? inv / r.factor : inv;
                if (!(wavelen < high_wavelen) && !(wavelen > low_wavelen)) {
                    const double smooth = (r.original / wavelen - r.low_freq_factor) /
                                          (r.high_freq_factor - r.low_freq_factor);
                    v = (1 - smooth) * v / r.factor + smooth * v;
                }
                out[i] = v;
            }
            break;
        }
        case RefType::LongRopeAtLoad:  // _compute_longrope_parameters, seq_len None
            for (int i = 0; i < d / 2; ++i)
                out[i] = 1.0 / (r.short_factor.at(i) * std::pow(r.base, 2.0 * i / d));
            break;
    }
    return out;
}

// posviz's table for one RoPE at model load, element-wise against the reference (rel. 1e-12):
// one failure per table, naming the first pair that differs and how many do.
void expect_table(const RopeScheme& scheme, const Ref& ref, const std::string& what) {
    const Vector got = scheme.encoding().frequencies(0).inverse_frequencies;
    const std::vector<double> want = reference(ref);
    ASSERT_EQ(got.size(), Eigen::Index(want.size())) << what;
    int wrong = 0;
    std::string first;
    for (size_t i = 0; i < want.size(); ++i) {
        const double g = got[Eigen::Index(i)];
        if (std::abs(g - want[i]) <= 1e-12 * std::abs(want[i])) continue;
        if (wrong++ == 0) {
            std::ostringstream s;
            s.precision(17);
            s << "pair " << i << ": posviz " << g << ", transformers " << want[i];
            first = s.str();
        }
    }
    EXPECT_EQ(wrong, 0) << what << ": " << wrong << " of " << want.size()
                        << " inverse frequencies differ; first " << first;
}

const RopeScheme& rope_of(const ModelPositions& m, int layer) {
    const LayerPositions& l = m.layers.at(size_t(layer));
    EXPECT_EQ(l.kind, PositionKind::Rope) << "layer " << layer;
    return m.ropes.at(size_t(l.rope));
}

constexpr AttentionKind Full = AttentionKind::Full;
constexpr AttentionKind Sliding = AttentionKind::Sliding;
constexpr AttentionKind Linear = AttentionKind::Linear;
constexpr AttentionKind None = AttentionKind::None;

// The schedule, layer by layer: attention kind and whether the layer applies RoPE, compared as
// one string per model (one letter a layer: F full, S sliding, C chunked, L linear/Mamba,
// N no attention; capital with RoPE, lower case without) so that a failure shows both schedules.
char letter(AttentionKind attention, bool rope) {
    const char c = attention == Full      ? 'F'
                   : attention == Sliding ? 'S'
                   : attention == Linear  ? 'L'
                   : attention == None    ? 'N'
                                          : 'C';
    return rope ? c : char(c - 'A' + 'a');
}

void expect_layers(const ModelPositions& m, const std::vector<AttentionKind>& attention,
                   const std::vector<bool>& rope) {
    EXPECT_EQ(m.num_layers, int(attention.size()));
    std::string want, got;
    for (size_t i = 0; i < attention.size(); ++i) want += letter(attention[i], rope[i]);
    for (const LayerPositions& l : m.layers)
        got += letter(l.attention, l.kind == PositionKind::Rope);
    EXPECT_EQ(got, want) << "F full, S sliding, L linear, N none; lower case: no RoPE";
}

// A schedule of n layers of one kind.
std::vector<AttentionKind> all(int n, AttentionKind kind) {
    return std::vector<AttentionKind>(size_t(n), kind);
}

// Every (interval)th layer full, the rest `other` (Qwen3-Next's full_attention_interval,
// Exaone4's and Olmo 3's "LLLG").
std::vector<AttentionKind> every(int n, int interval, AttentionKind other) {
    std::vector<AttentionKind> out;
    for (int i = 0; i < n; ++i) out.push_back((i + 1) % interval == 0 ? Full : other);
    return out;
}

std::vector<bool> rope_where(const std::vector<AttentionKind>& layers, AttentionKind kind) {
    std::vector<bool> out;
    for (AttentionKind k : layers) out.push_back(k == kind);
    return out;
}

// EXPECT_EQ(got, *want) where the test states want; failures name the model and the field.
template <class T>
void expect_stated(const T& got, const std::optional<T>& want, const std::string& what,
                   const char* field) {
    if (want) {
        EXPECT_EQ(got, *want) << what << ": " << field;
    }
}

// What a test derives of a whole model besides its model_type. expect_model asserts each field;
// the optional ones, text_model_type and the schedule only when set.
struct ExpectedModel {
    std::string text_model_type = {};        // the language model's
    PositionKind kind = PositionKind::Rope;  // NoPE: also no RoPE at all (ropes empty)
    std::vector<AttentionKind> layers = {};  // the schedule, layer by layer (expect_layers)
    std::vector<bool> rope = {};             // which of them apply RoPE; empty: every one
    std::optional<int> window = {};          // on the sliding layers; 0 on the others
    int max = 0;                             // max_position_embeddings
    std::optional<int> training_length = {};
    std::optional<int> chosen_layer = {};  // choose_layer(m, -1, ""): what the figures draw
};

void expect_model(const ModelPositions& m, const std::string& model_type, const ExpectedModel& e) {
    EXPECT_EQ(m.model_type, model_type);
    if (!e.text_model_type.empty()) {
        EXPECT_EQ(m.text_model_type, e.text_model_type);
    }
    EXPECT_EQ(m.kind, e.kind);
    if (e.kind == PositionKind::NoPE) {
        EXPECT_TRUE(m.ropes.empty());
    }
    if (!e.layers.empty()) {
        expect_layers(m, e.layers,
                      e.rope.empty() ? std::vector<bool>(e.layers.size(), true) : e.rope);
    }
    for (size_t i = 0; e.window && i < e.layers.size(); ++i)
        EXPECT_EQ(m.layers.at(i).window, e.layers[i] == Sliding ? *e.window : 0) << i;
    EXPECT_EQ(m.max_position_embeddings, e.max);
    expect_stated(m.training_length, e.training_length, model_type, "training_length");
    if (e.chosen_layer) {
        EXPECT_EQ(choose_layer(m, -1, ""), *e.chosen_layer);
    }
}

// What a test derives of one RoPE. expect_rope asserts each field (the optional ones only when
// set; factor with any scaling) and compares posviz's table with the reference built from the
// same numbers: rope_type from `scaling` (ntk read from "alpha": HunYuan's rule), dim =
// rotary_dim (HunYuan's alpha: head_dim), transformers' defaults for what is unset (beta 32/1,
// truncate, low/high 1/4).
struct ExpectedRope {
    double base = 0;
    int head_dim = 0;
    int rotary_dim = 0;
    std::optional<double> partial_rotary_factor = {};
    std::optional<int> qk_head_dim = {};  // MLA: the head the softmax scale divides
    RopeStyle style = RopeStyle::Half;
    RopeScalingType scaling = RopeScalingType::None;
    std::optional<std::string> factor_key = {};
    double factor = 1.0;
    std::optional<int> original = {};  // original_max_position_embeddings
    std::optional<double> beta_fast = {}, beta_slow = {};
    std::optional<bool> truncate = {};
    std::optional<double> low_freq_factor = {}, high_freq_factor = {};
    std::optional<double> attention_factor = {};  // at load
    std::optional<double> softmax_scale = {};     // to 1e-14
    std::vector<int> mrope_section = {};          // empty: not asserted
};

Ref reference_of(const ExpectedRope& e) {
    Ref ref{.base = e.base,
            .dim = e.rotary_dim,
            .factor = e.factor,
            .original = double(e.original.value_or(0)),
            .beta_fast = e.beta_fast.value_or(32.0),
            .beta_slow = e.beta_slow.value_or(1.0),
            .truncate = e.truncate.value_or(true),
            .low_freq_factor = e.low_freq_factor.value_or(1.0),
            .high_freq_factor = e.high_freq_factor.value_or(4.0)};
    if (e.scaling == RopeScalingType::Yarn) ref.type = RefType::Yarn;
    if (e.scaling == RopeScalingType::Llama3) ref.type = RefType::Llama3;
    if (e.scaling == RopeScalingType::Ntk && e.factor_key == "alpha") {
        ref.type = RefType::HunYuanAlpha;
        ref.dim = e.head_dim;
    } else if (ref.type == RefType::Default && e.scaling != RopeScalingType::None) {
        ADD_FAILURE() << "no reference for " << rope_scaling_name(e.scaling);
    }
    return ref;
}

void expect_rope(const RopeScheme& r, const ExpectedRope& e, const std::string& what) {
    EXPECT_EQ(r.base, e.base) << what;
    EXPECT_EQ(r.head_dim, e.head_dim) << what;
    EXPECT_EQ(r.rotary_dim, e.rotary_dim) << what;
    if (e.partial_rotary_factor) {
        EXPECT_DOUBLE_EQ(r.partial_rotary_factor, *e.partial_rotary_factor) << what;
    }
    expect_stated(r.qk_head_dim, e.qk_head_dim, what, "qk_head_dim");
    EXPECT_EQ(r.style, e.style) << what;
    EXPECT_EQ(r.scaling.type, e.scaling) << what;
    expect_stated(r.scaling.factor_key, e.factor_key, what, "factor_key");
    if (e.scaling != RopeScalingType::None) {
        EXPECT_EQ(r.scaling.factor, e.factor) << what;
    }
    expect_stated(r.scaling.original_max_position_embeddings, e.original, what, "original");
    expect_stated(r.scaling.beta_fast, e.beta_fast, what, "beta_fast");
    expect_stated(r.scaling.beta_slow, e.beta_slow, what, "beta_slow");
    expect_stated(r.scaling.truncate, e.truncate, what, "truncate");
    expect_stated(r.scaling.low_freq_factor, e.low_freq_factor, what, "low_freq_factor");
    expect_stated(r.scaling.high_freq_factor, e.high_freq_factor, what, "high_freq_factor");
    expect_stated(r.encoding().frequencies(0).attention_factor, e.attention_factor, what,
                  "attention_factor");
    if (e.softmax_scale) {
        EXPECT_NEAR(r.softmax_scale, *e.softmax_scale, 1e-14) << what;
    }
    if (!e.mrope_section.empty()) {
        EXPECT_EQ(r.mrope_section, e.mrope_section) << what;
    }
    expect_table(r, reference_of(e), what);
}

// ---------------------------------------------------------------------------------------------

TEST(HfConfigPublished2025, Qwen3_8B) {
    // qwen3: rope_theta 1000000.0, rope_scaling null, 4096 / 32 heads, no head_dim key
    // (Qwen3Config's default head_dim 128, configuration_qwen3.py; = 4096/32 anyway),
    // use_sliding_window false, max_position_embeddings 40960, 36 layers.
    // Pairing: modeling_qwen3.py apply_rotary_pos_emb uses rotate_half.
    const ModelPositions m = model("qwen3-8b.json");
    expect_model(m, "qwen3", {.layers = all(36, Full), .max = 40960, .training_length = 0});
    for (const LayerPositions& l : m.layers) EXPECT_EQ(l.window, 0);
    ASSERT_EQ(m.ropes.size(), 1u);
    expect_rope(rope_of(m, 0), {.base = 1e6, .head_dim = 128, .rotary_dim = 128}, "qwen3");
}

TEST(HfConfigPublished2025, Olmo3_1_32BInstruct) {
    // olmo3: layer_types "LLLG" × 16 (sliding_window 4096), rope_theta 500000 (an integer),
    // 5120 / 40 heads = 128, rope_scaling yarn factor 8, original 8192, beta 32/1,
    // attention_factor 1.2079441541679836 (explicit), no truncate key (default true);
    // max_position_embeddings 65536.
    // Sliding layers: "RoPE scaling is not applied to sliding window attention layers"
    // (modular_olmo3.py, Olmo3Model; transformers 4.57's rotary_embs = {"sliding_attention":
    // Olmo3RotaryEmbedding(config, rope_type="default"), "full_attention":
    // Olmo3RotaryEmbedding(config)}; PR #45945 restores it after a 5.x refactor used one
    // rotary_emb). Pairing: rotate_half (modeling_olmo3.py apply_rotary_pos_emb).
    const ModelPositions m = model("olmo-3.1-32b-instruct.json");
    const std::vector<AttentionKind> layers = every(64, 4, Sliding);
    expect_model(m, "olmo3",
                 {.layers = layers,
                  .window = 4096,
                  .max = 65536,
                  .training_length = 8192,
                  .chosen_layer = 3});

    expect_rope(rope_of(m, 3),
                {.base = 5e5,
                 .head_dim = 128,
                 .rotary_dim = 128,
                 .scaling = RopeScalingType::Yarn,
                 .factor = 8,
                 .original = 8192,
                 .truncate = true,
                 .attention_factor = 1.2079441541679836},
                "olmo3 full");
    for (int i = 0; i < 64; ++i) {
        if (layers[size_t(i)] == Full) {
            EXPECT_EQ(m.layers[size_t(i)].rope, m.layers[3].rope) << i;
        }
    }

    expect_rope(rope_of(m, 0),
                {.base = 5e5, .head_dim = 128, .rotary_dim = 128, .attention_factor = 1.0},
                "olmo3 sliding");
}

TEST(HfConfigPublished2025, Qwen3_5_9B) {
    // qwen3_5 / text qwen3_5_text: layer_types linear_attention ×3 + full_attention, 32 layers
    // (also full_attention_interval 4, which agrees); head_dim 256; rope_parameters {rope_theta
    // 10000000, partial_rotary_factor 0.25, rope_type default, mrope_interleaved, mrope_section
    // [11, 11, 10]} → rotary_dim int(256 · 0.25) = 64, 32 pairs = 11 + 11 + 10.
    // Qwen3_5TextConfig.__post_init__ would also default partial_rotary_factor to 0.25
    // (configuration_qwen3_5.py). Linear-attention (Gated DeltaNet) layers have no positions.
    // Pairing: rotate_half on the first rotary_dim dims (modeling_qwen3_5.py
    // apply_rotary_pos_emb); mrope_interleaved chooses which pairs follow T/H/W, not the pairing.
    const ModelPositions m = model("qwen3.5-9b.json");
    const std::vector<AttentionKind> layers = every(32, 4, Linear);
    expect_model(m, "qwen3_5",
                 {.layers = layers,
                  .rope = rope_where(layers, Full),
                  .max = 262144,
                  .training_length = 0,
                  .chosen_layer = 3});
    expect_rope(rope_of(m, 3),
                {.base = 1e7,
                 .head_dim = 256,
                 .rotary_dim = 64,
                 .partial_rotary_factor = 0.25,
                 .mrope_section = {11, 11, 10}},
                "qwen3.5");
}

TEST(HfConfigPublished2025, Exaone4_5_33B) {
    // exaone4_5 with text_config exaone4_5_text (renamed to exaone4 by Exaone4_5_Config,
    // configuration_exaone4_5.py). layer_types "LLLG" × 16, sliding_window 4096; θ only inside
    // rope_scaling: {rope_type llama3, factor 16, low 1, high 4, original 8192, rope_theta 1e6}
    // (transformers 5: rope_parameters = rope_scaling, whose rope_theta wins). 5120 / 40 heads
    // = 128 (Exaone4Config has no head_dim field). max_position_embeddings 262144.
    // Full layers are NoPE: Exaone4Attention.forward "We use global NoPE for hybrid attention
    // model: if self.sliding_window is None or self.is_sliding: apply_rotary_pos_emb(...)"
    // (modeling_exaone4.py). Pairing: rotate_half (Llama's apply_rotary_pos_emb).
    const ModelPositions m = model("exaone-4.5-33b.json");
    const std::vector<AttentionKind> layers = every(64, 4, Sliding);
    expect_model(m, "exaone4_5",
                 {.layers = layers,
                  .rope = rope_where(layers, Sliding),
                  .window = 4096,
                  .max = 262144,
                  .training_length = 8192});
    expect_rope(rope_of(m, 0),
                {.base = 1e6,
                 .head_dim = 128,
                 .rotary_dim = 128,
                 .scaling = RopeScalingType::Llama3,
                 .factor = 16,
                 .original = 8192,
                 .low_freq_factor = 1.0,
                 .high_freq_factor = 4.0},
                "exaone4.5");
}

TEST(HfConfigPublished2025, Lfm2_5Vl1_6B) {
    // lfm2_vl / text lfm2: layer_types mix "conv" (short convolution, no token mixing by
    // attention) and "full_attention", 16 layers; rope_parameters {rope_theta 1e6, default};
    // 2048 / 32 heads = 64 (Lfm2Config has no head_dim; Lfm2Attention uses hidden/heads).
    // max_position_embeddings 128000. Pairing: rotate_half (modeling_lfm2.py).
    const ModelPositions m = model("lfm2.5-vl-1.6b.json");
    const std::vector<AttentionKind> layers = {None, None, Full, None, None, Full, None, None,
                                               Full, None, Full, None, Full, None, Full, None};
    expect_model(m, "lfm2_vl",
                 {.text_model_type = "lfm2",
                  .layers = layers,
                  .rope = rope_where(layers, Full),
                  .max = 128000,
                  .chosen_layer = 2});
    for (size_t i = 0; i < layers.size(); ++i) {
        if (layers[i] == None) {
            EXPECT_EQ(m.layers[i].mixer, "conv") << i;
        }
    }
    expect_rope(rope_of(m, 2), {.base = 1e6, .head_dim = 64, .rotary_dim = 64}, "lfm2");
}

TEST(HfConfigPublished2025, VoxtralMini3B2507) {
    // voxtral / text llama: rope_theta 1e8, rope_scaling null, head_dim 128 (explicit; not
    // 3072/32 = 96), 30 layers, max_position_embeddings 131072. rotate_half (modeling_llama.py).
    const ModelPositions m = model("voxtral-mini-3b-2507.json");
    expect_model(m, "voxtral",
                 {.text_model_type = "llama", .layers = all(30, Full), .max = 131072});
    expect_rope(rope_of(m, 0), {.base = 1e8, .head_dim = 128, .rotary_dim = 128}, "voxtral");
}

// HunYuan's static NTK by alpha (whatever rope_scaling's "dynamic" says): base · alpha^(d/(d−2))
// over the whole head, attention factor 1 (the tests below cite both implementations).
void expect_hunyuan_alpha(const RopeScheme& r, double theta, int head_dim, double alpha,
                          const std::string& what) {
    expect_rope(r,
                {.base = theta,
                 .head_dim = head_dim,
                 .rotary_dim = head_dim,
                 .scaling = RopeScalingType::Ntk,
                 .factor_key = "alpha",
                 .factor = alpha,
                 .attention_factor = 1.0},
                what);
}

TEST(HfConfigPublished2025, HunyuanA13BInstruct) {
    // model_type "hunyuan": the vendor's remote code (auto_map configuration_hunyuan /
    // hunyuan.HunYuanMoEV1ForCausalLM), not a transformers class. That code's
    // HunYuanDynamicNTKAlphaRotaryEmbedding (modeling_hunyuan.py) is what rope_scaling {type
    // dynamic, alpha 1000.0, factor 1.0} selects: base = 10000 · 1000^(128/126), inv_freq over the
    // whole head, emb = cat(freqs, freqs) with rotate_half — the same rule as transformers'
    // HunYuanDenseV1/MoeV1 rotary embedding. attention_head_dim 128 = 4096 / 32 heads.
    // 32 layers (use_cla false, use_mla false), max_position_embeddings 32768.
    const ModelPositions m = model("hunyuan-a13b-instruct.json");
    expect_model(m, "hunyuan", {.layers = all(32, Full), .max = 32768});
    expect_hunyuan_alpha(rope_of(m, 0), 1e4, 128, 1000, "hunyuan a13b");
}

TEST(HfConfigPublished2025, HyMt2_7B) {
    // hunyuan_v1_dense (transformers' HunYuanDenseV1Config): rope_scaling {type dynamic, alpha
    // 1000.0, factor 1.0, ...}, rope_theta 10000.0, head_dim 128; HunYuanDenseV1RotaryEmbedding
    // (modeling_hunyuan_v1_dense.py): "if self.rope_type == 'dynamic' and
    // self.config.rope_parameters.get('alpha'): self.dim = config.head_dim; base = rope_theta *
    // alpha ** (head_dim / (head_dim - 2)); ... self.attention_scaling = 1.0". rotate_half.
    // 32 layers, max_position_embeddings 262144.
    const ModelPositions m = model("hy-mt2-7b.json");
    EXPECT_TRUE(m.assumption.empty()) << m.assumption.en;  // a transformers model type
    expect_model(m, "hunyuan_v1_dense", {.layers = all(32, Full), .max = 262144});
    expect_hunyuan_alpha(rope_of(m, 0), 1e4, 128, 1000, "hy-mt2");
}

// MLA models (DeepSeek V3's attention): RoPE on qk_rope_head_dim 64 of a larger query/key head
// (qk_head_dim), interleaved pairs (DeepSeek's apply_rotary_pos_emb de-interleaves q and k).
void expect_mla(const RopeScheme& r, ExpectedRope e, const std::string& what) {
    e.head_dim = 64;
    e.rotary_dim = 64;
    e.style = RopeStyle::Interleaved;
    expect_rope(r, e, what);
}

TEST(HfConfigPublished2025, KimiK2Instruct) {
    // kimi_k2: no transformers class; auto_map points to DeepSeek V3's remote code
    // (modeling_deepseek.DeepseekV3ForCausalLM), the same as transformers' deepseek_v3.
    // MLA: qk_rope_head_dim 64 (+ qk_nope_head_dim 128 = 192); rope_theta 50000.0; rope_scaling
    // {type yarn, factor 32, original 4096, beta_fast 1.0, beta_slow 1.0, mscale 1.0,
    // mscale_all_dim 1.0}; 61 layers; max 131072. DeepSeek's apply_rotary_pos_emb de-interleaves
    // q/k (view(..., d//2, 2).transpose) before rotate_half: pairs (2i, 2i+1).
    // With beta_fast = beta_slow = 1: correction_dim(1) = 64·ln(4096/2π) / (2 ln 50000) = 19.17,
    // floor 19 / ceil 20: a one-pair ramp. Attention factor mscale/mscale_all_dim = 1; the
    // softmax scale is multiplied by yarn_get_mscale(32, 1)² = (0.1 ln 32 + 1)².
    const ModelPositions m = model("kimi-k2-instruct.json");
    expect_model(m, "kimi_k2", {.layers = all(61, Full), .max = 131072, .training_length = 4096});
    expect_mla(rope_of(m, 0),
               {.base = 5e4,
                .qk_head_dim = 192,
                .scaling = RopeScalingType::Yarn,
                .factor = 32,
                .original = 4096,
                .beta_fast = 1,
                .beta_slow = 1,
                .attention_factor = 1.0,
                .softmax_scale = std::pow(0.1 * std::log(32.0) + 1, 2)},
               "kimi-k2");
}

TEST(HfConfigPublished2025, KimiK3) {
    // (File rebuilt by hand from an excerpt, see SOURCES.md.) kimi_k3 wrapping text_config
    // kimi_linear (transformers' KimiLinearConfig, configuration_kimi_linear.py): layer_types
    // from linear_attn_config, "layer_types[layer - 1] = 'full_attention'" for full_attn_layers
    // and "linear_attention" for kda_layers (1-based); 93 layers, full at 4, 8, ..., 88, 92, 93.
    // mla_use_nope true: "the MLA full-attention layers operate in pure NoPE mode (no rotary
    // positional encoding)"; KDA layers are linear attention. No rope_theta anywhere: a NoPE
    // model. max_position_embeddings 1048576.
    const ModelPositions m = model("kimi-k3.json");
    std::vector<AttentionKind> layers = all(93, Linear);
    for (int one_based = 4; one_based <= 92; one_based += 4) layers[size_t(one_based - 1)] = Full;
    layers[92] = Full;  // layer 93
    expect_model(m, "kimi_k3",
                 {.text_model_type = "kimi_linear",
                  .kind = PositionKind::NoPE,
                  .layers = layers,
                  .rope = std::vector<bool>(93, false),
                  .max = 1048576,
                  .training_length = 0});
}

TEST(HfConfigPublished2025, Nemotron3Nano30BA3B) {
    // nemotron_h: hybrid_override_pattern "MEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME"
    // → NemotronHConfig._pattern_to_list: M linear_attention (Mamba2), E moe, * full_attention
    // (configuration_nemotron_h.py). NemotronHConfig has no rope_parameters field and its
    // attention applies no rotary embedding: rope_theta 10000 and partial_rotary_factor 1.0 in
    // the file are unused. A NoPE model, described, not refused. max_position_embeddings 262144.
    const ModelPositions m = model("nemotron-3-nano-30b-a3b.json");
    const std::string pattern = "MEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME";
    std::vector<AttentionKind> layers;
    for (char c : pattern) layers.push_back(c == 'M' ? Linear : c == '*' ? Full : None);
    expect_model(m, "nemotron_h",
                 {.kind = PositionKind::NoPE,
                  .layers = layers,
                  .rope = std::vector<bool>(52, false),
                  .max = 262144});
    for (int i : {5, 12, 19, 26, 33, 42}) EXPECT_EQ(m.layers[size_t(i)].attention, Full) << i;
    EXPECT_NE(describe_positions(m).find("NoPE"), std::string::npos);
}

TEST(HfConfigPublished2025, MimoV2_5) {
    // (File rebuilt by hand from an excerpt, see SOURCES.md.) mimo_v2 is remote code only
    // (auto_map configuration_mimo_v2 / modeling_mimo_v2). transformers registers only
    // "mimo_v2_flash" (MiMoV2FlashConfig: layer_types full at i == 0 or (i+1) % 6 == 0, per-type
    // rope_parameters, and convert_rope_params_to_dict returning kwargs, so it would not read
    // rope_theta / swa_rope_theta either); AutoConfig refuses "mimo_v2" without remote code. The
    // remote code reads hybrid_layer_pattern (1 = sliding window 128 at swa_rope_theta 10000,
    // 0 = full at rope_theta 1e7), which no transformers rule says. A careful tool does not guess
    // at a remote convention: it reads the keys transformers' general rules know as written —
    // rope_theta 10000000, head_dim 192, partial_rotary_factor 0.334 → int(192 · 0.334) = 64,
    // rope_scaling {rope_type default} — Llama's conventions for the rest (every layer
    // RoPE at rope_theta, rotate_half), and says that it assumed so. The first layer (pattern 0,
    // what the figures draw by default) is right either way. Attention kinds are not asserted:
    // Llama ignores sliding_window, Mistral reads it, and either is defensible for an unknown type.
    // 48 layers, max_position_embeddings 1048576.
    const ModelPositions m = model("mimo-v2.5.json");
    EXPECT_NE(m.assumption.en.find("mimo_v2"), std::string::npos) << m.assumption.en;
    expect_model(m, "mimo_v2", {.max = 1048576, .chosen_layer = 0});
    ASSERT_EQ(m.num_layers, 48);
    ASSERT_EQ(m.layers.size(), 48u);
    for (int i = 0; i < 48; ++i) {
        expect_rope(rope_of(m, i), {.base = 1e7, .head_dim = 192, .rotary_dim = 64},
                    "mimo_v2 layer " + std::to_string(i));
    }
}

TEST(HfConfigPublished2025, MiniMaxM2_7) {
    // minimax_m2 (transformers' MiniMaxM2Config): "rotary_dim = kwargs.pop('rotary_dim',
    // head_dim) ... partial_rotary_factor = rotary_dim / head_dim" (configuration_minimax_m2.py)
    // → 64 / 128 = 0.5, 64 dims; rope_theta 5000000 (default_theta 5e6 as well); 62 layers, all
    // softmax attention (attn_type_list all 1; MiniMaxM2Model has no linear layers);
    // max_position_embeddings 204800. MiniMaxM2RotaryEmbedding = Glm4MoeRotaryEmbedding, with
    // glm4_moe's apply_rotary_pos_emb: rotate_half on the first rotary_dim dims.
    const ModelPositions m = model("minimax-m2.7.json");
    EXPECT_TRUE(m.assumption.empty()) << m.assumption.en;
    expect_model(m, "minimax_m2", {.layers = all(62, Full), .max = 204800});
    expect_rope(rope_of(m, 0), {.base = 5e6, .head_dim = 128, .rotary_dim = 64}, "minimax-m2.7");
}

TEST(HfConfigPublished2025, MiniMaxM3) {
    // (File rebuilt by hand from an excerpt, see SOURCES.md.) minimax_m3_vl: transformers'
    // MiniMaxM3VLConfig (configuration_minimax_m3_vl.py) pops text_config's model_type (absent
    // here anyway) and builds MiniMaxM3VLTextConfig: rotary_dim 64 ("Number of head channels
    // rotated by RoPE; the remaining channels are passed through unchanged"; the file's
    // partial_rotary_factor 0.5 of head_dim 128 agrees), default_theta 5e6 = the file's
    // rope_theta 5000000, no rope_scaling. __post_init__: "layer_types = ['minimax_m3_sparse' if f
    // else 'full_attention' for f in sparse_attention_config['sparse_attention_freq']]" → layers
    // 0-2 full_attention, 3-59 minimax_m3_sparse: block-top-k sparse attention over the whole
    // context, so full in reach, with RoPE. rotate_half as in MiniMax M2 (Glm4Moe's
    // apply_rotary_pos_emb). 60 layers, max_position_embeddings 1048576 (file; class 524288).
    const ModelPositions m = model("minimax-m3.json");
    EXPECT_TRUE(m.assumption.empty()) << m.assumption.en;  // a transformers model type
    expect_model(m, "minimax_m3_vl", {.layers = all(60, Full), .max = 1048576});
    std::vector<std::string> types(3, "full_attention"), got;
    types.resize(60, "minimax_m3_sparse");
    for (const LayerPositions& l : m.layers) got.push_back(l.type);
    EXPECT_EQ(got, types);
    expect_rope(rope_of(m, 0), {.base = 5e6, .head_dim = 128, .rotary_dim = 64}, "minimax-m3");
}

TEST(HfConfigPublished2025, Qwen3Next80BA3BInstruct) {
    // qwen3_next: no layer_types; Qwen3NextConfig.__post_init__: "interval_pattern =
    // kwargs.pop('full_attention_interval', 4); layer_types = ['linear_attention' if
    // bool((i + 1) % interval_pattern) else 'full_attention' ...]" (configuration_qwen3_next.py)
    // → full at 3, 7, ..., 47 of 48. partial_rotary_factor 0.25 (top level; also the class's
    // setdefault), head_dim 256 → 64 dims; rope_theta 10000000 (an integer), rope_scaling null;
    // max_position_embeddings 262144. rotate_half (modeling_qwen3_next.py apply_rotary_pos_emb).
    const ModelPositions m = model("qwen3-next-80b-a3b-instruct.json");
    const std::vector<AttentionKind> layers = every(48, 4, Linear);
    expect_model(
        m, "qwen3_next",
        {.layers = layers, .rope = rope_where(layers, Full), .max = 262144, .chosen_layer = 3});
    expect_rope(rope_of(m, 3),
                {.base = 1e7, .head_dim = 256, .rotary_dim = 64, .partial_rotary_factor = 0.25},
                "qwen3-next");
}

// Qwen3-VL (dense and MoE): text_config.rope_scaling {mrope_interleaved true, mrope_section
// [24, 20, 20], rope_type default} beside rope_theta 5000000 (the 4.57 layout); head_dim 128
// (64 pairs = 24 + 20 + 20); text tokens use one position for T, H and W, so their frequencies
// are the default ones. rotate_half (modeling_qwen3_vl.py apply_rotary_pos_emb).
void expect_qwen3_vl(const ModelPositions& m, const std::string& type, const std::string& text,
                     int layers) {
    expect_model(m, type,
                 {.text_model_type = text,
                  .layers = all(layers, Full),
                  .max = 262144,
                  .training_length = 0});
    expect_rope(rope_of(m, 0),
                {.base = 5e6, .head_dim = 128, .rotary_dim = 128, .mrope_section = {24, 20, 20}},
                type);
}

TEST(HfConfigPublished2025, Qwen3Vl8BInstruct) {
    const ModelPositions m = model("qwen3-vl-8b-instruct.json");
    expect_qwen3_vl(m, "qwen3_vl", "qwen3_vl_text", 36);  // 4096 / 32 heads, head_dim 128
}

TEST(HfConfigPublished2025, Qwen3Vl30BA3BInstruct) {
    const ModelPositions m = model("qwen3-vl-30b-a3b-instruct.json");
    // 2048 / 32 heads = 64, but head_dim 128 is explicit
    expect_qwen3_vl(m, "qwen3_vl_moe", "qwen3_vl_moe_text", 48);
}

// A plain Llama-like RoPE model: every layer full attention with RoPE at one θ over the whole head.
void expect_plain(const ModelPositions& m, const std::string& type, int layers, double theta,
                  int head_dim, int max, RopeStyle style = RopeStyle::Half) {
    expect_model(m, type, {.layers = all(layers, Full), .max = max});
    expect_rope(rope_of(m, 0),
                {.base = theta, .head_dim = head_dim, .rotary_dim = head_dim, .style = style},
                type);
}

TEST(HfConfigPublished2025, Granite3_3_8BInstruct) {
    // granite: rope_theta 10000000.0, rope_scaling null, 4096 / 32 = 128, 40 layers, max
    // 131072; rotate_half (modeling_granite.py, Llama's apply_rotary_pos_emb).
    const ModelPositions m = model("granite-3.3-8b-instruct.json");
    expect_plain(m, "granite", 40, 1e7, 128, 131072);
}

TEST(HfConfigPublished2025, Olmo2_1124_7BInstruct) {
    // olmo2: rope_theta 500000 (an integer), rope_scaling null, 4096 / 32 = 128, 32 layers, max
    // 4096; rotate_half (modeling_olmo2.py).
    const ModelPositions m = model("olmo-2-1124-7b-instruct.json");
    expect_plain(m, "olmo2", 32, 5e5, 128, 4096);
}

TEST(HfConfigPublished2025, Mixtral8x7B) {
    // mixtral: rope_theta 1000000.0, sliding_window null (no window), 4096 / 32 = 128, 32 layers,
    // max 32768; rotate_half (modeling_mixtral.py).
    const ModelPositions m = model("mixtral-8x7b-v0.1.json");
    expect_plain(m, "mixtral", 32, 1e6, 128, 32768);
    for (const LayerPositions& l : m.layers) EXPECT_EQ(l.window, 0);
}

TEST(HfConfigPublished2025, Qwen3_235BA22BInstruct2507) {
    // qwen3_moe: rope_theta 5000000, head_dim 128 (explicit; 4096/64 would be 64),
    // use_sliding_window false, 94 layers, max 262144; rotate_half (modeling_qwen3_moe.py).
    const ModelPositions m = model("qwen3-235b-a22b-instruct-2507.json");
    expect_plain(m, "qwen3_moe", 94, 5e6, 128, 262144);
}

TEST(HfConfigPublished2025, Ernie4_5_0_3BPt) {
    // ernie4_5: rope_theta 500000, head_dim 128, 18 layers, max 131072, no rope_scaling.
    // Ernie4_5's apply_rotary_pos_emb repeat_interleaves cos/sin and rotates adjacent pairs
    // (modeling_ernie4_5.py, "glm rope style"): interleaved pairs.
    const ModelPositions m = model("ernie-4.5-0.3b-pt.json");
    expect_plain(m, "ernie4_5", 18, 5e5, 128, 131072, RopeStyle::Interleaved);
}

TEST(HfConfigPublished2025, Starcoder2_15B) {
    // starcoder2: rope_theta 100000, sliding_window 4096 on every layer (Starcoder2Attention
    // passes config.sliding_window to each layer), 6144 / 48 = 128, all of it rotated (no
    // partial_rotary_factor), no rope_scaling, 40 layers, max 16384; rotate_half
    // (modeling_starcoder2.py).
    const ModelPositions m = model("starcoder2-15b.json");
    expect_model(m, "starcoder2", {.layers = all(40, Sliding), .window = 4096, .max = 16384});
    expect_rope(rope_of(m, 0), {.base = 1e5, .head_dim = 128, .rotary_dim = 128}, "starcoder2");
}

TEST(HfConfigPublished2025, DeepSeekV3_2) {
    // deepseek_v32: as DeepSeek V3 — qk_rope_head_dim 64 + qk_nope 128, rope_theta 10000,
    // rope_scaling {type yarn, factor 40, original 4096, beta 32/1, mscale 1.0/1.0}, interleaved
    // pairs (rope_interleave, DeepSeek's de-interleaving apply_rotary_pos_emb); 61 layers, all
    // attending to the whole context (the sparse indexer picks keys, not a window); max 163840.
    const ModelPositions m = model("deepseek-v3.2.json");
    expect_model(m, "deepseek_v32",
                 {.layers = all(61, Full), .max = 163840, .training_length = 4096});
    expect_mla(rope_of(m, 0),
               {.base = 1e4,
                .qk_head_dim = 192,
                .scaling = RopeScalingType::Yarn,
                .factor = 40,
                .original = 4096,
                .attention_factor = 1.0,
                .softmax_scale = std::pow(0.1 * std::log(40.0) + 1, 2)},
               "deepseek-v3.2");
}

TEST(HfConfigPublished2025, Glm4_7Flash) {
    // glm4_moe_lite: MLA (qk_rope_head_dim 64 + qk_nope_head_dim 192 = 256), top-level
    // rope_theta 1000000, rope_scaling null, partial_rotary_factor 1.0; Glm4MoeLiteConfig is
    // DeepseekV3Config's (rope_interleave default True): interleaved pairs. 47 layers, max 202752.
    const ModelPositions m = model("glm-4.7-flash.json");
    expect_model(m, "glm4_moe_lite", {.layers = all(47, Full), .max = 202752});
    expect_mla(rope_of(m, 0), {.base = 1e6, .qk_head_dim = 256}, "glm-4.7-flash");
}

TEST(HfConfigPublished2025, Glm5_1) {
    // glm_moe_dsa: rope_parameters {rope_theta 1000000, default}, rope_interleave true,
    // qk_rope_head_dim 64 + qk_nope_head_dim 192 = 256; 78 layers, max 202752.
    const ModelPositions m = model("glm-5.1.json");
    expect_model(m, "glm_moe_dsa", {.layers = all(78, Full), .max = 202752});
    expect_mla(rope_of(m, 0), {.base = 1e6, .qk_head_dim = 256}, "glm-5.1");
}

TEST(HfConfigPublished2025, DeepSeekV4Flash) {
    // deepseek_v4: qk_rope_head_dim 64 of head_dim 512, rope_theta 10000 with yarn ×16 over
    // original 65536, max 1048576, 43 layers. (Its compressed-attention layers' second θ,
    // compress_rope_theta, is not asserted here: only what every reading agrees on.)
    const ModelPositions m = model("deepseek-v4-flash.json");
    expect_model(m, "deepseek_v4", {.max = 1048576, .training_length = 65536});
    EXPECT_EQ(m.num_layers, 43);
}

TEST(HfConfigPublished2025, MiniMaxM1) {
    // minimax_m1: remote code (MiniMaxM1ForCausalLM; transformers registers "minimax" only).
    // General rule: keys as written — rope_theta 10000000, head_dim 128, rotary_dim 64, no
    // rope_scaling — Llama's conventions otherwise, with the assumption said. attn_type_list
    // (0 lightning/linear, 1 softmax) is a remote-code key: layer kinds are not asserted. 80
    // layers.
    const ModelPositions m = model("minimax-m1.json");
    EXPECT_EQ(m.model_type, "minimax_m1");
    EXPECT_NE(m.assumption.en.find("minimax_m1"), std::string::npos) << m.assumption.en;
    EXPECT_EQ(m.num_layers, 80);
    expect_rope(m.ropes.at(0), {.base = 1e7, .head_dim = 128, .rotary_dim = 64}, "minimax-m1");
}

// Learned absolute tables: RoBERTa reads row position + padding_idx + 1 (create_position_ids_
// from_input_ids), BART row position + 2 (BartLearnedPositionalEmbedding offset 2).
void expect_learned(const ModelPositions& m, int rows, int offset) {
    EXPECT_EQ(m.kind, PositionKind::LearnedAbsolute);
    EXPECT_TRUE(m.ropes.empty());
    EXPECT_EQ(m.table_rows, rows);
    EXPECT_EQ(m.table_offset, offset);
}

TEST(HfConfigPublished2025, RobertaLargeSquad2) {
    // roberta: max_position_embeddings 514, pad_token_id 1 → offset 2; 1024 wide, 24 layers.
    const ModelPositions m = model("roberta-large-squad2.json");
    expect_learned(m, 514, 2);
    EXPECT_EQ(m.table_dim, 1024);
}

TEST(HfConfigPublished2025, XlmRobertaLarge) {
    const ModelPositions m = model("xlm-roberta-large.json");  // as RoBERTa: 514, pad 1
    expect_learned(m, 514, 2);
    EXPECT_EQ(m.table_dim, 1024);
}

TEST(HfConfigPublished2025, KobartSummaryV3) {
    // bart: max_position_embeddings 1026, d_model 768. BartLearnedPositionalEmbedding:
    // "self.offset = 2; super().__init__(num_embeddings + self.offset, embedding_dim)"
    // (modeling_bart.py): a table of 1026 + 2 = 1028 rows, read from row position + 2.
    const ModelPositions m = model("kobart-summary-v3.json");
    expect_learned(m, 1028, 2);
    EXPECT_EQ(m.table_dim, 768);
}

}  // namespace
}  // namespace posviz
