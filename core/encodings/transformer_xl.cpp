#include "core/encodings/transformer_xl.h"

#include <cmath>

#include "core/cancellation.h"
#include "core/encodings/checks.h"
#include "core/encodings/relative_term.h"
#include "core/encodings/sinusoidal.h"
#include "core/input_error.h"
#include "core/random.h"

namespace posviz {

TransformerXL TransformerXL::seeded(int dim, uint64_t seed) {
    check_even_dim(dim);
    // u then v from one stream, unit variance like random content.
    NormalSampler sampler(seed);
    TransformerXL xl;
    xl.u = sampler.vector(dim, 1.0);
    xl.v = sampler.vector(dim, 1.0);
    return xl;
}

namespace {

// Everything the four terms share, with 1/sqrt(D) folded into the query-side operands.
struct XLOperands {
    Matrix queries;    // q_i / sqrt(D)
    Vector u;          // u / sqrt(D)
    Vector v;          // v / sqrt(D)
    Matrix positions;  // row (i - j) + (L - 1) = W_R R_{i-j}
};

// R covers the offsets of seq_len positions; queries may be a single row (logits_of_offsets).
XLOperands prepare(const TransformerXL& xl, const Matrix& queries, const Matrix& keys,
                   int seq_len) {
    check_queries_keys(queries, keys);
    check_seq_len(seq_len);
    const int dim = int(queries.cols());
    check_even_dim(dim);
    if (xl.u.size() != dim || xl.v.size() != dim)
        throw InputError("--dim", std::to_string(dim),
                         "the size of the biases u and v (" + std::to_string(xl.u.size()) + ", " +
                             std::to_string(xl.v.size()) + ")");
    if (xl.w_r.size() != 0 && (xl.w_r.rows() != dim || xl.w_r.cols() != dim))
        throw InputError("--w-r",
                         std::to_string(xl.w_r.rows()) + "x" + std::to_string(xl.w_r.cols()),
                         "a " + std::to_string(dim) + "x" + std::to_string(dim) + " matrix");
    // Dai et al. 2019 §3.3: R is the sinusoid encoding matrix without learnable parameters,
    // taken at the relative distance i - j.
    SinusoidalEncoding sinusoid{dim, xl.base, SinusoidalLayout::Interleaved};
    Matrix r =
        sinusoid.table_at(Vector::LinSpaced(2 * seq_len - 1, -(seq_len - 1.0), seq_len - 1.0));
    double scale = 1.0 / std::sqrt(double(dim));
    XLOperands ops{queries * scale, xl.u * scale, xl.v * scale, Matrix()};
    // W_R R_{i-j} as a row is R_{i-j}^T W_R^T.
    ops.positions = xl.w_r.size() == 0 ? r : Matrix(r * xl.w_r.transpose());
    return ops;
}

// Adds term 0..3 = (a)..(d) of the A^rel_ij equation of Dai et al. 2019 §3.3 to out.
void add_term(int term, Matrix& out, const XLOperands& ops, const Matrix& keys) {
    const int seq_len = int(keys.rows());
    auto row_of_offset = [seq_len](int offset) { return offset + seq_len - 1; };
    switch (term) {
        case 0:  // (a) content-based addressing: q_i · k_j
            add_product_with_transpose(out, ops.queries, keys);
            break;
        case 1:  // (b) content-dependent positional bias: q_i · W_R R_{i-j}
            add_relative_term(out, ops.queries, ops.positions, row_of_offset);
            break;
        case 2: {  // (c) global content bias: u · k_j, the same for every query i
            Vector per_key = keys * ops.u;
            out.rowwise() += per_key.transpose();
            break;
        }
        case 3: {  // (d) global positional bias: v · W_R R_{i-j}
            Vector per_offset = ops.positions * ops.v;
            for (int i = 0; i < seq_len; ++i) {
                throw_if_cancelled();
                for (int j = 0; j < seq_len; ++j) out(i, j) += per_offset[row_of_offset(i - j)];
            }
            break;
        }
    }
}

}  // namespace

std::array<Matrix, 4> TransformerXL::terms(const Matrix& queries, const Matrix& keys) const {
    XLOperands ops = prepare(*this, queries, keys, int(queries.rows()));
    std::array<Matrix, 4> result;
    for (int t = 0; t < 4; ++t) {
        result[t] = Matrix::Zero(keys.rows(), keys.rows());
        add_term(t, result[t], ops, keys);
    }
    return result;
}

Matrix TransformerXL::logits(const Matrix& queries, const Matrix& keys) const {
    XLOperands ops = prepare(*this, queries, keys, int(queries.rows()));
    Matrix out = Matrix::Zero(keys.rows(), keys.rows());
    for (int t = 0; t < 4; ++t) add_term(t, out, ops, keys);
    return out;
}

Vector TransformerXL::logits_of_offsets(const Vector& query, const Vector& key, int seq_len) const {
    const Matrix key_row = key.transpose();
    XLOperands ops = prepare(*this, Matrix(query.transpose()), key_row, seq_len);
    // The four terms of add_term, in its order: (a) and (c) are the same for every (i, j); (b)
    // and (d) pick the row of W_R R_{i-j}, whose index (i - j) + L - 1 runs backwards in ours.
    const double content = ops.queries.row(0).dot(key_row.row(0));           // (a) q · k
    const Vector by_query = ops.positions * ops.queries.row(0).transpose();  // (b) q · W_R R
    const double global_content = key.dot(ops.u);                            // (c) u · k
    const Vector by_v = ops.positions * ops.v;                               // (d) v · W_R R
    return (((content + by_query.array()) + global_content) + by_v.array()).reverse().matrix();
}

}  // namespace posviz
