#include "app/storyline/length_limits.h"

#include <algorithm>
#include <cctype>

#include "core/figures/figure_text.h"
#include "core/limits.h"

namespace posviz::storyline {

int figure_max_seq_len(const std::string& figure) {
    for (const char* square : {"similarity", "bias", "buckets", "terms", "permutation"})
        if (figure == square) return k_square_picture_max_len;
    return limits::kMaxSeqLen;
}

int view_max_seq_len(ViewId view, const ViewSettings& settings) {
    switch (view) {
        case ViewId::Bias:
            return figure_max_seq_len("bias");
        case ViewId::Permutation:
            return figure_max_seq_len("permutation");
        case ViewId::Terms:
            return figure_max_seq_len("terms");
        case ViewId::Figure:
            return figure_max_seq_len(settings.figure);
        default:  // the PE matrix, waves, decay and the scores map are not L × L pictures
            return limits::kMaxSeqLen;
    }
}

std::string grouped(long long n) {
    const std::string digits = std::to_string(n < 0 ? -n : n);
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on inserts and "−" + digits.
    std::string out = n < 0 ? "−" : "";
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

TypedLength parse_typed_length(const std::string& typed, int current, int hi,
                               const std::string& lang) {
    const Text t{lang};
    const size_t a = typed.find_first_not_of(" \t"), b = typed.find_last_not_of(" \t");
    const std::string text = a == std::string::npos ? "" : typed.substr(a, b - a + 1);
    const bool signed_ = !text.empty() && (text[0] == '-' || text[0] == '+');
    const bool negative = signed_ && text[0] == '-';
    const std::string digits = signed_ ? text.substr(1) : text;
    const bool whole = !digits.empty() && std::all_of(digits.begin(), digits.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
    });
    const std::string stays = t("L stays ", "L 保持为 ") + grouped(current) + t(".", "。");
    if (!whole)
        return {std::nullopt,
                t("“", "“") + text + t("” is not a whole number: ", "”不是整数：") + stays};
    // Thirteen digits and more are beyond any limit: no need to hold them.
    const long long value = digits.size() > 12 ? 999'999'999'999'999LL : std::stoll(digits);
    const std::string shown = digits.size() > 12 ? text : grouped(negative ? -value : value);
    if (negative || value < k_min_seq_len)
        return {std::nullopt, t("L = ", "L = ") + shown +
                                  t(" is too short (at least ", " 太短（至少 ") +
                                  std::to_string(k_min_seq_len) + t("): ", "）：") + stays};
    if (value > hi)
        return {hi, t("L = ", "L = ") + shown +
                        t(" is beyond what this view draws (at most ", " 超出此视图的上限（至多 ") +
                        grouped(hi) + t("): L is ", "）：L 设为 ") + grouped(hi) + t(".", "。")};
    return {int(value), ""};
}

std::string capped_length_note(int seq_len, int drawn, const std::string& lang) {
    if (seq_len <= drawn) return "";
    const Text t{lang};
    return t("L = ", "L = ") + grouped(seq_len) + t(": drawn here at L = ", "：此处按 L = ") +
           grouped(drawn) +
           t(", the longest an L × L picture shows (export .npy for the whole matrix).",
             " 绘制，这是 L × L 图的上限（完整矩阵请导出 .npy）。");
}

}  // namespace posviz::storyline
