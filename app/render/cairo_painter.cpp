#include "app/render/cairo_painter.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "app/render/cairo_handles.h"

namespace posviz {

namespace {

void set_paint(cairo_t* cr, const Paint& p) {
    cairo_set_source_rgba(cr, p.colour.r, p.colour.g, p.colour.b, p.alpha);
}

void set_stroke(cairo_t* cr, const StrokeStyle& s) {
    cairo_set_line_width(cr, s.width);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, s.cap == LineCap::Butt ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
    cairo_set_dash(cr, s.dashes.data(), int(s.dashes.size()), 0.0);
}

void paint(cairo_t* cr, const BoxItem& b) {
    cairo_rectangle(cr, b.box.x, b.box.y, b.box.w, b.box.h);
    if (b.fill) {
        set_paint(cr, *b.fill);
        if (b.stroke)
            cairo_fill_preserve(cr);
        else
            cairo_fill(cr);
    }
    if (b.stroke) {
        set_stroke(cr, b.style);
        set_paint(cr, *b.stroke);
        cairo_stroke(cr);
    }
}

void paint(cairo_t* cr, const PolylineItem& item) {
    set_paint(cr, item.paint);
    for (const Polyline& line : item.lines) {
        if (line.points.empty()) continue;
        cairo_move_to(cr, line.points.front().x, line.points.front().y);
        for (size_t i = 1; i < line.points.size(); ++i)
            cairo_line_to(cr, line.points[i].x, line.points[i].y);
        if (line.closed) cairo_close_path(cr);
    }
    if (item.filled) {
        cairo_fill(cr);
    } else {
        set_stroke(cr, item.style);
        cairo_stroke(cr);
    }
}

void paint(cairo_t* cr, const ArcItem& a) {
    set_paint(cr, a.paint);
    set_stroke(cr, a.style);
    cairo_new_sub_path(cr);
    if (a.negative)
        cairo_arc_negative(cr, a.centre.x, a.centre.y, a.radius, a.a0, a.a1);
    else
        cairo_arc(cr, a.centre.x, a.centre.y, a.radius, a.a0, a.a1);
    cairo_stroke(cr);
}

void paint(cairo_t* cr, const MarkersItem& m) {
    set_paint(cr, m.paint);
    for (const Point& c : m.centres) {
        cairo_new_sub_path(cr);
        cairo_arc(cr, c.x, c.y, m.radius, 0.0, 2 * M_PI);
    }
    cairo_fill(cr);
}

// Paints the image over its target. On vector surfaces (SVG, PDF) the image is embedded at its
// own resolution and marked to be scaled without interpolation (PDF /Interpolate false), so every
// cell stays a sharp block at any zoom. On raster surfaces cells larger than a device pixel are
// drawn as sharp blocks; smaller ones (a 4096² matrix in a 300-pixel box) are averaged instead of
// picking every n-th cell, which would alias.
void paint(cairo_t* cr, const ImageItem& item) {
    if (item.cols <= 0 || item.rows <= 0) return;
    CairoSurface image = image_surface(item, "make a heatmap's image");
    const Rect t = item.target;
    cairo_save(cr);
    cairo_translate(cr, item.flip_x ? t.x + t.w : t.x, item.flip_y ? t.y + t.h : t.y);
    cairo_scale(cr, item.flip_x ? -1.0 : 1.0, item.flip_y ? -1.0 : 1.0);
    cairo_rectangle(cr, 0.0, 0.0, t.w, t.h);
    cairo_clip(cr);
    cairo_scale(cr, t.w / item.cols, t.h / item.rows);
    double cell_w = 1.0, cell_h = 1.0;
    cairo_user_to_device_distance(cr, &cell_w, &cell_h);
    cairo_set_source_surface(cr, image.get(), 0.0, 0.0);
    const bool vector = cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE;
    const bool sharp = vector || (std::abs(cell_w) >= 1.0 && std::abs(cell_h) >= 1.0);
    cairo_pattern_set_filter(cairo_get_source(cr),
                             sharp ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD);
    // PAD keeps the edge cells from fading into transparency where a raster filter samples past
    // the border; a vector surface would pad the embedded image itself (cairo's PDF adds two
    // pixels a side), and nearest-neighbour scaling needs none.
    cairo_pattern_set_extend(cairo_get_source(cr), vector ? CAIRO_EXTEND_NONE : CAIRO_EXTEND_PAD);
    cairo_rectangle(cr, 0.0, 0.0, item.cols, item.rows);
    cairo_fill(cr);
    cairo_restore(cr);
}

void paint(cairo_t* cr, const TextItem& t) {
    set_paint(cr, t.paint);
    if (t.rotation == 0.0) {
        draw_text(cr, t.text, t.style, t.origin.x, t.origin.y);
        return;
    }
    cairo_save(cr);
    cairo_translate(cr, t.pivot.x, t.pivot.y);
    cairo_rotate(cr, -t.rotation);
    draw_text(cr, t.text, t.style, t.origin.x, t.origin.y);
    cairo_restore(cr);
}

}  // namespace

CairoSurface image_surface(const ImageItem& item, const char* step) {
    CairoSurface image(cairo_image_surface_create(CAIRO_FORMAT_RGB24, item.cols, item.rows));
    check_cairo(cairo_surface_status(image.get()), step);
    cairo_surface_flush(image.get());
    unsigned char* data = cairo_image_surface_get_data(image.get());
    const int stride = cairo_image_surface_get_stride(image.get());
    for (int r = 0; r < item.rows; ++r)
        std::memcpy(data + ptrdiff_t(r) * stride,
                    item.pixels.data() + size_t(r) * size_t(item.cols),
                    size_t(item.cols) * sizeof(uint32_t));
    cairo_surface_mark_dirty(image.get());
    return image;
}

void paint_display_list(cairo_t* cr, const DisplayList& display) {
    cairo_save(cr);
    if (display.background) {
        cairo_set_source_rgb(cr, display.background->r, display.background->g,
                             display.background->b);
        cairo_rectangle(cr, 0.0, 0.0, display.width, display.height);
        cairo_fill(cr);
    }
    int clips = 0;
    for (const DisplayItem& item : display.items) {
        if (const auto* clip = std::get_if<ClipItem>(&item)) {
            cairo_save(cr);
            cairo_rectangle(cr, clip->box.x, clip->box.y, clip->box.w, clip->box.h);
            cairo_clip(cr);
            ++clips;
        } else if (std::holds_alternative<UnclipItem>(item)) {
            if (clips > 0) {
                cairo_restore(cr);
                --clips;
            }
        } else if (const auto* text = std::get_if<TextItem>(&item)) {
            paint(cr, *text);
        } else {
            std::visit(
                [cr](const auto& shape) {
                    using T = std::decay_t<decltype(shape)>;
                    if constexpr (!std::is_same_v<T, ClipItem> && !std::is_same_v<T, UnclipItem> &&
                                  !std::is_same_v<T, TextItem>)
                        paint(cr, shape);
                },
                item);
        }
    }
    for (; clips > 0; --clips) cairo_restore(cr);
    cairo_restore(cr);
}

}  // namespace posviz
