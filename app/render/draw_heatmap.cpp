#include "app/render/draw_heatmap.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "app/render/cairo_handles.h"
#include "core/figure/colormap.h"
#include "core/figure/ticks.h"

namespace posviz {

namespace {

uint32_t pack(Rgb c) {
    auto byte = [](double v) { return uint32_t(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); };
    return 0xff000000u | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b);
}

// Paints `image` (one pixel per cell) over `target`. On vector surfaces (SVG, PDF) the image is
// embedded at its own resolution and marked to be scaled without interpolation (PDF /Interpolate
// false; the SVG writer adds image-rendering: pixelated), so every cell stays a sharp block at any
// zoom. On raster surfaces cells larger than a device pixel are drawn as sharp blocks; smaller
// ones (a 4096² matrix in a 300-pixel box) are averaged instead of picking every n-th cell, which
// would alias.
void paint_cells(cairo_t* cr, cairo_surface_t* image, int cols, int rows, Rect target) {
    cairo_save(cr);
    cairo_rectangle(cr, target.x, target.y, target.w, target.h);
    cairo_clip(cr);
    cairo_translate(cr, target.x, target.y);
    cairo_scale(cr, target.w / cols, target.h / rows);
    double cell_w = 1.0, cell_h = 1.0;
    cairo_user_to_device_distance(cr, &cell_w, &cell_h);
    cairo_set_source_surface(cr, image, 0.0, 0.0);
    const bool vector = cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE;
    const bool sharp = vector || (std::abs(cell_w) >= 1.0 && std::abs(cell_h) >= 1.0);
    cairo_pattern_set_filter(cairo_get_source(cr),
                             sharp ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD);
    // PAD keeps the edge cells from fading into transparency where a raster filter samples past
    // the border; a vector surface would pad the embedded image itself (cairo's PDF adds two
    // pixels a side), and nearest-neighbour scaling needs none.
    cairo_pattern_set_extend(cairo_get_source(cr), vector ? CAIRO_EXTEND_NONE : CAIRO_EXTEND_PAD);
    cairo_rectangle(cr, 0.0, 0.0, cols, rows);
    cairo_fill(cr);
    cairo_restore(cr);
}

CairoSurface make_image(int cols, int rows) {
    CairoSurface image(cairo_image_surface_create(CAIRO_FORMAT_RGB24, cols, rows));
    check_cairo(cairo_surface_status(image.get()), "make a heatmap's image");
    cairo_surface_flush(image.get());
    return image;
}

// cairo's image surfaces stop at 32767 pixels a side. A heatmap with more cells along an axis
// (the PE matrix of L = 40000 positions) is drawn from blocks of that many cells averaged in
// colour, as the GOOD filter averages them anyway: no picture has that many pixels across a panel.
constexpr int k_max_image_side = 32767;
int cells_per_pixel(int cells) {
    return (cells + k_max_image_side - 1) / k_max_image_side;
}

uint32_t* image_row(cairo_surface_t* image, int row) {
    return reinterpret_cast<uint32_t*>(cairo_image_surface_get_data(image) +
                                       ptrdiff_t(row) * cairo_image_surface_get_stride(image));
}

}  // namespace

void draw_heatmap(const Painter& painter, const Heatmap& heatmap, const PanelLayout& layout) {
    const int rows = int(heatmap.values.rows()), cols = int(heatmap.values.cols());
    if (rows == 0 || cols == 0) return;
    const Colormap& colormap = find_colormap(heatmap.colormap);
    const Range range = heatmap_range(heatmap);
    auto colour = [&](int r, int c) {
        const double v = heatmap.values(r, c);
        return std::isfinite(v) ? colormap.at(colour_position(heatmap.norm, range, v))
                                : painter.theme.masked;
    };
    const int row_block = cells_per_pixel(rows), col_block = cells_per_pixel(cols);
    const int image_rows = (rows + row_block - 1) / row_block;
    const int image_cols = (cols + col_block - 1) / col_block;
    const CairoSurface image = make_image(image_cols, image_rows);
    for (int ir = 0; ir < image_rows; ++ir) {
        uint32_t* pixels = image_row(image.get(), ir);
        for (int ic = 0; ic < image_cols; ++ic) {
            Rgb sum;
            int count = 0;
            for (int r = ir * row_block; r < std::min(rows, (ir + 1) * row_block); ++r)
                for (int c = ic * col_block; c < std::min(cols, (ic + 1) * col_block);
                     ++c, ++count) {
                    const Rgb cell = colour(r, c);
                    sum = {sum.r + cell.r, sum.g + cell.g, sum.b + cell.b};
                }
            pixels[ic] = pack({sum.r / count, sum.g / count, sum.b / count});
        }
    }
    cairo_surface_mark_dirty(image.get());
    const double left = layout.x(heatmap.x0), right = layout.x(heatmap.x1);
    const double top = layout.y(heatmap.y0), bottom = layout.y(heatmap.y1);
    // Page rectangle of the image; flipped if an axis runs the other way.
    cairo_save(painter.cr);
    cairo_translate(painter.cr, left, top);
    cairo_scale(painter.cr, right > left ? 1.0 : -1.0, bottom > top ? 1.0 : -1.0);
    paint_cells(painter.cr, image.get(), image_cols, image_rows,
                {0.0, 0.0, std::abs(right - left), std::abs(bottom - top)});
    cairo_restore(painter.cr);
}

Ticks colorbar_ticks(const Theme& theme, const Colorbar& colorbar, double bar_height) {
    // The most ticks (at most 8) two lines of text apart, else one line apart (Noto Sans CJK's
    // line box, 1.45 em, the taller of the two fonts), so that labels never touch on a short
    // bar; where no two fit, one (0 where the range holds it). Every count is tried, as 1-2-5
    // steps can jump from five ticks on (−4, 4) to the lone 0. A log scale marks decades; a
    // power scale's ticks are as far apart as their closest pair along the bar.
    const double line = 1.45 * theme.tick_size;
    const Range range = colorbar.range;
    const bool log = colorbar.norm.kind == NormKind::Log;
    auto ticks = [&](int count) {
        return log ? log_ticks(range.min, range.max, count)
                   : linear_ticks(range.min, range.max, count);
    };
    auto closest = [&](const Ticks& t) {
        double gap = INFINITY;
        for (size_t i = 1; i < t.values.size(); ++i)
            gap = std::min(gap, colour_position(colorbar.norm, range, t.values[i]) -
                                    colour_position(colorbar.norm, range, t.values[i - 1]));
        return gap * bar_height;
    };
    Ticks single = ticks(1);
    for (const double gap : {2.0 * line, line})
        for (int count = 8; count >= 2; --count) {
            const Ticks t = ticks(count);
            if (t.values.size() == 1) single = t;
            if (t.values.size() >= 2 && closest(t) >= gap) return t;
        }
    return single;
}

Painter::Label colorbar_label(const Painter& painter, const Colorbar& colorbar, double bar_height) {
    // Below the bar, level with the x tick labels, lies nothing but the masked swatch, if any: the
    // label may reach down into that band, as the y label does (draw_colorbar then lowers it).
    const PanelMetrics m(painter.theme);
    const double band =
        colorbar.masked_label.empty()
            ? m.tick_length + m.pad +
                  painter.text_box("0", painter.text_style(painter.theme.tick_size)).h
            : 0.0;
    return painter.fit_label(colorbar.label, painter.theme.label_size, bar_height + band);
}

double colorbar_space(const Painter& painter, const Colorbar& colorbar, double bar_height) {
    const Theme& theme = painter.theme;
    const PanelMetrics m(theme);
    const TextStyle tick_style = painter.text_style(theme.tick_size);
    double labels = 0.0;
    for (const std::string& label : colorbar_ticks(theme, colorbar, bar_height).labels)
        labels = std::max(labels, measure_text(painter.cr, label, tick_style).width);
    double space = m.colorbar_gap + m.colorbar_width + m.tick_length + m.pad + labels + m.pad;
    // The label's lines, turned, stand side by side.
    const Painter::Label label = colorbar_label(painter, colorbar, bar_height);
    if (!label.text.empty())
        space += painter.text_box(label.text, painter.text_style(label.size)).h + m.pad;
    if (!colorbar.masked_label.empty()) {
        const double swatch = m.colorbar_gap + m.colorbar_width + m.pad +
                              measure_text(painter.cr, colorbar.masked_label, tick_style).width +
                              m.pad;
        space = std::max(space, swatch);
    }
    return space;
}

void draw_colorbar(const Painter& painter, const Colorbar& colorbar, Rect bar) {
    const Theme& theme = painter.theme;
    const PanelMetrics m(theme);
    const Colormap& colormap = find_colormap(colorbar.colormap);
    // 256 rows, the top one for the largest value.
    const CairoSurface image = make_image(1, 256);
    for (int r = 0; r < 256; ++r)
        image_row(image.get(), r)[0] = pack(colormap.at(1.0 - (r + 0.5) / 256.0));
    cairo_surface_mark_dirty(image.get());
    paint_cells(painter.cr, image.get(), 1, 256, bar);

    cairo_t* cr = painter.cr;
    cairo_set_line_width(cr, 0.8 * theme.line_scale);
    cairo_set_dash(cr, nullptr, 0, 0.0);
    painter.set_colour(theme.foreground);
    cairo_rectangle(cr, bar.x, bar.y, bar.w, bar.h);
    cairo_stroke(cr);
    const TextStyle tick_style = painter.text_style(theme.tick_size);
    const Range range = colorbar.range;
    const Ticks ticks = colorbar_ticks(theme, colorbar, bar.h);
    double label_right = bar.x + bar.w;
    for (size_t i = 0; i < ticks.values.size(); ++i) {
        const double y =
            bar.y + bar.h * (1.0 - colour_position(colorbar.norm, range, ticks.values[i]));
        cairo_move_to(cr, bar.x + bar.w, y);
        cairo_line_to(cr, bar.x + bar.w + m.tick_length, y);
        cairo_stroke(cr);
        const Rect r = painter.text(ticks.labels[i], tick_style,
                                    bar.x + bar.w + m.tick_length + m.pad, y, {0.0, 0.5});
        label_right = std::max(label_right, r.x + r.w);
    }
    const Painter::Label label = colorbar_label(painter, colorbar, bar.h);
    if (!label.text.empty()) {
        const TextStyle label_style = painter.text_style(label.size);
        const Rect r = painter.text_box(label.text, label_style);
        // Centred on the bar, or from its top down when longer (see colorbar_label).
        const double centre = r.w <= bar.h ? bar.y + 0.5 * bar.h : bar.y + 0.5 * r.w;
        painter.vertical_text(label.text, label_style, label_right + m.pad + 0.5 * r.h, centre);
    }
    if (!colorbar.masked_label.empty()) {
        // A swatch of the masked colour under the bar, level with the x tick labels.
        const double top = bar.y + bar.h + m.tick_length + m.pad;
        const double size = 0.9 * theme.tick_size;
        painter.set_colour(theme.masked);
        cairo_rectangle(cr, bar.x, top, bar.w, size);
        cairo_fill_preserve(cr);
        painter.set_colour(theme.foreground);
        cairo_stroke(cr);
        painter.text(colorbar.masked_label, tick_style, bar.x + bar.w + m.pad, top + 0.5 * size,
                     {0.0, 0.5});
    }
}

}  // namespace posviz
