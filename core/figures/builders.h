// One builder per figure name (each in its own file); build_figure.cpp dispatches to them.
#pragma once

#include "core/figures/figures.h"

namespace posviz {

Figure wavelengths_figure(const Scene& scene, const FigureOptions& options);
Figure curves_figure(const Scene& scene, const FigureOptions& options);
Figure pe_figure(const Scene& scene, const FigureOptions& options);
Figure similarity_figure(const Scene& scene, const FigureOptions& options);
Figure scores_figure(const Scene& scene, const FigureOptions& options);
Figure terms_figure(const Scene& scene, const FigureOptions& options);
Figure bias_figure(const Scene& scene, const FigureOptions& options);
Figure buckets_figure(const Scene& scene, const FigureOptions& options);
Figure decay_figure(const Scene& scene, const FigureOptions& options);
Figure rotation_figure(const Scene& scene, const FigureOptions& options);
Figure permutation_figure(const Scene& scene, const FigureOptions& options);
Figure turns_figure(const Scene& scene, const FigureOptions& options);
Figure scalings_figure(const Scene& scene, const FigureOptions& options);
Figure extrapolation_figure(const Scene& scene, const FigureOptions& options);
Figure pca_figure(const Scene& scene, const FigureOptions& options);
Figure base_bound_figure(const Scene& scene, const FigureOptions& options);
Figure scale_factors_figure(const Scene& scene, const FigureOptions& options);

}  // namespace posviz
