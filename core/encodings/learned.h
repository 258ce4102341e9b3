// Learned absolute positional encoding (BERT, GPT-2): a (max_len × D) table, one row per position.
// Positions at or beyond max_len do not exist — the "hard wall" of learned tables — and asking for
// them is an InputError, never a silent clamp.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace posviz {

struct LearnedEncoding {
    Matrix table;  // (max_len, D)

    // A stand-in for a trained table: N(0, 0.02^2) entries (GPT-2's init std) from a fixed seed.
    static LearnedEncoding seeded(int max_len, int dim, uint64_t seed);
    Matrix positions(int seq_len) const;  // first seq_len rows; throws if seq_len > max_len
};

}  // namespace posviz
