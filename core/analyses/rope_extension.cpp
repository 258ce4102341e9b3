#include "core/analyses/rope_extension.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "core/cancellation.h"
#include "core/encodings/checks.h"
#include "core/input_error.h"

namespace posviz {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

void check_length(const char* option, long value) {
    if (value < 1) throw InputError(option, std::to_string(value), "an integer >= 1");
}

void check_content(const char* option, const Matrix& content, int dim) {
    if (content.rows() < 1 || content.cols() != dim)
        throw InputError(option,
                         std::to_string(content.rows()) + "×" + std::to_string(content.cols()),
                         "(N, " + std::to_string(dim) + ") vectors, N >= 1");
    if (!content.allFinite()) throw InputError(option, "non-finite entries", "finite numbers");
}

}  // namespace

Matrix rope_turns_table(const RopeEncoding& rope, int train_len, int target_len) {
    check_length("--original-max-pos", train_len);
    check_length("--seq-len", target_len);
    RopeEncoding unscaled = rope;
    unscaled.scaling = pretrained_scaling(rope.scaling);
    const Vector theta = unscaled.frequencies(target_len).inverse_frequencies;
    const Vector scaled = rope.frequencies(target_len).inverse_frequencies;
    Matrix table(theta.size(), 8);
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        table(i, 0) = double(i);
        table(i, 1) = theta[i];
        table(i, 2) = kTwoPi / theta[i];
        table(i, 3) = scaled[i];
        table(i, 4) = kTwoPi / scaled[i];
        table(i, 5) = train_len * theta[i] / kTwoPi;
        table(i, 6) = train_len * scaled[i] / kTwoPi;
        table(i, 7) = target_len * scaled[i] / kTwoPi;
    }
    return table;
}

std::vector<RopeEncoding> scaling_family(const RopeEncoding& rope, double factor, int train_len) {
    if (!std::isfinite(factor) || factor < 1.0)
        throw InputError("--factor", format_number(factor), "a finite number >= 1");
    check_length("--original-max-pos", train_len);
    std::vector<RopeEncoding> family;
    for (RopeScalingType type :
         {RopeScalingType::None, RopeScalingType::Linear, RopeScalingType::Ntk,
          RopeScalingType::Dynamic, RopeScalingType::Yarn, RopeScalingType::Llama3}) {
        RopeEncoding scaled = rope;
        scaled.scaling = RopeScaling{};  // defaults: beta 32/1, low/high freq factor 1/4
        scaled.scaling.type = type;
        scaled.scaling.factor = factor;
        scaled.scaling.max_position_embeddings = train_len;
        scaled.scaling.original_max_position_embeddings = train_len;
        family.push_back(scaled);
    }
    return family;
}

int training_length(const Scene& s) {
    if (s.rope_scaling.original_max_position_embeddings > 0)
        return s.rope_scaling.original_max_position_embeddings;
    if (s.rope_scaling.max_position_embeddings > 0) return s.rope_scaling.max_position_embeddings;
    return s.seq_len;
}

bool states_training_length(const Scene& s) {
    return s.rope_scaling.original_max_position_embeddings > 0 ||
           s.rope_scaling.max_position_embeddings > 0;
}

Scene extrapolation_scene(const Scene& scene) {
    Scene s = scene;
    if (!states_training_length(s))
        s.rope_scaling.original_max_position_embeddings = std::max(2, s.seq_len / 4);
    return s;
}

double comparison_factor(const Scene& s) {
    return std::max({1.0, s.rope_scaling.factor, double(s.seq_len) / training_length(s)});
}

std::vector<ComparedScaling> compared_scalings(const Scene& s, const RopeEncoding& rope) {
    std::vector<ComparedScaling> compared;
    for (const RopeEncoding& scaled :
         scaling_family(rope, comparison_factor(s), training_length(s)))
        compared.push_back({rope_scaling_name(scaled.scaling.type), scaled});
    if (!extends_context(rope.scaling)) return compared;
    const ComparedScaling own{rope_scaling_name(rope.scaling.type) + "_model", rope};
    for (ComparedScaling& c : compared)
        if (c.rope.scaling.type == rope.scaling.type) {
            c = own;
            return compared;
        }
    compared.push_back(own);
    return compared;
}

Matrix scaling_wavelengths(const std::vector<RopeEncoding>& ropes, long seq_len) {
    check_length("--seq-len", seq_len);
    const int pairs = ropes.empty() ? 0 : ropes[0].rotary_dim() / 2;
    Matrix table(pairs, 1 + Eigen::Index(ropes.size()));
    for (int i = 0; i < pairs; ++i) table(i, 0) = i;
    for (size_t s = 0; s < ropes.size(); ++s) {
        if (ropes[s].rotary_dim() / 2 != pairs)
            throw InputError("--dim", std::to_string(ropes[s].rotary_dim()) + " rotated dims",
                             "the same rotary dim for every scaling compared (" +
                                 std::to_string(2 * pairs) + ")");
        const Vector theta = ropes[s].frequencies(seq_len).inverse_frequencies;
        table.col(1 + Eigen::Index(s)) = kTwoPi * theta.cwiseInverse();
    }
    return table;
}

Matrix logit_envelopes(const std::vector<RopeEncoding>& ropes, const Matrix& queries,
                       const Matrix& keys, int max_distance) {
    check_length("--seq-len", max_distance);
    Matrix out(max_distance, 1 + Eigen::Index(ropes.size()));
    out.col(0) = Vector::LinSpaced(max_distance, 0.0, max_distance - 1.0);
    for (size_t s = 0; s < ropes.size(); ++s) {
        const RopeEncoding& rope = ropes[s];
        rope.validate();
        check_content("--queries", queries, rope.dim);
        check_content("--keys", keys, rope.dim);
        if (keys.rows() != queries.rows())
            throw InputError("--keys", std::to_string(keys.rows()) + " vectors",
                             "as many as the queries (" + std::to_string(queries.rows()) + ")");
        const RopeFrequencies freq = rope.frequencies(max_distance);
        const int pairs = rope.rotary_dim() / 2;
        const Eigen::Index n_pairs = queries.rows();

        // logit_n(r)·√D = Σ_i a²·(cos_coef(i, n)·cos(rθ_i) + sin_coef(i, n)·sin(rθ_i)) + pass_n:
        // one matrix product over all content pairs instead of rotating every position.
        Matrix coef(2 * pairs, n_pairs);
        for (Eigen::Index n = 0; n < n_pairs; ++n) {
            for (int i = 0; i < pairs; ++i) {
                const int u = rope.pair_first_dim(i), v = rope.pair_second_dim(i);
                coef(i, n) = queries(n, u) * keys(n, u) + queries(n, v) * keys(n, v);
                coef(pairs + i, n) = queries(n, u) * keys(n, v) - queries(n, v) * keys(n, u);
            }
        }
        const int rotated = rope.rotary_dim();
        const Vector pass = (queries.rightCols(rope.dim - rotated).array() *
                             keys.rightCols(rope.dim - rotated).array())
                                .rowwise()
                                .sum();
        const double a2 = freq.attention_factor * freq.attention_factor;
        Matrix trig(max_distance, 2 * pairs);
        for (int r = 0; r < max_distance; ++r) {
            throw_if_cancelled();
            for (int i = 0; i < pairs; ++i) {
                const double angle = r * freq.inverse_frequencies[i];
                trig(r, i) = a2 * std::cos(angle);
                trig(r, pairs + i) = a2 * std::sin(angle);
            }
        }
        const Matrix logits =
            ((trig * coef).rowwise() + pass.transpose()) / std::sqrt(double(rope.dim));
        out.col(1 + Eigen::Index(s)) = logits.cwiseAbs().rowwise().maxCoeff();
    }
    return out;
}

}  // namespace posviz
