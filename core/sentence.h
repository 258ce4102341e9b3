// Sentence content (issue 11 item 6): a sentence typed by the user becomes the query and key
// content, one row per token, so that order blindness shows on words rather than on noise.
//
// Tokens: the text is split on whitespace (ASCII and Unicode spaces, U+3000 included), and every
// CJK character (ideographs, kana, bopomofo, CJK and full-width punctuation) is a token of its own,
// so "我爱 NLP" gives 我 | 爱 | NLP. Hangul stays in words, as Korean is written with spaces.
// Tokens are compared as written: "The" and "the" are different words.
//
// Vectors: each distinct token gets a deterministic content vector derived from its text alone, so
// the same word always gets the same vector, in any sentence and under any --seed. The token's
// UTF-8 bytes are hashed with 64-bit FNV-1a; its query row is the first D samples of
// NormalSampler(table_seed(hash, SentenceQueries)) and its key row those of
// NormalSampler(table_seed(hash, SentenceKeys)) (core/random.h): standard normal, like random
// content, and different for q and k as W_q·x and W_k·x are in a model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace posviz {

// The tokens of `text` as above. InputError naming `source` for text that is not UTF-8, has no
// token, or has more than limits::kMaxSentenceTokens tokens (checked while scanning, so a huge
// text costs no memory).
std::vector<std::string> sentence_tokens(const std::string& text, const std::string& source);

// InputError naming `source` where `text` holds a right-to-left script (Hebrew, Arabic, Syriac,
// Thaana, N'Ko, their presentation forms): posviz sets text left to right, glyph by glyph, with
// neither the Unicode bidirectional algorithm nor Arabic shaping (no FriBidi or HarfBuzz), so it
// would draw such words reversed and unjoined. Refused rather than drawn wrong (decision, issue
// 22); sentence_tokens checks its text with it, the CLI its --title and --subtitle.
void check_left_to_right(const std::string& text, const std::string& source);

// 64-bit FNV-1a of the token's bytes (offset basis 14695981039346656037, prime 1099511628211).
uint64_t token_hash(const std::string& token);

enum class TokenRole { Query, Key };

// (tokens, dim): row r is the `role` vector of tokens[r].
Matrix token_vectors(const std::vector<std::string>& tokens, int dim, TokenRole role);

}  // namespace posviz
