#include "core/figure_data.h"

#include <algorithm>
#include <string>

#include "core/analyses/block_reduction.h"
#include "core/analyses/decay.h"
#include "core/analyses/frequencies.h"
#include "core/analyses/learned_table.h"
#include "core/analyses/logit_terms.h"
#include "core/analyses/pe_analysis.h"
#include "core/analyses/rope_bounds.h"
#include "core/analyses/rope_extension.h"
#include "core/figures/scores_backend.h"
#include "core/input_error.h"

namespace posviz {

namespace {

std::vector<std::string> numbered(const std::string& prefix, Eigen::Index count) {
    std::vector<std::string> names;
    for (Eigen::Index i = 0; i < count; ++i) names.push_back(prefix + std::to_string(i));
    return names;
}

DataTable matrix_table(Matrix values, std::vector<std::string> columns) {
    DataTable t;
    t.shape = {values.rows(), values.cols()};
    t.values = std::move(values);
    t.columns = std::move(columns);
    return t;
}

std::vector<int64_t> counting(Eigen::Index count) {
    std::vector<int64_t> keys(static_cast<size_t>(count));
    for (size_t i = 0; i < keys.size(); ++i) keys[i] = int64_t(i);
    return keys;
}

// Tables whose row r is position r: the CSV gets a first column naming it.
DataTable position_rows(DataTable table, std::string label) {
    table.row_keys = counting(table.values.rows());
    table.row_label = std::move(label);
    return table;
}

// [m, n] tables: one row per query position m, one column per key position n.
DataTable square_table(Matrix values) {
    const Eigen::Index cols = values.cols();
    return position_rows(matrix_table(std::move(values), numbered("n", cols)), "m");
}

Matrix positional_bias(const Encoding& e, int seq_len, const std::string& name) {
    if (const auto* a = std::get_if<AlibiBias>(&e)) return a->bias(seq_len);
    if (const auto* k = std::get_if<KerpleBias>(&e)) return k->bias(seq_len);
    if (const auto* f = std::get_if<FireBias>(&e)) return f->bias(seq_len);
    if (const auto* t = std::get_if<T5Bias>(&e)) return t->bias(seq_len);
    throw InputError("--encoding", name, "alibi, kerple, fire or t5 for the bias figure");
}

DataTable terms_table(const Scene& s) {
    const Encoding e = make_encoding(s);
    const Content c = make_content(s);
    std::array<Matrix, 4> terms;
    if (const auto* xl = std::get_if<TransformerXL>(&e)) {
        terms = xl->terms(c.queries, c.keys);
    } else if (std::holds_alternative<SinusoidalEncoding>(e) ||
               std::holds_alternative<LearnedEncoding>(e)) {
        terms = additive_logit_terms(c.queries, c.keys, absolute_pe(s));
    } else {
        throw InputError("--encoding", s.encoding,
                         "sinusoidal, learned or xl for the terms figure");
    }
    const Eigen::Index l = s.seq_len;
    DataTable t;
    t.shape = {4, l, l};
    t.values.resize(4 * l, l);
    for (int i = 0; i < 4; ++i) t.values.middleRows(i * l, l) = terms[i];
    t.columns = {"term", "m", "n"};
    return t;
}

const RopeEncoding& scene_rope(const Scene& s, const Encoding& e) {
    if (const auto* rope = std::get_if<RopeEncoding>(&e)) return *rope;
    if (const auto* xpos = std::get_if<XPosEncoding>(&e)) return xpos->rope;
    throw InputError(
        "--encoding", s.encoding,
        "rope or xpos (or --model-config of a RoPE model) for the " + s.figure + " figure");
}

std::vector<std::string> with_first(std::string first, const std::vector<std::string>& rest) {
    std::vector<std::string> names{std::move(first)};
    names.insert(names.end(), rest.begin(), rest.end());
    return names;
}

}  // namespace

const std::vector<FigureInfo>& data_figures() {
    static const std::vector<FigureInfo> figures = {
        {"pe", "(L, D)", "absolute PE matrix (sinusoidal, learned)"},
        {"wavelengths", "(D/2, 3)",
         "pair index i, theta_i in rad/position, wavelength 2*pi/theta_i"},
        {"curves", "(L, k)", "PE values of the dims named by --dims"},
        {"similarity", "(L, L)", "PE(i)·PE(j)"},
        {"scores", "(L, L)",
         "attention logits [m, n] (query m, key n), or --softmax probabilities"},
        {"terms", "(4, L, L)", "the four logit terms (additive PEs, Transformer-XL)"},
        {"bias", "(L, L)", "positional bias b[m, n] (alibi, kerple, fire, t5)"},
        {"buckets", "(L, L)", "T5 bucket ids"},
        {"decay", "(L, 2)",
         "relative distance r and RoFormer's long-term decay bound (xPos: with its scale "
         "zeta_i^(r/B))"},
        {"turns", "(R/2, 8)",
         "per RoPE pair: i, theta, wavelength, scaled theta and wavelength, turns within the "
         "training length before/after scaling, turns at L"},
        {"scalings", "(R/2, 7 or 8)",
         "pair i and its wavelength under none, linear, ntk, dynamic, yarn, llama3; the model's "
         "own method (<type>_model) replaces its type's column, or comes last (longrope_model)"},
        {"extrapolation", "(L, 7 or 8)",
         "distance r and the largest |logit| at r under each scaling, as in scalings (over the "
         "first 16 content pairs)"},
        {"pca", "(L, 3)", "absolute PE rows projected on their 3 principal components"},
        {"scale-factors", "(R/2, 7 or 8)",
         "pair i and theta'_i/theta_i under each scaling, as in scalings (1: unchanged, "
         "1/factor: slowed by the whole factor)"},
        {"base-bound", "(L, 2)",
         "distance m and f_b(m) = sum_i cos(m*b^(-2i/d)) (Men et al. 2024), d the rotary dim"},
    };
    return figures;
}

namespace {

// Doubles a figure keeps at once besides its dense L × L output: the content q and k with their
// encoded copies and any table (learned L × D, Shaw (2L-1) × D) for figures that attend; the PE
// table and its copies for absolute-PE figures; L-long curves for decay. An estimate to stop a
// computation that cannot fit before it starts, not an account.
double working_doubles(const Scene& s) {
    const double L = s.seq_len, D = s.dim;
    const std::string& f = s.figure;
    if (f == "wavelengths" || f == "turns" || f == "scalings" || f == "scale-factors")
        return 8.0 * D;
    if (f == "decay" || f == "bias" || f == "buckets" || f == "base-bound") return 4.0 * L + D;
    if (f == "pe" || f == "curves" || f == "similarity" || f == "pca") return 3.0 * L * D + D * D;
    return 6.0 * L * D;  // scores, terms, extrapolation and the GUI's attention views
}

bool square_figure(const std::string& figure) {
    return figure == "similarity" || figure == "scores" || figure == "bias" ||
           figure == "buckets" || figure == "terms";
}

// Doubles of the L × L maps a figure holds at once: one per panel, and every panel is alive until
// the figure is drawn (--compare: 16 maps at L = 4096 are 2 GiB), four for terms. A scores picture
// of L > resolution holds resolution² texels a panel instead (its data export's dense output is
// check_output_size's).
double map_doubles(const Scene& s, int panels) {
    if (!square_figure(s.figure)) return 0.0;
    const double side =
        s.figure == "scores" ? std::min(s.seq_len, s.resolution) : double(s.seq_len);
    const double count = panels > 0 ? panels : std::max<double>(1.0, double(s.compare.size()));
    return count * side * side * (s.figure == "terms" ? 4.0 : 1.0);
}

std::string bytes_text(double bytes) {
    return std::to_string(int64_t(bytes)) + " bytes";
}

}  // namespace

void check_output_size(const Scene& s) {
    if (!square_figure(s.figure)) return;
    const double count = double(s.seq_len) * double(s.seq_len) * (s.figure == "terms" ? 4.0 : 1.0);
    const double bytes = count * 8.0;
    if (bytes > double(s.max_bytes)) {
        throw InputError("--seq-len", std::to_string(s.seq_len),
                         "a length whose dense " + s.figure +
                             " output fits in --max-bytes = " + std::to_string(s.max_bytes) +
                             " bytes (it would take " + bytes_text(bytes) + ")")
            .with_cause(InputErrorCause::Memory);
    }
}

void check_memory_budget(const Scene& s, int panels) {
    const double maps = map_doubles(s, panels);
    const double bytes = 8.0 * (working_doubles(s) + maps);
    if (bytes <= double(s.max_bytes)) return;
    const std::string what =
        maps > 0.0
            ? " working set and its " + std::to_string(int(maps / map_doubles(s, 1))) + " panel(s)"
            : " working set";
    throw InputError(
        "--seq-len", std::to_string(s.seq_len) + " with --dim " + std::to_string(s.dim),
        "sizes whose " + s.figure + what + " fit in --max-bytes = " + std::to_string(s.max_bytes) +
            " bytes (they would take about " + bytes_text(bytes) + ")")
        .with_cause(InputErrorCause::Memory);
}

void check_figure_name(const std::string& figure) {
    std::string names;
    for (const auto& info : data_figures()) {
        if (info.name == figure) return;
        names += (names.empty() ? "" : "|") + info.name;
    }
    throw InputError("FIGURE", figure, "one of " + names);
}

DataTable compute_figure_data(const Scene& s, ScoresBackend* backend) {
    check_figure_name(s.figure);
    validate_scene(s);
    check_memory_budget(s);
    check_output_size(s);
    const std::string& f = s.figure;
    if (f == "pe") {
        Matrix pe = absolute_pe(s);
        const Eigen::Index cols = pe.cols();
        return position_rows(matrix_table(std::move(pe), numbered("d", cols)), "position");
    }
    if (f == "wavelengths")
        return matrix_table(wavelength_table(scene_inverse_frequencies(s)),
                            {"i", "theta", "wavelength"});
    if (f == "curves") {
        std::vector<std::string> names;
        for (int d : s.dims) names.push_back("dim" + std::to_string(d));
        return position_rows(matrix_table(pe_curves(absolute_pe(s), s.dims), names), "position");
    }
    if (f == "similarity") return square_table(pe_similarity(absolute_pe(s)));
    if (f == "scores") {
        return square_table(dense_scores(s, make_encoding(s), make_content(s), backend));
    }
    if (f == "terms") return terms_table(s);
    if (f == "bias") {
        Matrix bias = positional_bias(make_encoding(s), s.seq_len, s.encoding);
        if (s.causal) apply_causal_mask(bias);
        return square_table(std::move(bias));
    }
    if (f == "buckets") {
        const Encoding e = make_encoding(s);
        const auto* t5 = std::get_if<T5Bias>(&e);
        if (!t5) throw InputError("--encoding", s.encoding, "t5 for the buckets figure");
        return square_table(t5->buckets(s.seq_len).cast<double>());
    }
    if (f == "decay") return matrix_table(scene_decay_bound(s), {"r", "bound"});
    if (f == "pca")
        return position_rows(
            matrix_table(table_pca(absolute_pe(s), 3).projection, {"pc1", "pc2", "pc3"}),
            "position");
    const Encoding e = make_encoding(s);
    const RopeEncoding& rope = scene_rope(s, e);
    if (f == "base-bound") {
        if (rope.rotary_dim() < 4)
            throw InputError(
                "--dim",
                std::to_string(s.dim) + " (rotary dim " + std::to_string(rope.rotary_dim()) + ")",
                "a rotary dimension of at least 4 for the base-bound figure (with "
                "one pair the base changes nothing)");
        const Vector curve = base_bound_curve(rope.base, rope.rotary_dim(), s.seq_len);
        Matrix values(s.seq_len, 2);
        for (Eigen::Index m = 0; m < curve.size(); ++m) {
            values(m, 0) = double(m);
            values(m, 1) = curve[m];
        }
        return matrix_table(std::move(values), {"m", "f"});
    }
    if (f == "turns")
        return matrix_table(rope_turns_table(rope, training_length(s), s.seq_len),
                            {"i", "theta", "wavelength", "theta_scaled", "wavelength_scaled",
                             "turns_before", "turns_after", "turns_at_length"});
    std::vector<RopeEncoding> family;
    std::vector<std::string> names;
    for (const ComparedScaling& c :
         compared_scalings(f == "extrapolation" ? extrapolation_scene(s) : s, rope)) {
        family.push_back(c.rope);
        names.push_back(c.column);
    }
    if (f == "scalings")
        return matrix_table(scaling_wavelengths(family, s.seq_len), with_first("i", names));
    if (f == "scale-factors") {
        // θ′ᵢ/θᵢ = λᵢ/λ′ᵢ, λ′ each scaling's wavelength and λ the unscaled one (the family's first
        // column, "none"); a pair that does not turn (θ = 0) has none (NaN).
        Matrix ratios = scaling_wavelengths(family, s.seq_len);
        for (Eigen::Index c = ratios.cols() - 1; c >= 1; --c)
            ratios.col(c) = ratios.col(1).cwiseQuotient(ratios.col(c));
        return matrix_table(std::move(ratios), with_first("i", names));
    }
    // The envelope is a max over (q, k) pairs, each costing O(L·D): the first 16 content rows are
    // plenty to show the shape and keep L = 32k interactive.
    const Content c = make_content(s);
    const Eigen::Index pairs = std::min<Eigen::Index>(16, c.queries.rows());
    return matrix_table(
        logit_envelopes(family, c.queries.topRows(pairs), c.keys.topRows(pairs), s.seq_len),
        with_first("r", names));
}

DataTable compute_reduced_scores_data(const Scene& s, ScoresBackend* backend) {
    if (s.figure != "scores")
        throw InputError(
            "--resolution", std::to_string(s.resolution),
            "only with the scores figure (the " + s.figure + " data export is always dense)");
    validate_scene(s);
    if (s.seq_len <= s.resolution) return compute_figure_data(s, backend);
    check_memory_budget(s);
    DataTable t;
    t.values = reduced_scores(s, make_encoding(s), make_content(s), backend);
    const Eigen::Index texels = t.values.rows();
    t.shape = {texels, texels};
    const std::string value = s.softmax ? "max_probability_n" : "max_abs_logit_n";
    for (Eigen::Index i = 0; i < texels; ++i) {
        const long start = reduction_block_start(i, s.seq_len, s.resolution);
        t.columns.push_back(value + std::to_string(start));
        t.row_keys.push_back(start);
    }
    t.row_label = "m_from";
    return t;
}

}  // namespace posviz
