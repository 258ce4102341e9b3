#include "app/gui/plot/heatmap_mipmaps.h"

#include <algorithm>

#include "core/cancellation.h"

namespace posviz::gui {

namespace {

MipLevel half_of(const uint8_t* above, int width, int height) {
    MipLevel level;
    level.width = std::max(1, width / 2);
    level.height = std::max(1, height / 2);
    level.rgba.resize(size_t(level.width) * size_t(level.height) * 4);
    auto first = [](long i, long side, long half) { return int(i * side / half); };
    uint8_t* out = level.rgba.data();
    const CancellationCheck cancellation;
#pragma omp parallel for schedule(static) if (long(level.width) * level.height > (1L << 16))
    for (int y = 0; y < level.height; ++y) {
        if (cancellation.stop()) continue;
        const int y0 = first(y, height, level.height), y1 = first(y + 1, height, level.height);
        if (width % 2 == 0 && y1 - y0 == 2) {
            // Two rows of even width: every texel is the mean of a 2×2 block, byte by byte (the
            // common case, and one the compiler vectorises: 2048² in a few ms).
            const uint8_t* row0 = above + size_t(y0) * size_t(width) * 4;
            const uint8_t* row1 = row0 + size_t(width) * 4;
            uint8_t* texel = out + size_t(y) * size_t(level.width) * 4;
            for (size_t i = 0; i < size_t(level.width) * 4; ++i) {
                const size_t left = (i / 4) * 8 + i % 4;
                texel[i] = uint8_t(
                    (unsigned(row0[left]) + row0[left + 4] + row1[left] + row1[left + 4] + 2) / 4);
            }
            continue;
        }
        for (int x = 0; x < level.width; ++x) {
            const int x0 = first(x, width, level.width), x1 = first(x + 1, width, level.width);
            unsigned sum[4] = {0, 0, 0, 0};
            for (int sy = y0; sy < y1; ++sy)
                for (int sx = x0; sx < x1; ++sx)
                    for (int c = 0; c < 4; ++c)
                        sum[c] += above[(size_t(sy) * size_t(width) + size_t(sx)) * 4 + size_t(c)];
            const unsigned count = unsigned((y1 - y0) * (x1 - x0));
            uint8_t* texel = out + (size_t(y) * size_t(level.width) + size_t(x)) * 4;
            for (int c = 0; c < 4; ++c) texel[c] = uint8_t((sum[c] + count / 2) / count);
        }
    }
    throw_if_cancelled();
    return level;
}

}  // namespace

std::vector<MipLevel> rgba_mip_levels(const std::vector<uint8_t>& rgba, int width, int height) {
    std::vector<MipLevel> levels;
    const uint8_t* above = rgba.data();
    while (width > 1 || height > 1) {
        levels.push_back(half_of(above, width, height));
        above = levels.back().rgba.data();
        width = levels.back().width;
        height = levels.back().height;
    }
    return levels;
}

}  // namespace posviz::gui
