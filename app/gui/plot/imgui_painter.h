// Paints a laid-out figure (core/layout/display_list.h) onto an ImDrawList, as the cairo and SVG
// painters paint it onto paper: every decision about where anything goes was the layout's. Only
// what ImGui lacks is made here: dashes, turned text, lines of a million points thinned to what
// the pixels can show (polyline_decimation.h). Heatmaps are the screen's own textures
// (heatmap_texture.h), found for each heatmap image by the caller.
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

#include <functional>

#include "app/gui/plot/imgui_text_measure.h"
#include "core/layout/display_list.h"

namespace posviz::gui {

// Where a canvas lies on the screen: its top-left corner in pixels, and pixels per point.
struct ScreenPlacement {
    ImVec2 origin;
    float pixels_per_point = 1.0f;
    ImVec2 pixel(Point p) const {
        return {origin.x + float(p.x) * pixels_per_point, origin.y + float(p.y) * pixels_per_point};
    }
    ImRect pixels(Rect r) const { return {pixel({r.x, r.y}), pixel({r.x + r.w, r.y + r.h})}; }
    Point point(ImVec2 pixel) const {
        return {double(pixel.x - origin.x) / pixels_per_point,
                double(pixel.y - origin.y) / pixels_per_point};
    }
};

ImU32 to_u32(Rgb c, float alpha = 1.0f);

// The texture that shows a heatmap image (one without pixels: heatmap_frame); null: none.
using HeatmapTextureOf = std::function<ImTextureID(const ImageItem&)>;

void paint_display_list(ImDrawList* draw, const DisplayList& display, const ScreenPlacement& at,
                        const ImGuiTextMeasure& fonts, const HeatmapTextureOf& texture_of);

}  // namespace posviz::gui
