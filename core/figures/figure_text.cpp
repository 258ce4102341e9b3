#include "core/figures/figure_text.h"

#include <filesystem>
#include <map>

#include "core/analyses/rope_bounds.h"

namespace posviz {

std::string encoding_title(const std::string& name, const Text& t) {
    if (name == "sinusoidal") return t("Sinusoidal", "正弦");
    if (name == "learned") return t("Learned", "可学习");
    static const std::map<std::string, std::string> titles = {
        {"nope", "NoPE"},     {"shaw", "Shaw"}, {"xl", "Transformer-XL"},
        {"t5", "T5"},         {"rope", "RoPE"}, {"alibi", "ALiBi"},
        {"kerple", "KERPLE"}, {"fire", "FIRE"}, {"xpos", "xPos"}};
    auto it = titles.find(name);
    return it == titles.end() ? name : it->second;
}

bool chinese_at(const std::string& text, size_t at) {
    const unsigned char lead = at < text.size() ? static_cast<unsigned char>(text[at]) : 0;
    return (lead >= 0xE3 && lead <= 0xE9) || lead == 0xEF;
}

std::string name_then(const std::string& name, const std::string& rest) {
    // The last character of `name` is its last three bytes where it is Chinese.
    const bool name_chinese = name.size() >= 3 && chinese_at(name, name.size() - 3);
    if (name_chinese && rest.size() > 1 && rest[0] == ' ' && chinese_at(rest, 1))
        return name + rest.substr(1);
    return name + rest;
}

std::string scene_sizes(const Scene& s) {
    std::string sizes = "L = " + std::to_string(s.seq_len) + " · D = " + std::to_string(s.dim);
    // Partial rotary (phi-2: 32 of 80 dims): the figures show the rotated dims.
    if ((s.encoding == "rope" || s.encoding == "xpos") && s.rotary_fraction < 1.0)
        sizes += " (rotary " + std::to_string(int(s.dim * s.rotary_fraction)) + ")";
    return sizes;
}

std::string model_title(const Scene& s, const Text& t) {
    if (!s.model_type_assumed) return s.model_name;
    return s.model_name + t(" [unknown type, read as Llama-like]", " [未知类型，按 Llama 读取]");
}

std::string model_summary(const Scene& s, const Text& t) {
    if (s.model_name.empty()) return "";
    const RopeScaling& r = s.rope_scaling;
    std::string summary = model_title(s, t);
    if (s.encoding != "rope" && s.encoding != "xpos") return summary;
    summary += " · " + rope_scaling_title(r.type, t);
    if (extends_context(r)) summary += " ×" + format_number(r.factor, 4);
    const int trained = r.original_max_position_embeddings > 0 ? r.original_max_position_embeddings
                                                               : r.max_position_embeddings;
    if (trained > 0) summary += t(", trained on ", "，训练长度 ") + std::to_string(trained);
    return summary;
}

std::string scene_content(const Scene& s, const Text& t) {
    if (s.content_arrays) return t("q, k: arrays", "q、k：数组");
    if (!s.queries_path.empty())
        return "q, k: " + std::filesystem::path(s.queries_path).filename().string() + ", " +
               std::filesystem::path(s.keys_path).filename().string();
    if (s.content == "ones") return t("all-ones q, k", "q、k 全为 1");
    if (s.content == "zeros") return t("all-zero q, k", "q、k 全为 0");
    if (s.content == "sentence") {
        // Whole tokens up to about 40 bytes, so a long sentence never cuts a character in two.
        std::string shown;
        for (const std::string& token : scene_tokens(s)) {
            if (shown.size() + token.size() > 40) {
                shown += " …";
                break;
            }
            shown += (shown.empty() ? "" : " ") + token;
        }
        return t("the sentence “" + shown + "”", "句子“" + shown + "”");
    }
    return t("random q, k (seed " + std::to_string(s.seed) + ")",
             "随机 q、k（种子 " + std::to_string(s.seed) + "）");
}

std::string frequency_symbol(const Scene& s) {
    return s.encoding == "sinusoidal" && s.compare.empty() ? "ωᵢ" : "θᵢ";
}

std::string frequency_formula(const Scene& s) {
    if (s.encoding != "sinusoidal") return "θᵢ = base" + superscript_text("−2i/D");
    return s.sinusoidal_layout == "halves" ? "ωᵢ = base" + superscript_text("−i/(D/2 − 1)")
                                           : "ωᵢ = base" + superscript_text("−2i/D");
}

std::string join_parts(std::initializer_list<std::string> parts) {
    std::string out;
    for (const std::string& p : parts)
        if (!p.empty()) out += (out.empty() ? "" : " · ") + p;
    return out;
}

std::string still_pairs_text(const Vector& theta, const Text& t) {
    Eigen::Index first = theta.size();
    while (first > 0 && theta[first - 1] == 0.0) --first;
    if (first == theta.size()) return "";
    const std::string range = std::to_string(first) + "-" + std::to_string(theta.size() - 1);
    return t("pairs " + range + " do not turn (θ = 0)", "第 " + range + " 对不旋转（θ = 0）");
}

std::string critical_dimension_text(const CriticalDimension& critical, int pairs,
                                    int training_length, const Text& t) {
    const std::string dims = "d_extra = " + std::to_string(critical.dims);
    const std::string length = std::to_string(training_length);
    if (critical.pair >= pairs)
        return t("critical dim. " + dims + ": every pair turns within " + length,
                 "临界维度 " + dims + "：每个维度对都在 " + length + " 内转满一圈");
    if (critical.pair == 0)
        return t("critical dim. " + dims + ": no pair turns once in " + length,
                 "临界维度 " + dims + "：在 " + length + " 内没有维度对转满一圈");
    return t("critical dim. " + dims + ": pairs from " + std::to_string(critical.pair) +
                 " never turn once in " + length,
             "临界维度 " + dims + "：第 " + std::to_string(critical.pair) + " 对起在 " + length +
                 " 内转不满一圈");
}

}  // namespace posviz
