#include "app/web/png_writer.h"

#include <algorithm>
#include <array>

namespace posviz::web {

namespace {

// CRC-32 of ISO 3309 / ITU-T V.42, polynomial 0xEDB88320 (reflected), as PNG's Annex D computes it.
uint32_t crc32(const std::string& bytes, size_t from) {
    static const std::array<uint32_t, 256> table = [] {
        std::array<uint32_t, 256> t{};
        for (uint32_t n = 0; n < 256; ++n) {
            uint32_t c = n;
            for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = from; i < bytes.size(); ++i)
        c = table[(c ^ uint8_t(bytes[i])) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

void put32(std::string& out, uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out += char((v >> shift) & 0xFF);
}

// length, type, data, CRC of type and data.
void chunk(std::string& out, const char* type, const std::string& data) {
    put32(out, uint32_t(data.size()));
    const size_t typed = out.size();
    out += type;
    out += data;
    put32(out, crc32(out, typed));
}

}  // namespace

std::string encode_png(int width, int height, const std::vector<uint8_t>& rgba) {
    // The scanlines, each led by filter type 0 (None).
    std::string raw;
    const size_t row = size_t(width) * 4;
    raw.reserve((row + 1) * size_t(height));
    for (int y = 0; y < height; ++y) {
        raw += '\0';
        raw.append(reinterpret_cast<const char*>(rgba.data()) + size_t(y) * row, row);
    }
    // zlib: CMF 0x78 (deflate, 32 KiB window), FLG 0x01 (so that CMF·256 + FLG is a multiple of
    // 31); stored blocks of at most 65535 bytes (BFINAL on the last, LEN and its complement,
    // little-endian); the Adler-32 of the raw data, big-endian.
    std::string z = "\x78\x01";
    size_t at = 0;
    do {
        const size_t n = std::min<size_t>(65535, raw.size() - at);
        z += char(at + n == raw.size() ? 1 : 0);
        z += char(n & 0xFF);
        z += char(n >> 8);
        z += char(~n & 0xFF);
        z += char((~n >> 8) & 0xFF);
        z.append(raw, at, n);
        at += n;
    } while (at < raw.size());
    uint32_t a = 1, b = 0;
    for (const char c : raw) {
        a = (a + uint8_t(c)) % 65521;
        b = (b + a) % 65521;
    }
    put32(z, b << 16 | a);

    std::string png = "\x89PNG\r\n\x1a\n";
    std::string header;
    put32(header, uint32_t(width));
    put32(header, uint32_t(height));
    header += "\x08\x06";            // 8 bits per sample, colour type 6 (RGBA)
    header += std::string(3, '\0');  // deflate, adaptive filtering, no interlace
    chunk(png, "IHDR", header);
    chunk(png, "IDAT", z);
    chunk(png, "IEND", "");
    return png;
}

}  // namespace posviz::web
