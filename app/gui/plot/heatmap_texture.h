// Heatmaps on the GPU: one RGBA texture per heatmap, one texel per cell, made by heatmap_rgba and
// kept for as long as the figure's version and the theme stay the same. A heatmap whose values
// stay on the GPU (Heatmap::device, a gpu::GpuMatrix) is coloured there by a compute shader
// (gpu/heatmap_colouring.h) straight into its texture: nothing is read back or uploaded. Magnified
// cells stay sharp (nearest); a 2048² matrix in a 500-pixel box is averaged through mipmaps instead
// of aliasing. Textures that no panel drew for a few frames are deleted.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <vector>

#include "app/gui/plot/plot_transform.h"
#include "core/figure/figure.h"
#include "core/figure/theme.h"

namespace posviz::gui {

struct HeatmapTexture {
    ImTextureID id = nullptr;
    bool has_masked = false;  // any NaN/±inf cell: the colorbar then shows the masked swatch
};

// `key` identifies the panel (its ImGui id); `version` changes whenever the figure's data does.
// `pixels`, if given, are heatmap_rgba(heatmap, theme) made ahead of time (off the UI thread).
HeatmapTexture heatmap_texture(ImGuiID key, const Heatmap& heatmap, const Theme& theme,
                               uint64_t version, const HeatmapPixels* pixels);

// How large panel `key`'s whole map was drawn, in pixels (zoom makes it larger than its box):
// the next frame uploads the finer mipmap levels if it now needs them (finest_level_needed).
void heatmap_shown(ImGuiID key, float width, float height);

// Draws heatmap texture `id` over [from, to] without blending: its texels are opaque, and on a
// software rasteriser (Mesa's llvmpipe) a blended fragment also reads and mixes the framebuffer —
// the heatmaps are most of a frame's fragments.
void add_opaque_image(ImDrawList* draw, ImTextureID id, ImVec2 from, ImVec2 to);

// Deletes every texture (before the OpenGL context goes away).
void release_heatmap_textures();

}  // namespace posviz::gui
