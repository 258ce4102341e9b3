#include "app/render/png_density.h"

#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace posviz {

namespace {

constexpr size_t k_signature_size = 8;
constexpr size_t k_ihdr_chunk_size = 4 + 4 + 13 + 4;  // length, type, data, CRC

// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xedb88320 reflected, as in the specification's
// annex D), bit by bit: a pHYs chunk is 13 bytes.
uint32_t crc32(const std::string& bytes) {
    uint32_t crc = 0xffffffffu;
    for (unsigned char byte : bytes) {
        crc ^= byte;
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return crc ^ 0xffffffffu;
}

void append_big_endian(std::string& out, uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8) out += char((value >> shift) & 0xffu);
}

}  // namespace

std::string png_with_density(const std::string& png, int dpi) {
    if (png.size() < k_signature_size + k_ihdr_chunk_size ||
        png.compare(0, k_signature_size, "\x89PNG\r\n\x1a\n") != 0 ||
        png.compare(k_signature_size + 4, 4, "IHDR") != 0)
        throw std::logic_error("png_with_density: not a PNG starting with IHDR");
    const uint32_t per_metre = uint32_t(std::lround(dpi / 0.0254));
    std::string type_and_data = "pHYs";
    append_big_endian(type_and_data, per_metre);
    append_big_endian(type_and_data, per_metre);
    type_and_data += char(1);  // unit: the metre
    std::string chunk;
    append_big_endian(chunk, 9);
    chunk += type_and_data;
    append_big_endian(chunk, crc32(type_and_data));
    std::string out = png;
    out.insert(k_signature_size + k_ihdr_chunk_size, chunk);
    return out;
}

}  // namespace posviz
