// Colours a GpuMatrix into an RGBA8 texture on the GPU (shaders/colour_heatmap.comp), with mipmap
// levels for minification: the texture a GUI heatmap draws, made without the map leaving the GPU.
// Works in whichever OpenGL 4.3 context is current (the GUI's window context); the GpuMatrix must
// belong to its share group.
#pragma once

#include "core/figure/colormap.h"
#include "gpu/gpu_matrix.h"

namespace posviz::gpu {

class HeatmapColouring {
  public:
    HeatmapColouring();  // compiles the shader; throws GpuError if it cannot
    ~HeatmapColouring();
    HeatmapColouring(const HeatmapColouring&) = delete;
    HeatmapColouring& operator=(const HeatmapColouring&) = delete;

    // Writes the colours of `values` into `texture`: a texture name that is 0 or was made by an
    // earlier call (a new one, sized to the map, is made when needed and stored back).
    // t = colour_position(norm, [vmin, vmax], v) through `colormap` (core/figure/colour_norm.h:
    // linear, log or power); NaN and ±inf get `masked`.
    void colour(const GpuMatrix& values, const Colormap& colormap, double vmin, double vmax,
                Rgb masked, unsigned& texture, const ColourNorm& norm = {});

  private:
    unsigned program_ = 0;
    unsigned nodes_ = 0;  // the colormap's nodes, vec4 each
};

}  // namespace posviz::gpu
