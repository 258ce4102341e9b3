#include "app/gui/plot/heatmap_mipmaps.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/cancellation.h"

namespace posviz::gui {

namespace {

// The rounded mean of four RGBA8 texels, byte by byte: (a + b + c + d + 2) / 4 in each byte, of
// `top` (two texels side by side, as read from memory) and `bottom` (the two under them). The
// bytes go into 16-bit lanes (even bytes, then odd ones; a lane's sum is at most 4·255 + 2, so
// it never carries into the next); the two texels of a row are added by folding the word's
// halves. Whole words and no branches, so that the compiler vectorises a row of these (the
// halving of a 2048² picture had been half a map's colouring time).
inline uint32_t mean_of_four(uint64_t top, uint64_t bottom) {
    constexpr uint64_t k_lanes = 0x00ff00ff00ff00ffull;
    constexpr uint32_t k_half = 0x00020002u, k_bytes = 0x00ff00ffu;
    const uint64_t even = (top & k_lanes) + (bottom & k_lanes);
    const uint64_t odd = ((top >> 8) & k_lanes) + ((bottom >> 8) & k_lanes);
    const uint32_t even_sum = uint32_t(even) + uint32_t(even >> 32);
    const uint32_t odd_sum = uint32_t(odd) + uint32_t(odd >> 32);
    return ((even_sum + k_half) >> 2 & k_bytes) | ((odd_sum + k_half) >> 2 & k_bytes) << 8;
}

// Texel (x, y) of the level below `above` (width × height) as the header says: the rounded mean
// of the texels it covers, one channel at a time.
void mean_of_block(const uint8_t* above, int width, int height, const MipLevel& level, int x, int y,
                   uint8_t* texel) {
    auto first = [](long i, long side, long half) { return int(i * side / half); };
    const int x0 = first(x, width, level.width), x1 = first(x + 1, width, level.width);
    const int y0 = first(y, height, level.height), y1 = first(y + 1, height, level.height);
    unsigned sum[4] = {0, 0, 0, 0};
    for (int sy = y0; sy < y1; ++sy)
        for (int sx = x0; sx < x1; ++sx)
            for (int c = 0; c < 4; ++c)
                sum[c] += above[(size_t(sy) * size_t(width) + size_t(sx)) * 4 + size_t(c)];
    const unsigned count = unsigned((y1 - y0) * (x1 - x0));
    for (int c = 0; c < 4; ++c) texel[c] = uint8_t((sum[c] + count / 2) / count);
}

MipLevel half_of(const uint8_t* above, int width, int height) {
    MipLevel level;
    level.width = std::max(1, width / 2);
    level.height = std::max(1, height / 2);
    level.rgba.resize(size_t(level.width) * size_t(level.height) * 4);
    // Side S halves to s = max(1, ⌊S/2⌋): for S ≥ 2 every texel but the last covers exactly two
    // of the level above (2x and 2x + 1), and the last two or, for odd S, three. So all texels but
    // those of the last column and row are means of four, taken a row at a time; the last column
    // and row (a sliver) go through mean_of_block.
    const int pairs_x = width >= 2 ? level.width - (width % 2) : 0;
    const int pairs_y = height >= 2 ? level.height - (height % 2) : 0;
    uint8_t* out = level.rgba.data();
    const CancellationCheck cancellation;
#pragma omp parallel for schedule(static) if (long(level.width) * level.height > (1L << 16))
    for (int y = 0; y < level.height; ++y) {
        if (cancellation.stop()) continue;
        uint8_t* row_out = out + size_t(y) * size_t(level.width) * 4;
        int x = 0;
        if (y < pairs_y) {
            const uint8_t* row0 = above + size_t(2 * y) * size_t(width) * 4;
            const uint8_t* row1 = row0 + size_t(width) * 4;
            for (; x < pairs_x; ++x) {
                uint64_t top, bottom;
                std::memcpy(&top, row0 + 8 * size_t(x), 8);
                std::memcpy(&bottom, row1 + 8 * size_t(x), 8);
                const uint32_t mean = mean_of_four(top, bottom);
                std::memcpy(row_out + 4 * size_t(x), &mean, 4);
            }
        }
        for (; x < level.width; ++x)
            mean_of_block(above, width, height, level, x, y, row_out + 4 * size_t(x));
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

int finest_level_needed(int texels_x, int texels_y, float shown_x, float shown_y) {
    if (!(shown_x > 0.0f) || !(shown_y > 0.0f)) return 0;
    const double ratio = std::min(texels_x / double(shown_x), texels_y / double(shown_y));
    return ratio < 2.0 ? 0 : int(std::floor(std::log2(ratio)));
}

}  // namespace posviz::gui
