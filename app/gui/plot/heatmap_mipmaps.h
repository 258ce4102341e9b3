// The smaller copies (mipmap levels) of a heatmap's RGBA8 picture, made on the CPU where the
// picture was coloured (a build's worker thread): the texture the plot widget draws is minified
// (2048² texels in a few hundred pixels), and without them it would alias. On Mesa's llvmpipe,
// glGenerateMipmap drew them with both cores on the UI thread, ~10 ms a 2048² panel; here they
// take a pass over the picture, shared between the cores, off the UI thread. Pictures coloured on
// the GPU keep glGenerateMipmap (gpu/heatmap_colouring.h).
#pragma once

#include <cstdint>
#include <vector>

namespace posviz::gui {

struct MipLevel {
    int width = 0, height = 0;
    std::vector<uint8_t> rgba;  // row 0 first, as the level above
};

// Levels 1, 2, … down to 1×1, sized as OpenGL sizes them (each side max(1, ⌊side/2⌋)). Texel
// (x, y) of a level is the rounded mean of the texels of the level above that it covers: columns
// [⌊x·W/w⌋, ⌊(x+1)·W/w⌋) and the rows likewise, so an odd side's last row or column is averaged
// in, not dropped (a 2047-key map keeps its last key). Stops at the current cancellation token.
std::vector<MipLevel> rgba_mip_levels(const std::vector<uint8_t>& rgba, int width, int height);

// The finest level a texels_x × texels_y picture needs when the whole of it is drawn shown_x ×
// shown_y pixels large, minified with GL_LINEAR_MIPMAP_NEAREST: GL reads the level nearest to
// λ = log2 of the larger texels-per-pixel ratio, never one finer than ⌊λ⌋, and so never one finer
// than ⌊log2⌋ of the smaller ratio. 0 when the size drawn is not known (≤ 0) or not minified 2×.
int finest_level_needed(int texels_x, int texels_y, float shown_x, float shown_y);

}  // namespace posviz::gui
