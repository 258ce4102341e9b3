// How long a sequence each view draws, and what the window says about an L it cannot take: the
// limits are README's "Limits and bad input" (core/limits.h; a picture of an L × L matrix stops at
// 4096, core/figures/panels.h), kept here for the widgets, which must offer exactly as much.
// GL-free, so that the tests check them against what the figures accept.
#pragma once

#include <optional>
#include <string>

#include "app/storyline/view_settings.h"

namespace posviz::storyline {

constexpr int k_min_seq_len = 2;  // the L controls' least: one position has no distance to show
constexpr int k_square_picture_max_len = 4096;  // check_square_picture_size (core/figures/panels)

// The longest L `figure` draws: 4096 for pictures of L × L matrices (similarity, bias, buckets,
// terms, permutation), limits::kMaxSeqLen for the rest — O(L·D) figures, and the scores map,
// which past its resolution is reduced while the logits stream by, never held whole.
int figure_max_seq_len(const std::string& figure);
// The longest L any of a view's figures draws: what its L control reaches.
int view_max_seq_len(ViewId view, const ViewSettings& settings);

// A length typed into an L control: `value` is what L becomes (absent: L stays as it was) and
// `message`, when not empty, what the window says — a number beyond `hi` is clamped to it, one
// below k_min_seq_len or text that is not a whole number leaves L alone.
struct TypedLength {
    std::optional<int> value;
    std::string message;
};
TypedLength parse_typed_length(const std::string& text, int current, int hi,
                               const std::string& lang);

// "131,072": lengths as the window writes them.
std::string grouped(long long n);

// What a view says when the scene's L is longer than one of its figures draws; "" when not.
std::string capped_length_note(int seq_len, int drawn, const std::string& lang);

}  // namespace posviz::storyline
