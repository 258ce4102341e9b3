// Panel shapes that several figures share.
#pragma once

#include <string>

#include "core/figure/figure.h"
#include "core/figure/ticks.h"
#include "core/figures/figure_text.h"
#include "core/scene.h"

namespace posviz {

// A matrix shown as printed: row 0 at the top, cell centres on integer positions, square cells
// unless one side is over 4 times the other. No grid over the colours.
Panel matrix_panel(Matrix values, const std::string& colormap, ColourLimits limits,
                   const std::string& x_label, const std::string& y_label,
                   const std::string& colorbar_label);

// Attention logits or probabilities [m, n]: query m down, key n across; masked cells (the causal
// mask's −∞) labelled as such. Logits: RdBu_r symmetric about 0; probabilities: viridis from 0.
Panel attention_panel(Matrix values, bool probabilities, const Text& t);

// Decision: probabilities over more than 32 keys average under 1/32 of a row's total; on a linear
// scale all but the largest would be dark, so they take a log scale (core/figure/colour_norm.h).
ColourNorm probability_norm(int keys);

// Sentence content (core/sentence.h): a matrix panel's rows and columns take their tokens as tick
// labels ("key token" across, "query token" down) when there are at most kMaxTokenLabels; longer
// sentences keep numbered positions, as their labels could not be read.
constexpr int kMaxTokenLabels = 64;
void label_with_tokens(Panel& panel, const std::vector<std::string>& query_tokens,
                       const std::vector<std::string>& key_tokens, const Text& t);

// The largest |value| over the finite entries (0 if there are none).
double max_abs_finite(const Matrix& values);
// No NaN or ±inf (a masked cell) among the values.
bool all_finite(const Matrix& values);

// An x-y plot with the given axis labels and a legend in the upper right.
Panel plot_panel(const std::string& title, const std::string& x_label, const std::string& y_label);

LineSeries line(std::string label, std::vector<double> x, std::vector<double> y, int palette_index);

// A position or distance axis up to `length`, ticked as context lengths are named: 8k, 32k =
// 32768, 128k (automatic ticks would switch to exponents, "1e5", on long axes). Linear: over
// [0, length], past 4096 positions ticks at multiples of 1024·2^j, at most 8 steps, the same
// step on every axis of that length (shorter axes keep the automatic ticks). Log
// (axis.scale == Log): over [1, length], ticks at powers of two (1, 4, 16, … 1k, 4k, 16k), every
// k-th so that at most 9 remain.
void context_length_axis(Axis& axis, double length);

// A learned table shorter than L (missing_rows_from; max_len 0: none): the positions past it are
// NaN in the panel's matrix, drawn masked (the swatch says why), or in its curves, which stop
// there: a line plot keeps its position axis to L − 1 and marks max_len, so the wall shows.
void mark_missing_rows(Panel& panel, int max_len, int seq_len, const Text& t);

// A vertical marker at x = at from y0 to y1 (e.g. the training length), muted and dashed.
LineSeries vertical_marker(std::string label, double at, double y0, double y1);

}  // namespace posviz

namespace posviz {

// Pictures of L×L matrices stop at L = 4096 (16.7 M cells, more than any screen or page shows);
// larger sizes are for the .npy/.csv export. InputError("--seq-len", ...) beyond.
void check_square_picture_size(const Scene& scene);

}  // namespace posviz
