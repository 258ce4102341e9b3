// Attention scores under any encoding of the core. Logits are [m, n] = query m on key n, divided
// by sqrt(D), plus the encoding's bias; a causal mask writes -inf where n > m.
#pragma once

#include <string>
#include <variant>

#include "core/encodings/alibi.h"
#include "core/encodings/fire.h"
#include "core/encodings/kerple.h"
#include "core/encodings/learned.h"
#include "core/encodings/rope.h"
#include "core/encodings/shaw.h"
#include "core/encodings/sinusoidal.h"
#include "core/encodings/t5.h"
#include "core/encodings/transformer_xl.h"
#include "core/encodings/xpos.h"

namespace posviz {

// No positional encoding at all (Kazemnejad et al. 2023, "The Impact of Positional Encoding on
// Length Generalization"): only a causal mask, if any, tells positions apart.
struct NoPE {};

using Encoding =
    std::variant<NoPE, SinusoidalEncoding, LearnedEncoding, ShawRelative, TransformerXL, T5Bias,
                 RopeEncoding, AlibiBias, KerpleBias, FireBias, XPosEncoding>;

std::string encoding_name(const Encoding& encoding);  // "nope", "sinusoidal", ... as on the CLI

// queries, keys: (L, D) content before any encoding. Additive PEs are added to both.
Matrix attention_logits(const Encoding& encoding, const Matrix& queries, const Matrix& keys,
                        bool causal);
// Row softmax; -inf entries become exactly 0. Rows are stabilised by their max (finite rows).
Matrix softmax_rows(const Matrix& logits);
// The same, overwriting logits: no second L×L matrix. A row without any finite entry becomes 0.
void softmax_rows_inplace(Matrix& logits);
// Writes -inf above the diagonal (n > m).
void apply_causal_mask(Matrix& logits);

}  // namespace posviz
