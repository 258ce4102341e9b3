#include "core/analyses/permutation.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "core/cancellation.h"

namespace posviz {

namespace {

double max_abs_difference(const Matrix& a, const Matrix& b) {
    return (a - b).cwiseAbs().maxCoeff();
}

// P·A·Pᵀ for the permutation p: entry (r, c) is A(p[r], p[c]).
Matrix permute_both(const Matrix& a, const std::vector<int>& p) {
    Matrix out(a.rows(), a.cols());
    for (Eigen::Index r = 0; r < a.rows(); ++r) {
        throw_if_cancelled();
        for (Eigen::Index c = 0; c < a.cols(); ++c) out(r, c) = a(p[r], p[c]);
    }
    return out;
}

}  // namespace

PermutationStudy permutation_study(const Encoding& encoding, const Matrix& content, uint64_t seed) {
    std::vector<int> permutation(content.rows());
    std::iota(permutation.begin(), permutation.end(), 0);
    // A Fisher–Yates shuffle on mt19937_64 bits (std::shuffle's algorithm is unspecified).
    std::mt19937_64 rng(seed);
    for (int i = int(permutation.size()) - 1; i > 0; --i)
        std::swap(permutation[i], permutation[rng() % uint64_t(i + 1)]);
    return permutation_study(encoding, content, std::move(permutation));
}

PermutationStudy permutation_study(const Encoding& encoding, const Matrix& content,
                                   std::vector<int> permutation) {
    PermutationStudy study;
    study.permutation = std::move(permutation);
    const int n = int(content.rows());

    Matrix permuted(content.rows(), content.cols());
    for (int r = 0; r < n; ++r) permuted.row(r) = content.row(study.permutation[r]);

    const Matrix blind_x = softmax_rows(attention_logits(NoPE{}, content, content, false));
    const Matrix blind_px = softmax_rows(attention_logits(NoPE{}, permuted, permuted, false));
    study.residual_without_pe =
        max_abs_difference(blind_px, permute_both(blind_x, study.permutation));

    study.attention_x = softmax_rows(attention_logits(encoding, content, content, false));
    study.attention_px = softmax_rows(attention_logits(encoding, permuted, permuted, false));
    study.permuted_attention_x = permute_both(study.attention_x, study.permutation);
    study.residual_with_pe = max_abs_difference(study.attention_px, study.permuted_attention_x);
    return study;
}

}  // namespace posviz
