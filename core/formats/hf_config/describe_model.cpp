#include "core/formats/hf_config/describe_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "core/analyses/rope_bounds.h"
#include "core/formats/hf_config/config_block.h"
#include "core/limits.h"

namespace posviz {

namespace {

using hf::readable;
using nlohmann::json;

std::string fixed(double value, int digits = 4) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*g", digits + 1, value);
    return text;
}

const char* pairs_name(RopeStyle style) {
    return style == RopeStyle::Interleaved ? "interleaved" : "rotate_half";
}

// In the reader's language: rotate_half is transformers' function, a name in either.
std::string pairs_text(RopeStyle style, const Text& t) {
    return style == RopeStyle::Interleaved ? t("interleaved pairs", "交错频率对")
                                           : t("rotate_half pairs", "rotate_half 频率对");
}

double attention_factor(const RopeScheme& r) {
    return r.encoding().frequencies(0).attention_factor;
}

std::string scaling_text(const RopeScaling& s, const Text& t) {
    const std::string trained = s.original_max_position_embeddings > 0
                                    ? t(" (trained on ", "（训练长度 ") +
                                          std::to_string(s.original_max_position_embeddings) +
                                          t(")", "）")
                                    : "";
    switch (s.type) {
        case RopeScalingType::None:
            return t("no scaling", "无缩放");  // rope_type "none" reads as no scaling
        case RopeScalingType::LongRope:
            return rope_scaling_title(s.type, t) + trained + t(", up to ", "，最长 ") +
                   std::to_string(s.max_position_embeddings);
        case RopeScalingType::Dynamic:
            return rope_scaling_title(s.type, t) + " ×" + readable(s.factor) +
                   t(" past ", "，超过 ") + std::to_string(s.max_position_embeddings) +
                   t("", " 后");
        case RopeScalingType::Ntk:
            if (s.factor_key == "alpha")  // HunYuan's DynamicNTKAlphaRotary
                return "NTK alpha " + readable(s.factor) +
                       t(" (base × alpha^(d/(d-2)))", "（θ × alpha^(d/(d-2))）");
            return rope_scaling_title(s.type, t) + " ×" + readable(s.factor);
        case RopeScalingType::Proportional:
            return rope_scaling_title(s.type, t) +
                   (s.factor != 1.0 ? " ×" + readable(s.factor) : std::string()) + trained;
        default:
            return rope_scaling_title(s.type, t) + " ×" + readable(s.factor) + trained;
    }
}

std::string rope_text(const RopeScheme& r, const Text& t) {
    const std::string comma = t(", ", "，");
    std::string text = "RoPE θ " + readable(r.base) + comma;
    const std::string turning =
        std::to_string(int(std::floor(r.scaling.proportion * r.head_dim / 2.0)));
    if (r.scaling.type == RopeScalingType::Proportional)
        text += t("p-RoPE: " + turning + " of " + std::to_string(r.head_dim / 2) +
                      " pairs turn (the others θ = 0)",
                  "p-RoPE：" + std::to_string(r.head_dim / 2) + " 个频率对中 " + turning +
                      " 个旋转（其余 θ = 0）");
    else if (r.qk_head_dim > 0)
        text += t(std::to_string(r.rotary_dim) + " dims (of a " + std::to_string(r.qk_head_dim) +
                      "-dim MLA head)",
                  std::to_string(r.rotary_dim) + " 维（MLA 头共 " + std::to_string(r.qk_head_dim) +
                      " 维）");
    else
        text += t(std::to_string(r.rotary_dim) + " of " + std::to_string(r.head_dim) + " dims",
                  std::to_string(r.head_dim) + " 维中的 " + std::to_string(r.rotary_dim) + " 维");
    text += comma + pairs_text(r.style, t) + comma + scaling_text(r.scaling, t);
    const double factor = attention_factor(r);
    if (factor != 1.0) text += comma + t("attention factor ", "注意力因子 ") + fixed(factor);
    if (r.softmax_scale != 1.0)
        text += comma + t("softmax scale ×", "softmax 缩放 ×") + fixed(r.softmax_scale);
    return text;
}

std::string slopes_text(const std::vector<double>& slopes, const Text& t) {
    return std::to_string(slopes.size()) + t(" heads, slopes ", " 个头，斜率 ") +
           fixed(slopes.front()) + (slopes.size() > 1 ? " … " + fixed(slopes.back()) : "");
}

std::string table_text(const ModelPositions& m, const Text& t) {
    std::string text = t("learned absolute table, ", "可学习绝对位置表，") +
                       std::to_string(m.max_position_embeddings) +
                       t(" positions × ", " 个位置 × ") + std::to_string(m.table_dim);
    if (m.table_offset > 0)
        text += t(" (position m is row m + " + std::to_string(m.table_offset) + " of " +
                      std::to_string(m.table_rows) + ")",
                  "（位置 m 是 " + std::to_string(m.table_rows) + " 行中的第 m + " +
                      std::to_string(m.table_offset) + " 行）");
    return text;
}

// A layer's token mixer as the config names it ("mamba", "conv", "moe") in the reader's language.
std::string mixer_text(const std::string& mixer, const Text& t) {
    if (t.lang == "zh") {
        if (mixer == "mamba") return "Mamba";
        if (mixer == "conv") return "卷积";
        if (mixer == "moe") return "MoE";
        if (mixer == "mlp") return "MLP";
        if (mixer == "kda") return "KDA";  // Kimi Delta Attention
        return mixer;  // the layer type's name as the config writes it ("linear_attention")
    }
    std::string text = mixer;
    std::replace(text.begin(), text.end(), '_', ' ');
    return text;
}

std::string attention_text(const LayerPositions& l, const Text& t) {
    // A Mamba, conv or MLP layer is named by what it is, not as an attention kind.
    if (!l.mixer.empty()) return mixer_text(l.mixer, t);
    std::string text;
    switch (l.attention) {
        case AttentionKind::Full:
            text = t("full", "全局");
            break;
        case AttentionKind::Sliding:
            text = t("sliding", "滑动窗口");
            break;
        case AttentionKind::Chunked:
            text = t("chunked", "分块");
            break;
        case AttentionKind::Linear:
            text = t("linear", "线性");
            break;
        case AttentionKind::None:
            text = t("none", "无");
            break;
    }
    if (l.window > 0) {
        text += ' ';
        text += std::to_string(l.window);
    }
    return text;
}

std::string range_text(int first, int last) {
    return first == last ? std::to_string(first)
                         : std::to_string(first) + "-" + std::to_string(last);
}

bool same_row(const LayerPositions& a, const LayerPositions& b) {
    return a.attention == b.attention && a.window == b.window && a.kind == b.kind &&
           a.rope == b.rope && a.mixer == b.mixer;
}

// Runs of identical layers: [first, last] index pairs.
std::vector<std::pair<int, int>> runs(const ModelPositions& m) {
    std::vector<std::pair<int, int>> out;
    for (int i = 0; i < int(m.layers.size()); ++i) {
        if (!out.empty() && same_row(m.layers[out.back().second], m.layers[i]))
            out.back().second = i;
        else
            out.push_back({i, i});
    }
    return out;
}

// The rows of the text table: a run of identical layers a row, except where the layers repeat a
// short pattern (gpt-oss alternates sliding and full, ModernBERT one full layer in three) and the
// runs would fill many lines: then one row per kind of layer, listing its runs as "0, 2, …, 22"
// with their count.
std::vector<std::pair<std::string, int>> table_rows(const ModelPositions& m) {
    const std::vector<std::pair<int, int>> all = runs(m);
    std::vector<std::pair<std::string, int>> rows;
    const int n = int(m.layers.size());
    int period = 0;
    for (int p = 2; all.size() > 6 && p <= 8 && period == 0; ++p) {
        bool repeats = true;
        for (int i = 0; i + p < n && repeats; ++i) repeats = same_row(m.layers[i], m.layers[i + p]);
        if (repeats) period = p;
    }
    if (period == 0) {
        for (auto [first, last] : all) rows.push_back({range_text(first, last), first});
        return rows;
    }
    std::vector<bool> listed(all.size(), false);
    for (size_t r = 0; r < all.size(); ++r) {
        if (listed[r]) continue;
        std::vector<std::string> members;
        int layers = 0;
        for (size_t s = r; s < all.size(); ++s) {
            if (listed[s] || !same_row(m.layers[all[r].first], m.layers[all[s].first])) continue;
            listed[s] = true;
            members.push_back(range_text(all[s].first, all[s].second));
            layers += all[s].second - all[s].first + 1;
        }
        std::string text = members.front();
        if (members.size() > 3)
            text += ", " + members[1] + ", …, " + members.back();
        else
            for (size_t k = 1; k < members.size(); ++k) text += ", " + members[k];
        rows.push_back({text + " (" + std::to_string(layers) + ")", all[r].first});
    }
    return rows;
}

std::string lengths_text(const ModelPositions& m, const Text& t) {
    std::string text = "max_position_embeddings " + (m.max_position_embeddings > 0
                                                         ? std::to_string(m.max_position_embeddings)
                                                         : t("not stated", "未给出"));
    text += m.training_length > 0
                ? t(", trained on ", "，训练长度 ") + std::to_string(m.training_length)
                : t(", training length not stated in the config", "，配置未给出训练长度");
    return text;
}

json scaling_json(const RopeScaling& s) {
    json j = {{"rope_type", rope_scaling_name(s.type)}};
    if (s.type == RopeScalingType::None) return j;
    if (s.type != RopeScalingType::LongRope) j["factor"] = s.factor;
    if (s.original_max_position_embeddings > 0)
        j["original_max_position_embeddings"] = s.original_max_position_embeddings;
    if (s.max_position_embeddings > 0) j["max_position_embeddings"] = s.max_position_embeddings;
    if (s.type == RopeScalingType::Yarn) {
        j["beta_fast"] = s.beta_fast;
        j["beta_slow"] = s.beta_slow;
        j["truncate"] = s.truncate;
        if (s.mscale) j["mscale"] = *s.mscale;
        if (s.mscale_all_dim) j["mscale_all_dim"] = *s.mscale_all_dim;
    }
    if (s.type == RopeScalingType::Ntk && s.factor_key == "alpha") j["alpha"] = s.factor;
    if (s.type == RopeScalingType::Proportional) j["partial_rotary_factor"] = s.proportion;
    if (s.type == RopeScalingType::Llama3) {
        j["low_freq_factor"] = s.low_freq_factor;
        j["high_freq_factor"] = s.high_freq_factor;
    }
    return j;
}

json positions_json(const ModelPositions& m, const LayerPositions& l) {
    switch (l.kind) {
        case PositionKind::Rope: {
            const RopeScheme& r = m.ropes[l.rope];
            json j = {{"kind", "rope"},
                      {"rope_theta", r.base},
                      {"theta_field", r.theta_field},
                      {"head_dim", r.head_dim},
                      {"rotary_dim", r.rotary_dim},
                      {"pairs", pairs_name(r.style)},
                      {"scaling", scaling_json(r.scaling)},
                      {"attention_factor", attention_factor(r)}};
            if (r.qk_head_dim > 0) j["qk_head_dim"] = r.qk_head_dim;
            if (r.softmax_scale != 1.0) j["softmax_scale"] = r.softmax_scale;
            if (!r.mrope_section.empty()) j["mrope_section"] = r.mrope_section;
            return j;
        }
        case PositionKind::NoPE:
            return {{"kind", "nope"}};
        case PositionKind::LearnedAbsolute:
            return {{"kind", "learned"},
                    {"positions", m.max_position_embeddings},
                    {"dim", m.table_dim},
                    {"table_rows", m.table_rows},
                    {"table_offset", m.table_offset}};
        case PositionKind::LearnedRelative:
            return {{"kind", "learned_relative"},
                    {"position_embedding_type", m.position_embedding_type}};
        case PositionKind::T5RelativeBuckets:
            return {{"kind", "t5_buckets"},
                    {"num_buckets", m.relative_attention_num_buckets},
                    {"max_distance", m.relative_attention_max_distance}};
        case PositionKind::Alibi:
            return {{"kind", "alibi"}, {"slopes", m.alibi_slopes}};
    }
    return {};
}

// The analyses researchers run on a config, for the RoPE of the layer figures show by default.
//   Critical dimension (Liu et al. 2023, rope_bounds.h) at the training length: the frequencies as
//   pretrained (a context-extension scaling set aside; proportional RoPE's θ = 0 pairs kept, and
//   never counted).
//   Base bound (Men et al. 2024) over the rotated dims d: b*, the smallest base with
//   f_b(m) ≥ 0 for all m < L (the paper's number; larger bases can fail again, rope_bounds.h), for
//   the training length and max_position_embeddings, and whether the model's own base meets the
//   condition (its first negative m if not). b* is scanned for L up to kMaxBaseBoundFigureLength;
//   the model's own base is checked up to posviz's longest L.
struct BaseBoundRow {
    std::string which;  // "training length", "max_position_embeddings"
    long length = 0;
    double smallest = 0;  // 0: L beyond the scan's limit
    long first_negative = -1;
    bool checked = false;  // L within posviz's longest L
};

struct Analyses {
    bool any = false;
    int training_length = 0;
    CriticalDimension critical;
    int rotary_dim = 0;
    double base = 0;
    std::vector<BaseBoundRow> bounds;
};

// What the analyses may cost, so that no config (a hostile head_dim of 32768, say) makes describe
// or loading a model hang: the b* scan is O(d·L²), allowed up to d = 128 at L = 32768 (≈ 0.6 s on
// two cores); the check of the model's own base is O(d·L), allowed up to d = 256 at L = 2^20.
constexpr double kMaxScanWork = 128.0 * 32768.0 * 32768.0;
constexpr double kMaxCheckWork = 256.0 * double(1 << 20);

// b* depends on d and L only: computed once per process for each (the text and the JSON of one
// model, a model loaded again).
double cached_smallest_base(int rotary_dim, long length) {
    static std::mutex mutex;
    static std::map<std::pair<int, long>, double> cache;
    const std::lock_guard<std::mutex> lock(mutex);
    const auto key = std::make_pair(rotary_dim, length);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    return cache[key] = smallest_passing_base(rotary_dim, length);
}

Analyses analyses(const ModelPositions& m) {
    Analyses a;
    if (!m.has_rope()) return a;
    const RopeScheme& r = m.ropes[m.layers[choose_layer(m, -1, "")].rope];
    a.training_length = m.training_length > 0 ? m.training_length : m.max_position_embeddings;
    if (a.training_length <= 0) return a;
    a.any = true;
    a.rotary_dim = r.rotary_dim;
    a.base = r.base;
    const bool proportional = r.scaling.type == RopeScalingType::Proportional;
    const Vector pretrained =
        rope_frequencies(r.base, r.rotary_dim, pretrained_scaling(r.scaling), 0)
            .inverse_frequencies;
    a.critical = critical_dimension(pretrained, a.training_length);
    if (proportional || r.rotary_dim < 4) return a;  // f_b assumes every pair turns
    std::vector<std::pair<std::string, long>> lengths = {{"training length", a.training_length}};
    if (m.max_position_embeddings > a.training_length)
        lengths.push_back({"max_position_embeddings", m.max_position_embeddings});
    for (const auto& [which, length] : lengths) {
        BaseBoundRow row{.which = which, .length = length};
        const double d = r.rotary_dim, l = double(length);
        if (length <= kMaxBaseBoundFigureLength && d * l * l <= kMaxScanWork)
            row.smallest = cached_smallest_base(r.rotary_dim, length);
        row.checked = length <= limits::kMaxSeqLen && d * l <= kMaxCheckWork;
        if (row.checked) row.first_negative = first_negative(r.base, r.rotary_dim, length);
        a.bounds.push_back(row);
    }
    return a;
}

std::string analyses_text(const Analyses& a, const Text& t) {
    if (!a.any) return "";
    const int pairs = a.rotary_dim / 2;
    const std::string dims = std::to_string(a.critical.dims), rotary = std::to_string(a.rotary_dim);
    const std::string first_pairs =
        a.critical.pair > 0
            ? t(" (pairs 0-", "（频率对 0-") + std::to_string(a.critical.pair - 1) + t(")", "）")
            : "";
    std::string out =
        t("\nCritical dimension (Liu et al. 2023): " + dims + " of " + rotary + " rotary dims" +
              first_pairs + " complete a period within the training length " +
              std::to_string(a.training_length),
          "\n临界维度（Liu et al. 2023）：" + rotary + " 个旋转维度中有 " + dims + " 个" +
              first_pairs + "在训练长度 " + std::to_string(a.training_length) + " 内转完一个周期");
    if (a.critical.pair < pairs)
        out += t("; pairs ", "；频率对 ") + range_text(a.critical.pair, pairs - 1) +
               t(" never saw a whole period", " 从未见过完整周期");
    out += t(".\n", "。\n");
    for (const BaseBoundRow& b : a.bounds) {
        const std::string which =
            b.which == "training length" ? t("training length", "训练长度") : b.which;
        out += t("Base bound (Men et al. 2024), d = ", "底数下界（Men et al. 2024），d = ") +
               std::to_string(a.rotary_dim) + ", L = " + std::to_string(b.length) + t(" (", "（") +
               which + t("): ", "）：");
        if (b.smallest > 0)
            out += "b* = " + fixed(b.smallest, 5) +
                   t(" (the smallest base with f_b(m) >= 0 for all m < L); ",
                     "（使所有 m < L 都有 f_b(m) >= 0 的最小底数）；");
        else
            out += t("b* not scanned at this d and L (the scan is O(d·L²): up to L = " +
                         std::to_string(kMaxBaseBoundFigureLength) + " at d = 128); ",
                     "此 d 和 L 下未扫描 b*（扫描为 O(d·L²)：d = 128 时至多 L = " +
                         std::to_string(kMaxBaseBoundFigureLength) + "）；");
        out += "θ " + readable(a.base);
        if (!b.checked)
            out += t(
                " not checked at this d and L (up to L = " + std::to_string(limits::kMaxSeqLen) +
                    " at d = 256)",
                " 在此 d 和 L 下未检查（d = 256 时至多 L = " + std::to_string(limits::kMaxSeqLen) +
                    "）");
        else if (b.first_negative < 0)
            out += t(" meets it (f_b(m) >= 0 for all m < L)",
                     " 满足下界（所有 m < L 都有 f_b(m) >= 0）");
        else
            out += t(" does not meet it: f_b first turns negative at m = ",
                     " 不满足下界：f_b 首次为负在 m = ") +
                   std::to_string(b.first_negative);
        if (b.smallest > 0 && b.checked)
            out += a.base >= b.smallest ? t(", and is above b*", "，且高于 b*")
                                        : t(", and is below b*", "，且低于 b*");
        out += t(".\n", "。\n");
    }
    return out;
}

json analyses_json(const Analyses& a) {
    json j = json::object();
    if (!a.any) return j;
    j["critical_dimension"] = {{"training_length", a.training_length},
                               {"rotary_dim", a.rotary_dim},
                               {"pair", a.critical.pair},
                               {"dims", a.critical.dims}};
    json bounds = json::array();
    for (const BaseBoundRow& b : a.bounds) {
        json row = {{"length", b.length}, {"which", b.which}, {"rope_theta", a.base}};
        if (b.smallest > 0) row["smallest_base"] = b.smallest;
        if (b.checked) {
            row["meets_bound"] = b.first_negative < 0;
            if (b.first_negative >= 0) row["first_negative_m"] = b.first_negative;
        }
        bounds.push_back(row);
    }
    j["base_bound"] = bounds;
    return j;
}

}  // namespace

std::string describe_layer(const ModelPositions& m, int layer, const Text& t) {
    const LayerPositions& l = m.layers[layer];
    switch (l.kind) {
        case PositionKind::Rope:
            return rope_text(m.ropes[l.rope], t);
        case PositionKind::NoPE:
            return l.mixer.empty()
                       ? t("NoPE (no positional encoding)", "NoPE（无位置编码）")
                       : t("no positions (not softmax attention)", "无位置（非 softmax 注意力）");
        case PositionKind::LearnedAbsolute:
            return table_text(m, t);
        case PositionKind::LearnedRelative:
            return t("learned relative embeddings (position_embedding_type ",
                     "可学习相对位置嵌入（position_embedding_type ") +
                   m.position_embedding_type + t(")", "）");
        case PositionKind::T5RelativeBuckets:
            return t("T5 relative buckets (" + std::to_string(m.relative_attention_num_buckets) +
                         " buckets, max distance " +
                         std::to_string(m.relative_attention_max_distance) + ")",
                     "T5 相对位置桶（" + std::to_string(m.relative_attention_num_buckets) +
                         " 个桶，最大距离 " + std::to_string(m.relative_attention_max_distance) +
                         "）");
        case PositionKind::Alibi:
            return t("ALiBi, ", "ALiBi，") + slopes_text(m.alibi_slopes, t);
    }
    return "";
}

std::string describe_positions(const ModelPositions& m) {
    const std::string who = m.text_model_type + " uses ";
    switch (m.kind) {
        case PositionKind::Rope: {
            const LayerPositions& l = m.layers[choose_layer(m, -1, "")];
            const RopeScheme& r = m.ropes[l.rope];
            std::string text = who + "RoPE: head_dim " + std::to_string(r.head_dim) +
                               ", rotary_dim " + std::to_string(r.rotary_dim) + ", rope_theta " +
                               readable(r.base);
            const RopeScaling& s = r.scaling;
            if (s.type == RopeScalingType::LongRope && s.original_max_position_embeddings > 0)
                text += ", rope_scaling longrope (trained on " +
                        std::to_string(s.original_max_position_embeddings) + ", extended to " +
                        std::to_string(s.max_position_embeddings) + " positions)";
            else if (s.type != RopeScalingType::None)
                text += ", rope_scaling " + rope_scaling_name(s.type) + " (factor " +
                        readable(s.factor) + ")";
            return text;
        }
        case PositionKind::NoPE:
            return who + "no positional encoding (NoPE) in any layer";
        case PositionKind::LearnedAbsolute:
            return who + "learned absolute positions (a table of " +
                   std::to_string(m.max_position_embeddings) + " positions), not RoPE";
        case PositionKind::LearnedRelative:
            return who + "learned relative position embeddings (position_embedding_type " +
                   m.position_embedding_type + "), not RoPE";
        case PositionKind::T5RelativeBuckets:
            return who + "T5 relative position buckets (" +
                   std::to_string(m.relative_attention_num_buckets) + " buckets, max distance " +
                   std::to_string(m.relative_attention_max_distance) + "), not RoPE";
        case PositionKind::Alibi:
            return who + "ALiBi linear attention biases (" + slopes_text(m.alibi_slopes, Text{}) +
                   "), not RoPE";
    }
    return who + "unknown positions";
}

std::string describe_model_text(const ModelPositions& m, const DescribeOptions& options) {
    const Text& t = options.text;
    std::string out =
        m.model_type.empty() ? t("(no model_type)", "（无 model_type）") : m.model_type;
    if (m.text_model_type != m.model_type)
        out += t(" (language model: ", "（语言模型：") + m.text_model_type + t(")", "）");
    out += m.num_layers > 0 ? t(", ", "，") + std::to_string(m.num_layers) + t(" layers\n", " 层\n")
                            : "\n";
    out += lengths_text(m, t) + "\n\n";
    std::vector<std::array<std::string, 3>> rows = {
        {t("layers", "层"), t("attention", "注意力"), t("positions", "位置")}};
    for (const auto& [layers, first] : table_rows(m))
        rows.push_back({m.num_layers > 0 ? layers : t("all", "全部"),
                        attention_text(m.layers[first], t), describe_layer(m, first, t)});
    // Columns counted in characters, not bytes ("…" is three).
    auto columns = [](const std::string& s) {
        return size_t(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
    };
    size_t width[2] = {0, 0};
    for (const auto& row : rows)
        for (int c = 0; c < 2; ++c) width[c] = std::max(width[c], columns(row[c]));
    for (const auto& row : rows)
        out += row[0] + std::string(width[0] - columns(row[0]) + 2, ' ') + row[1] +
               std::string(width[1] - columns(row[1]) + 2, ' ') + row[2] + "\n";
    if (m.has_rope() && m.num_layers > 0 && options.layer_options)
        out += "\nFigures show layer " + std::to_string(choose_layer(m, -1, "")) +
               " unless --layer N or --layer-type full|sliding says otherwise.\n";
    for (const Bilingual& note : m.notes) out += t("Note: ", "注：") + note.in(t) + '\n';
    if (!m.assumption.empty()) out += t("Warning: ", "警告：") + m.assumption.in(t) + "\n";
    if (options.analyses) out += analyses_text(analyses(m), t);
    return out;
}

std::string describe_model_json(const ModelPositions& m, bool with_analyses) {
    json layers = json::array();
    for (auto [first, last] : runs(m)) {
        const LayerPositions& l = m.layers[first];
        json row = {{"attention", attention_kind_name(l.attention)},
                    {"type", l.type},
                    {"positions", positions_json(m, l)}};
        if (!l.mixer.empty()) row["mixer"] = l.mixer;
        if (m.num_layers > 0) {
            row["first"] = first;
            row["last"] = last;
        }
        if (l.window > 0) row["window"] = l.window;
        layers.push_back(row);
    }
    std::vector<std::string> english_notes;
    for (const Bilingual& note : m.notes) english_notes.push_back(note.en);
    json doc = {{"model_type", m.model_type},
                {"text_model_type", m.text_model_type},
                {"num_layers", m.num_layers},
                {"max_position_embeddings", m.max_position_embeddings},
                {"training_length", m.training_length},
                {"layers", layers},
                {"notes", english_notes},
                {"analyses", with_analyses ? analyses_json(analyses(m)) : json::object()}};
    if (!m.assumption.empty()) doc["assumption"] = m.assumption.en;
    if (m.has_rope() && m.num_layers > 0) doc["default_layer"] = choose_layer(m, -1, "");
    return doc.dump(2) + "\n";
}

}  // namespace posviz
