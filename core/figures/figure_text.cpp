#include "core/figures/figure_text.h"

#include <filesystem>
#include <map>

namespace posviz {

std::string encoding_title(const std::string& name) {
    static const std::map<std::string, std::string> titles = {
        {"nope", "NoPE"},         {"sinusoidal", "Sinusoidal"},
        {"learned", "Learned"},   {"shaw", "Shaw"},
        {"xl", "Transformer-XL"}, {"t5", "T5"},
        {"rope", "RoPE"},         {"alibi", "ALiBi"},
        {"kerple", "KERPLE"},     {"fire", "FIRE"},
        {"xpos", "xPos"}};
    auto it = titles.find(name);
    return it == titles.end() ? name : it->second;
}

std::string scene_sizes(const Scene& s) {
    return "L = " + std::to_string(s.seq_len) + " · D = " + std::to_string(s.dim);
}

std::string scene_content(const Scene& s, const Text& t) {
    if (!s.queries_path.empty())
        return "q, k: " + std::filesystem::path(s.queries_path).filename().string() + ", " +
               std::filesystem::path(s.keys_path).filename().string();
    if (s.content == "ones") return t("all-ones q, k", "q、k 全为 1");
    if (s.content == "zeros") return t("all-zero q, k", "q、k 全为 0");
    return t("random q, k (seed " + std::to_string(s.seed) + ")",
             "随机 q、k（种子 " + std::to_string(s.seed) + "）");
}

std::string join_parts(std::initializer_list<std::string> parts) {
    std::string out;
    for (const std::string& p : parts)
        if (!p.empty()) out += (out.empty() ? "" : " · ") + p;
    return out;
}

}  // namespace posviz
