#include "core/layout/heatmap_image.h"

#include <algorithm>
#include <cmath>

#include "core/figure/colormap.h"

namespace posviz {

namespace {

uint32_t pack(Rgb c) {
    auto byte = [](double v) { return uint32_t(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); };
    return 0xff000000u | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b);
}

constexpr int k_max_image_side = 32767;
int cells_per_pixel(int cells) {
    return (cells + k_max_image_side - 1) / k_max_image_side;
}

}  // namespace

ImageItem heatmap_frame(const Heatmap& heatmap, double left, double top, double right,
                        double bottom) {
    ImageItem image;
    image.kind = ImageItem::Kind::Heatmap;
    image.colormap = heatmap.colormap;
    image.norm = heatmap.norm;
    image.flip_x = right < left;
    image.flip_y = bottom < top;
    image.target = {std::min(left, right), std::min(top, bottom), std::abs(right - left),
                    std::abs(bottom - top)};
    return image;
}

ImageItem heatmap_image(const Heatmap& heatmap, const Theme& theme, double left, double top,
                        double right, double bottom) {
    ImageItem image = heatmap_frame(heatmap, left, top, right, bottom);
    const int rows = int(heatmap.values.rows()), cols = int(heatmap.values.cols());
    if (rows == 0 || cols == 0) return image;
    const Colormap& colormap = find_colormap(heatmap.colormap);
    const Range range = heatmap_range(heatmap);
    image.range = range;
    const Rgb masked = masked_colour(theme, colormap);
    auto colour = [&](int r, int c) {
        const double v = heatmap.values(r, c);
        return std::isfinite(v) ? colormap.at(colour_position(heatmap.norm, range, v)) : masked;
    };
    const int row_block = cells_per_pixel(rows), col_block = cells_per_pixel(cols);
    image.rows = (rows + row_block - 1) / row_block;
    image.cols = (cols + col_block - 1) / col_block;
    image.pixels.resize(size_t(image.rows) * size_t(image.cols));
    for (int ir = 0; ir < image.rows; ++ir)
        for (int ic = 0; ic < image.cols; ++ic) {
            Rgb sum;
            int count = 0;
            for (int r = ir * row_block; r < std::min(rows, (ir + 1) * row_block); ++r)
                for (int c = ic * col_block; c < std::min(cols, (ic + 1) * col_block);
                     ++c, ++count) {
                    const Rgb cell = colour(r, c);
                    sum = {sum.r + cell.r, sum.g + cell.g, sum.b + cell.b};
                }
            image.pixels[size_t(ir) * size_t(image.cols) + size_t(ic)] =
                pack({sum.r / count, sum.g / count, sum.b / count});
        }
    return image;
}

ImageItem colorbar_ramp(const Colorbar& colorbar, Rect bar) {
    ImageItem image;
    image.kind = ImageItem::Kind::ColorbarRamp;
    image.colormap = colorbar.colormap;
    image.range = colorbar.range;
    image.norm = colorbar.norm;
    image.cols = 1;
    image.rows = 256;
    const Colormap& colormap = find_colormap(colorbar.colormap);
    for (int r = 0; r < 256; ++r)
        image.pixels.push_back(pack(colormap.at(
            colorbar.constant ? colour_position(colorbar.norm, colorbar.range, *colorbar.constant)
                              : 1.0 - (r + 0.5) / 256.0)));
    image.target = bar;
    return image;
}

}  // namespace posviz
