// Panel shapes that several figures share.
#pragma once

#include <string>

#include "core/figure/figure.h"
#include "core/figure/ticks.h"
#include "core/figures/figure_text.h"
#include "core/scene.h"

namespace posviz {

// A matrix shown as printed: row 0 at the top, cell centres on integer positions, square
// matrices with square cells. No grid over the colours.
Panel matrix_panel(Matrix values, const std::string& colormap, ColourLimits limits,
                   const std::string& x_label, const std::string& y_label,
                   const std::string& colorbar_label);

// Attention logits or probabilities [m, n]: query m down, key n across; masked cells (the causal
// mask's −∞) labelled as such. Logits: RdBu_r symmetric about 0; probabilities: viridis from 0.
Panel attention_panel(Matrix values, bool probabilities, const Text& t);

// The largest |value| over the finite entries (0 if there are none).
double max_abs_finite(const Matrix& values);

// An x-y plot with the given axis labels and a legend in the upper right.
Panel plot_panel(const std::string& title, const std::string& x_label, const std::string& y_label);

LineSeries line(std::string label, std::vector<double> x, std::vector<double> y, int palette_index);

}  // namespace posviz

namespace posviz {

// Pictures of L×L matrices stop at L = 4096 (16.7 M cells, more than any screen or page shows);
// larger sizes are for the .npy/.csv export. InputError("--seq-len", ...) beyond.
void check_square_picture_size(const Scene& scene);

}  // namespace posviz
