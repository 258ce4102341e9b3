#include "app/gui/plot/imgui_painter.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "app/gui/plot/heatmap_texture.h"
#include "app/gui/plot/polyline_decimation.h"

namespace posviz::gui {

namespace {

ImU32 u32(const Paint& p) {
    return to_u32(p.colour, float(p.alpha));
}

ImU32 packed_u32(uint32_t rgb) {  // 0xffRRGGBB → ImGui's ABGR
    return IM_COL32((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff, 0xff);
}

// The "on" stretches of a dash pattern (on, off, … lengths in pixels) along a polyline.
std::vector<std::vector<ImVec2>> dashed(const std::vector<ImVec2>& line,
                                        const std::vector<float>& dashes) {
    std::vector<std::vector<ImVec2>> pieces;
    size_t dash = 0;
    float left = dashes[0];  // of the current dash or gap
    bool on = true;
    if (on && !line.empty()) pieces.push_back({line.front()});
    for (size_t i = 1; i < line.size(); ++i) {
        ImVec2 from = line[i - 1];
        const ImVec2 to = line[i];
        float length = std::hypot(to.x - from.x, to.y - from.y);
        while (length > left) {
            const float t = left / length;
            const ImVec2 cut(from.x + t * (to.x - from.x), from.y + t * (to.y - from.y));
            if (on) pieces.back().push_back(cut);
            on = !on;
            if (on) pieces.push_back({cut});
            length -= left;
            from = cut;
            dash = (dash + 1) % dashes.size();
            left = dashes[dash];
        }
        left -= length;
        if (on) pieces.back().push_back(to);
    }
    return pieces;
}

void stroke_points(ImDrawList* draw, const std::vector<ImVec2>& points, ImU32 colour, float width,
                   bool closed) {
    // In pieces that ImGui's 16-bit indices can hold, each starting where the last ended.
    for (size_t first = 0; first + 1 < points.size(); first += k_max_polyline_points - 1) {
        const size_t count = std::min(k_max_polyline_points, points.size() - first);
        draw->AddPolyline(
            points.data() + first, int(count), colour,
            closed && first == 0 && count == points.size() ? ImDrawFlags_Closed : ImDrawFlags_None,
            width);
    }
}

void paint(ImDrawList* draw, const ScreenPlacement& at, const BoxItem& b) {
    const ImRect r = at.pixels(b.box);
    if (b.fill) draw->AddRectFilled(r.Min, r.Max, u32(*b.fill));
    if (b.stroke)
        draw->AddRect(r.Min, r.Max, u32(*b.stroke), 0.0f, ImDrawFlags_None,
                      float(b.style.width) * at.pixels_per_point);
}

void paint(ImDrawList* draw, const ScreenPlacement& at, const PolylineItem& item) {
    const ImU32 colour = u32(item.paint);
    const float width = float(item.style.width) * at.pixels_per_point;
    std::vector<float> dashes;
    for (const double d : item.style.dashes) dashes.push_back(float(d) * at.pixels_per_point);
    const ImVec4 clip = draw->_ClipRectStack.back();
    for (const Polyline& line : item.lines) {
        std::vector<ImVec2> points;
        if (line.points.size() > 4 * size_t(clip.z - clip.x + 3)) {
            // More points than the box has pixel columns: the four per column that draw the
            // same pixels.
            PolylineDecimator thin(clip.x, clip.z);
            for (const Point& p : line.points) {
                const ImVec2 q = at.pixel(p);
                thin.add({q.x, q.y});
            }
            for (const PixelPoint& p : thin.finish()) points.emplace_back(p.x, p.y);
        } else {
            for (const Point& p : line.points) points.push_back(at.pixel(p));
        }
        if (item.filled) {
            draw->AddConvexPolyFilled(points.data(), int(points.size()), colour);
        } else if (dashes.empty() ||
                   std::all_of(dashes.begin(), dashes.end(), [](float d) { return d <= 0.0f; })) {
            stroke_points(draw, points, colour, width, line.closed);
        } else {
            if (line.closed && !points.empty()) points.push_back(points.front());
            for (const std::vector<ImVec2>& piece : dashed(points, dashes))
                stroke_points(draw, piece, colour, width, false);
        }
    }
}

void paint(ImDrawList* draw, const ScreenPlacement& at, const ArcItem& a) {
    // Swept as cairo sweeps: a1 brought past a0 in the arc's direction.
    double a1 = a.a1;
    if (a.negative)
        while (a1 > a.a0) a1 -= 2.0 * M_PI;
    else
        while (a1 < a.a0) a1 += 2.0 * M_PI;
    const float radius = float(a.radius) * at.pixels_per_point;
    const int segments = std::clamp(int(std::abs(a1 - a.a0) * radius / 3.0), 8, 512);
    draw->PathArcTo(at.pixel(a.centre), radius, float(a.a0), float(a1), segments);
    draw->PathStroke(u32(a.paint), ImDrawFlags_None, float(a.style.width) * at.pixels_per_point);
}

void paint(ImDrawList* draw, const ScreenPlacement& at, const MarkersItem& m) {
    const float radius = float(m.radius) * at.pixels_per_point;
    for (const Point& c : m.centres) draw->AddCircleFilled(at.pixel(c), radius, u32(m.paint));
}

void paint(ImDrawList* draw, const ScreenPlacement& at, const ImageItem& image,
           const HeatmapTextureOf& texture_of) {
    const ImRect r = at.pixels(image.target);
    if (image.kind == ImageItem::Kind::ColorbarRamp) {
        // One band a pixel row of the ramp, top row first.
        const float band = r.GetHeight() / float(std::max(1, image.rows));
        for (int row = 0; row < image.rows; ++row)
            draw->AddRectFilled(ImVec2(r.Min.x, r.Min.y + band * float(row)),
                                ImVec2(r.Max.x, r.Min.y + band * float(row + 1) + 0.5f),
                                packed_u32(image.pixels[size_t(row) * size_t(image.cols)]));
        return;
    }
    const ImTextureID texture = texture_of ? texture_of(image) : nullptr;
    if (!texture) return;
    // The texture's row 0 and column 0 go where the item's first row and column go.
    const ImVec2 from(image.flip_x ? r.Max.x : r.Min.x, image.flip_y ? r.Max.y : r.Min.y);
    const ImVec2 to(image.flip_x ? r.Min.x : r.Max.x, image.flip_y ? r.Min.y : r.Max.y);
    add_opaque_image(draw, texture, from, to);
}

void paint(ImDrawList* draw, const ScreenPlacement& at, const TextItem& t,
           const ImGuiTextMeasure& fonts) {
    ImFont* font = fonts.font(t.style);
    const float size = fonts.imgui_size(t.style.size);
    const float ascent = font->Ascent * size / font->FontSize;
    if (t.rotation == 0.0) {
        const ImVec2 o = at.pixel(t.origin);
        draw->AddText(font, size, ImVec2(o.x, o.y - ascent), u32(t.paint), t.text.c_str());
        return;
    }
    // Set level with the pivot at its place, then turned vertex by vertex about it. ImGui drops
    // glyphs outside the clip rectangle as it sets them, and the level text may stick out where
    // the turned text will not: set it unclipped, then clip the turned text as usual.
    const ImVec2 pivot = at.pixel(t.pivot);
    const ImVec4 clip = draw->_ClipRectStack.back();
    draw->PushClipRect(ImVec2(-1e6f, -1e6f), ImVec2(1e6f, 1e6f));
    const int first = draw->VtxBuffer.Size;
    draw->AddText(font, size,
                  ImVec2(pivot.x + float(t.origin.x) * at.pixels_per_point,
                         pivot.y + float(t.origin.y) * at.pixels_per_point - ascent),
                  u32(t.paint), t.text.c_str());
    // Counter-clockwise as seen, with y pointing down.
    const float c = float(std::cos(t.rotation)), s = float(std::sin(t.rotation));
    for (int i = first; i < draw->VtxBuffer.Size; ++i) {
        ImVec2& p = draw->VtxBuffer[i].pos;
        const float dx = p.x - pivot.x, dy = p.y - pivot.y;
        p = ImVec2(pivot.x + dx * c + dy * s, pivot.y - dx * s + dy * c);
    }
    draw->CmdBuffer.back().ClipRect = clip;
    draw->PopClipRect();
}

}  // namespace

ImU32 to_u32(Rgb c, float alpha) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(float(c.r), float(c.g), float(c.b), alpha));
}

void paint_display_list(ImDrawList* draw, const DisplayList& display, const ScreenPlacement& at,
                        const ImGuiTextMeasure& fonts, const HeatmapTextureOf& texture_of) {
    int clips = 0;
    for (const DisplayItem& item : display.items) {
        if (const auto* clip = std::get_if<ClipItem>(&item)) {
            const ImRect r = at.pixels(clip->box);
            draw->PushClipRect(r.Min, r.Max, true);
            ++clips;
        } else if (std::holds_alternative<UnclipItem>(item)) {
            if (clips > 0) {
                draw->PopClipRect();
                --clips;
            }
        } else if (const auto* text = std::get_if<TextItem>(&item)) {
            paint(draw, at, *text, fonts);
        } else if (const auto* image = std::get_if<ImageItem>(&item)) {
            paint(draw, at, *image, texture_of);
        } else {
            std::visit(
                [&](const auto& shape) {
                    using T = std::decay_t<decltype(shape)>;
                    if constexpr (!std::is_same_v<T, ClipItem> && !std::is_same_v<T, UnclipItem> &&
                                  !std::is_same_v<T, TextItem> && !std::is_same_v<T, ImageItem>)
                        paint(draw, at, shape);
                },
                item);
        }
    }
    for (; clips > 0; --clips) draw->PopClipRect();
}

}  // namespace posviz::gui
