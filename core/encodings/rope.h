// Rotary position embedding (Su et al. 2021, RoFormer, eq. 14-16): each pair of dimensions of a
// query/key at position m is rotated by the angle m·theta_i, so q_m·k_n depends on m - n only.
// Pair conventions:
//  - Interleaved: pairs (2i, 2i+1), as in RoFormer and the seeds.
//  - Half: pairs (i, i + rotary_dim/2), GPT-NeoX / Llama's rotate_half.
// Partial rotary (GPT-NeoX rotary_pct, Phi's partial_rotary_factor): only the first
// rotary_dim = int(D · fraction) dims rotate (transformers' int(head_dim * partial_rotary_factor));
// the rest pass through. Angles m·theta_i are formed in double precision.
#pragma once

#include <initializer_list>
#include <utility>

#include "core/encodings/rope_scaling.h"
#include "core/types.h"

namespace posviz {

enum class RopeStyle { Interleaved, Half };

struct RopeEncoding {
    int dim = 64;
    double base = 10000.0;
    RopeStyle style = RopeStyle::Interleaved;
    double rotary_fraction = 1.0;  // in (0, 1]
    RopeScaling scaling;

    void validate() const;  // D even and > 0, fraction in (0,1], rotary_dim even and > 0
    int rotary_dim() const;
    RopeFrequencies frequencies(long seq_len) const;
    Matrix angles(int seq_len) const;  // (L, rotary_dim/2): m·theta_i
    // Rotate rows of x (row m = position m); the attention factor multiplies the rotated dims as
    // it multiplies cos and sin in transformers. scaling_seq_len selects the frequencies of
    // dynamic/longrope (0: use x.rows()).
    Matrix rotate(const Matrix& x, long scaling_seq_len = 0) const;
    // Queries and keys (the same number of rows) rotated as rotate does, each angle's cosine and
    // sine evaluated once for both: the evaluations are most of the work.
    std::pair<Matrix, Matrix> rotate_both(const Matrix& queries, const Matrix& keys) const;
    // The two dims that pair i rotates together (see the styles above).
    int pair_first_dim(int i) const { return style == RopeStyle::Interleaved ? 2 * i : i; }
    int pair_second_dim(int i) const {
        return style == RopeStyle::Interleaved ? 2 * i + 1 : i + rotary_dim() / 2;
    }

  private:
    // Rotates each matrix (the same number of rows) in place, as rotate.
    void rotate_in_place(std::initializer_list<Matrix*> xs, long scaling_seq_len) const;
};

}  // namespace posviz
